import { CosmosClient } from '@azure/cosmos';
import { createHttpServer } from '@vercel/cosmosdb-server';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/** The emulator accepts any key; this is the Cosmos emulator's well-known public key. */
export const EMULATOR_KEY = 'C2y6yDjf5/R+ob0N8A7Cgv30VRDJIWEHLM+4QDU5DE2nQ9nDuVTqobD4b8mGGyPMbIZnqyMsEcaGQy67XpqWeNJw==';

interface Snapshot {
  [database: string]: { [container: string]: { partitionKey: string; items: Record<string, unknown>[] } };
}

export interface CosmosEmulator {
  endpoint: string;
  key: string;
  /** Writes the snapshot now (also done shortly after every write and on stop). */
  save(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * @vercel/cosmosdb-server speaks the Cosmos wire protocol but keeps data in memory. This wrapper
 * restores a JSON snapshot on start and writes one shortly after writes, so a restart loses nothing.
 */
export async function startCosmos(options: { port: number; dataDir?: string }): Promise<CosmosEmulator> {
  const server = createHttpServer({ keepAlive: true } as never);
  let dirty = false;
  server.prependListener('request', (req) => {
    const isQuery = req.headers['x-ms-documentdb-isquery'] === 'true' || req.headers['x-ms-documentdb-query'] !== undefined;
    if (req.method !== 'GET' && req.method !== 'HEAD' && !isQuery) dirty = true;
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new CosmosClient({ endpoint, key: EMULATOR_KEY, connectionPolicy: { enableEndpointDiscovery: false } });
  const file = options.dataDir ? join(options.dataDir, 'cosmos.json') : undefined;

  if (file && existsSync(file)) await restore(client, JSON.parse(readFileSync(file, 'utf8')) as Snapshot);
  dirty = false;

  async function save() {
    if (!file) return;
    dirty = false;
    const snapshot = await takeSnapshot(client);
    writeFileSync(`${file}.tmp`, JSON.stringify(snapshot));
    renameSync(`${file}.tmp`, file);
  }
  let saving = Promise.resolve();
  const timer = setInterval(() => {
    if (dirty) saving = saving.then(save).catch((error) => console.error('cosmos snapshot failed', error));
  }, 1000);

  return {
    endpoint,
    key: EMULATOR_KEY,
    save,
    async stop() {
      clearInterval(timer);
      await saving;
      if (dirty) await save();
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function takeSnapshot(client: CosmosClient): Promise<Snapshot> {
  const snapshot: Snapshot = {};
  const { resources: databases } = await client.databases.readAll().fetchAll();
  for (const db of databases) {
    snapshot[db.id] = {};
    const { resources: containers } = await client.database(db.id).containers.readAll().fetchAll();
    for (const c of containers) {
      const { resources: items } = await client.database(db.id).container(c.id).items.readAll().fetchAll();
      const clean = items.map(({ _rid, _self, _etag, _ts, _attachments, ...rest }: Record<string, unknown>) => rest);
      snapshot[db.id][c.id] = { partitionKey: c.partitionKey?.paths?.[0] ?? '/id', items: clean };
    }
  }
  return snapshot;
}

async function restore(client: CosmosClient, snapshot: Snapshot): Promise<void> {
  for (const [dbId, containers] of Object.entries(snapshot)) {
    const { database } = await client.databases.createIfNotExists({ id: dbId });
    for (const [containerId, { partitionKey, items }] of Object.entries(containers)) {
      const { container } = await database.containers.createIfNotExists({ id: containerId, partitionKey: { paths: [partitionKey] } });
      for (const item of items) await container.items.upsert(item);
    }
  }
}
