import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CosmosClient } from '@azure/cosmos';
import { afterAll, describe, expect, it } from 'vitest';
import { EMULATOR_KEY, startCosmos } from '../src/cosmos.ts';

// Cosmos applies a transactional batch whole or not at all; the emulator used to keep the operations
// before a failing one. History relies on it (a record and its entry), so the emulator must not be kinder.

const dir = mkdtempSync(join(tmpdir(), 'cosmos-batch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function containerOf(emulator: { endpoint: string }) {
  const client = new CosmosClient({ endpoint: emulator.endpoint, key: EMULATOR_KEY, connectionPolicy: { enableEndpointDiscovery: false } });
  const { database } = await client.databases.createIfNotExists({ id: 'batch' });
  return (await database.containers.createIfNotExists({ id: 'items', partitionKey: { paths: ['/p'] } })).container;
}

describe('the local Cosmos emulator runs a transactional batch as Cosmos does', () => {
  it('applies nothing when one operation fails, answers 207 with the failing status and 424 for the others, and journals nothing of it', async () => {
    const emulator = await startCosmos({ port: 0, dataDir: dir });
    const items = await containerOf(emulator);
    const { resource: record } = await items.items.create({ id: 'record', p: 'one', value: 1 });
    await items.items.create({ id: 'gone', p: 'one' });

    const failed = await items.items.batch(
      [
        { operationType: 'Create', partitionKey: 'one', resourceBody: { id: 'entry', p: 'one' } },
        { operationType: 'Delete', partitionKey: 'one', id: 'gone' },
        { operationType: 'Replace', partitionKey: 'one', id: 'record', resourceBody: { id: 'record', p: 'one', value: 2 }, ifMatch: '"stale"' },
      ],
      'one',
    );
    expect(failed.code).toBe(207);
    expect(failed.result?.map((r) => r.statusCode)).toEqual([424, 424, 412]);
    const after = (await items.items.readAll().fetchAll()).resources.map((d) => ({ id: d.id, value: d.value, etag: d._etag }));
    expect(after.sort((a, b) => String(a.id).localeCompare(String(b.id)))).toEqual([
      { id: 'gone', value: undefined, etag: expect.any(String) },
      { id: 'record', value: 1, etag: record!._etag },
    ]);

    const done = await items.items.batch(
      [
        { operationType: 'Replace', partitionKey: 'one', id: 'record', resourceBody: { id: 'record', p: 'one', value: 3 }, ifMatch: record!._etag },
        { operationType: 'Create', partitionKey: 'one', resourceBody: { id: 'entry', p: 'one' } },
      ],
      'one',
    );
    expect(done.result?.map((r) => r.statusCode)).toEqual([200, 201]);

    // After a restart from the journal: the successful batch is there, the failed one is not.
    await emulator.stop();
    const again = await startCosmos({ port: 0, dataDir: dir });
    const stored = (await (await containerOf(again)).items.readAll().fetchAll()).resources.map((d) => [d.id, d.value]);
    expect(stored.sort()).toEqual([
      ['entry', undefined],
      ['gone', undefined],
      ['record', 3],
    ]);
    await again.stop();
  });
});
