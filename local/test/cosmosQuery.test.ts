import { CosmosClient, type Container } from '@azure/cosmos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CosmosEmulator, EMULATOR_KEY, startCosmos } from '../src/cosmos.ts';

// Cosmos answers a query over one partition from that partition: what it returns and what it costs do not
// depend on the other partitions. The emulator gave its query engine the whole container for every query
// (and ignored the SDK's partitionKey option, returning other partitions' documents), so a move's wave list
// slowed down with everything else in the data folder. Counted here without a clock: a user-defined
// function in the filter sees each document the engine looks at (the emulator runs it in this process).

const seen: string[] = [];
(globalThis as { cosmosQuerySeen?: string[] }).cosmosQuerySeen = seen;

let emulator: CosmosEmulator;
let items: Container;

beforeAll(async () => {
  emulator = await startCosmos({ port: 0 });
  const client = new CosmosClient({ endpoint: emulator.endpoint, key: EMULATOR_KEY, connectionPolicy: { enableEndpointDiscovery: false } });
  const { database } = await client.databases.createIfNotExists({ id: 'query' });
  items = (await database.containers.createIfNotExists({ id: 'items', partitionKey: { paths: ['/moveId'] } })).container;
  await items.scripts.userDefinedFunctions.create({
    id: 'seen',
    body: 'function (doc) { globalThis.cosmosQuerySeen.push(doc.id); return true; }',
  });
  // Three moves' documents (20, 18 and 20 of them, and one without a move), interleaved as they are written; then some replaced (moved to the end of the
  // server's order) and some deleted.
  for (let n = 0; n < 60; n++) {
    await items.items.create({ id: `d${String(n).padStart(2, '0')}`, moveId: `move-${n % 3}`, n: (n * 7) % 11, tags: [`t${n % 2}`, 'all'] });
  }
  for (const n of [4, 10, 31]) await items.items.upsert({ id: `d${String(n).padStart(2, '0')}`, moveId: `move-${n % 3}`, n: 100 + n, tags: [] });
  for (const n of [7, 13]) await items.item(`d${String(n).padStart(2, '0')}`, `move-${n % 3}`).delete();
  await items.items.create({ id: 'nokey', n: 5 });
});
afterAll(() => emulator?.stop());

const ids = (docs: { id: string }[]) => docs.map((d) => d.id);

async function pages(query: string, maxItemCount: number, options: { partitionKey?: string } = {}) {
  const iterator = items.items.query({ query, parameters: [{ name: '@m', value: 'move-1' }] }, { maxItemCount, ...options });
  const all: unknown[][] = [];
  while (iterator.hasMoreResults()) {
    const { resources } = await iterator.fetchNext();
    if (resources.length) all.push(resources);
  }
  return all;
}

describe('the local Cosmos emulator answers a query over one partition from that partition', () => {
  it("returns only the partition's documents for the SDK's partitionKey option", async () => {
    const { resources } = await items.items.query('SELECT c.id, c.moveId FROM c', { partitionKey: 'move-1' }).fetchAll();
    expect(resources.length).toBe(18);
    expect(new Set(resources.map((d) => d.moveId))).toEqual(new Set(['move-1']));
  });

  it("looks only at the partition's documents, once, for a query that filters on the partition key", async () => {
    seen.length = 0;
    const { resources } = await items.items
      .query({ query: 'SELECT * FROM c WHERE c.moveId = @m AND udf.seen(c)', parameters: [{ name: '@m', value: 'move-1' }] })
      .fetchAll();
    expect(resources.length).toBe(18);
    expect(seen.sort()).toEqual(ids(resources).sort());

    seen.length = 0;
    await items.items.query("SELECT VALUE COUNT(1) FROM c WHERE 'move-2' = c['moveId'] AND udf.seen(c)").fetchAll();
    expect(seen.length).toBe(20);

    seen.length = 0;
    await items.items.query('SELECT c.id FROM c WHERE udf.seen(c)', { partitionKey: 'move-0' }).fetchAll();
    expect(seen.length).toBe(20);
  });

  it('still looks at every document when the filter does not confine the query to one partition', async () => {
    seen.length = 0;
    await items.items.query("SELECT * FROM c WHERE (c.moveId = 'move-1' OR c.moveId = 'move-2') AND udf.seen(c)").fetchAll();
    expect(seen.length).toBe(59);
  });

  it('gives the same documents, order, pages and aggregates as the same filter over the whole container', async () => {
    // `OR c.moveId = 'none'` leaves the results alone but makes the emulator read the whole container.
    const whole = (where: string) => `${where.replace('c.moveId = @m', "(c.moveId = @m OR c.moveId = 'none')")}`;
    for (const query of [
      'SELECT * FROM c WHERE c.moveId = @m',
      'SELECT c.id, c.n FROM c WHERE c.moveId = @m ORDER BY c.n DESC',
      "SELECT c.id, t FROM c JOIN t IN c.tags WHERE c.moveId = @m AND t != 'all'",
      'SELECT TOP 5 c.id FROM c WHERE c.moveId = @m AND c.n > 3 ORDER BY c.id',
      'SELECT VALUE COUNT(1) FROM c WHERE c.moveId = @m',
      'SELECT VALUE SUM(c.n) FROM c WHERE c.moveId = @m',
    ]) {
      const scoped = await pages(query, 4);
      expect(scoped.flat().length, query).toBeGreaterThan(0);
      expect(scoped, query).toEqual(await pages(whole(query), 4));
    }
    const byHeader = await pages('SELECT * FROM c ORDER BY c.n', 3, { partitionKey: 'move-1' });
    expect(byHeader).toEqual(await pages('SELECT * FROM c WHERE c.moveId = @m ORDER BY c.n', 3));
    expect(byHeader.map((page) => page.length)).toEqual([3, 3, 3, 3, 3, 3]);
  });

  it('keeps a document without the partition key out of every partition', async () => {
    const { resources } = await items.items.query("SELECT c.id FROM c WHERE c.n = 5 AND c.moveId = 'move-1'").fetchAll();
    expect(ids(resources)).not.toContain('nokey');
    const all = await items.items.query('SELECT c.id FROM c WHERE c.n = 5').fetchAll();
    expect(ids(all.resources)).toContain('nokey');
  });
});
