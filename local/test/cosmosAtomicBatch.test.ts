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

describe("the local Cosmos emulator keeps Cosmos's size limits", () => {
  // Cosmos takes at most 2 MB in one request and in one document, and 100 operations in one batch; the app
  // must meet them locally, or a write that works here fails in Azure.
  const MB2 = 2 * 1024 * 1024;
  const text = (bytes: number) => 'x'.repeat(bytes);

  it('refuses a batch over 2 MB with 413 (Request size is too large) and applies none of it', async () => {
    const emulator = await startCosmos({ port: 0, dataDir: mkdtempSync(join(dir, 'limits-')) });
    try {
      const items = await containerOf(emulator);
      const tooBig = await items.items
        .batch(
          [
            { operationType: 'Create', partitionKey: 'one', resourceBody: { id: 'a', p: 'one', text: text(1_100_000) } },
            { operationType: 'Create', partitionKey: 'one', resourceBody: { id: 'b', p: 'one', text: text(1_100_000) } },
          ],
          'one',
        )
        .then(
          (response) => ({ code: response.code, body: undefined as unknown }),
          // The SDK wraps the service's answer: the status is its cause's.
          (error: { cause?: { code?: number; body?: unknown } }) => ({ code: error.cause?.code, body: error.cause?.body }),
        );
      expect(tooBig.code).toBe(413);
      expect(JSON.stringify(tooBig.body)).toContain('Request size is too large');
      expect((await items.items.readAll().fetchAll()).resources).toEqual([]);

      const fits = await items.items.batch(
        [
          { operationType: 'Create', partitionKey: 'one', resourceBody: { id: 'a', p: 'one', text: text(900_000) } },
          { operationType: 'Create', partitionKey: 'one', resourceBody: { id: 'b', p: 'one', text: text(900_000) } },
        ],
        'one',
      );
      expect(fits.result?.map((r) => r.statusCode)).toEqual([201, 201]);
    } finally {
      await emulator.stop();
    }
  });

  it('refuses a document over 2 MB with 413 (create, upsert, replace)', async () => {
    const emulator = await startCosmos({ port: 0, dataDir: mkdtempSync(join(dir, 'limits-')) });
    try {
      const items = await containerOf(emulator);
      const big = { id: 'big', p: 'one', text: text(MB2) };
      await expect(items.items.create(big)).rejects.toMatchObject({ code: 413 });
      await expect(items.items.upsert(big)).rejects.toMatchObject({ code: 413 });
      await items.items.create({ id: 'big', p: 'one' });
      await expect(items.item('big', 'one').replace(big)).rejects.toMatchObject({ code: 413 });
      expect((await items.item('big', 'one').read()).resource?.text).toBeUndefined();
    } finally {
      await emulator.stop();
    }
  });

  it('refuses a batch of more than 100 operations as Cosmos does (400), applying none', async () => {
    const emulator = await startCosmos({ port: 0, dataDir: mkdtempSync(join(dir, 'limits-')) });
    try {
      const items = await containerOf(emulator);
      // The SDK itself refuses a batch of 101 before sending it, so this asks the emulator as another client would.
      const operations = Array.from({ length: 101 }, (_, i) => ({ operationType: 'Create', resourceBody: { id: `n${i}`, p: 'one' } }));
      const response = await fetch(`${emulator.endpoint}/dbs/batch/colls/items/docs`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-ms-cosmos-is-batch-request': 'true',
          'x-ms-cosmos-batch-atomic': 'true',
          'x-ms-documentdb-partitionkey': '["one"]',
        },
        body: JSON.stringify(operations),
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('Batch request has more operations than what is supported');
      expect((await items.items.readAll().fetchAll()).resources).toEqual([]);
    } finally {
      await emulator.stop();
    }
  });
});
