import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CosmosClient } from '@azure/cosmos';
import { createHttpServer } from './cosmosAtomicBatch.ts';
import { changeOf, DurableStore, entriesOf, type StoreState } from './cosmosJournal.ts';

/** The emulator accepts any key; this is the Cosmos emulator's well-known public key. */
export const EMULATOR_KEY = 'C2y6yDjf5/R+ob0N8A7Cgv30VRDJIWEHLM+4QDU5DE2nQ9nDuVTqobD4b8mGGyPMbIZnqyMsEcaGQy67XpqWeNJw==';

export interface CosmosEmulator {
  endpoint: string;
  key: string;
  /** Writes a new snapshot now and starts a new journal (also done when the journal grows large, and on stop). */
  save(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * @vercel/cosmosdb-server speaks the Cosmos wire protocol but keeps data in memory. With a data dir,
 * this wrapper makes it durable: every change the server makes is appended to a journal and flushed
 * to disk before the server's answer leaves, and a start restores the snapshot and replays the
 * journal (`cosmosJournal.ts`). So a write that was answered survives any end of the process.
 */
export async function startCosmos(options: { port: number; dataDir?: string; snapshotAfterBytes?: number }): Promise<CosmosEmulator> {
  const server = createHttpServer({ keepAlive: true } as never);
  // Node closes an idle kept-alive socket after 5 s; a client reusing it just then gets ECONNRESET (seen under
  // load, mid-bench). Cosmos keeps its connections; so does the stand-in, until it stops (closeAllConnections).
  server.keepAliveTimeout = 120_000;
  const store = options.dataDir ? new DurableStore(options.dataDir) : undefined;
  const snapshotAfterBytes = options.snapshotAfterBytes ?? 8 * 1024 * 1024;
  let recording = false;
  let snapshotScheduled = false;
  const snapshotSoon = () => {
    if (snapshotScheduled) return;
    snapshotScheduled = true;
    setImmediate(() => {
      snapshotScheduled = false;
      try {
        if (recording) store?.snapshot();
      } catch (error) {
        // The journal still holds every change; the next snapshot (on stop at the latest) tries again.
        console.error('local Cosmos: the snapshot could not be written', error);
      }
    });
  };

  // Runs before the server's own handler. The server changes its data and answers in one go (no I/O
  // in between), so answers are journaled in the order the changes were made.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!store || !recording) return;
    const change = changeOf(req.method, req.url, req.headers);
    if (!change) return;
    const requestChunks: Buffer[] = [];
    if (change.kind === 'batch') req.on('data', (chunk: Buffer) => requestChunks.push(chunk));
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (res.statusCode >= 200 && res.statusCode < 300 && recording) {
        try {
          store.record(entriesOf(change, String(chunk ?? ''), Buffer.concat(requestChunks).toString()));
          if (store.journalBytes > snapshotAfterBytes) snapshotSoon();
        } catch (error) {
          // Not on disk, so not acknowledged.
          console.error('local Cosmos: a change could not be written to the journal', error);
          res.statusCode = 500;
          res.removeHeader('etag');
          chunk = JSON.stringify({ code: 'InternalServerError', message: `the local Cosmos journal could not be written: ${(error as Error).message}` });
        }
      }
      return end(chunk, ...rest);
    }) as ServerResponse['end'];
  });

  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new CosmosClient({ endpoint, key: EMULATOR_KEY, connectionPolicy: { enableEndpointDiscovery: false } });

  if (store) {
    await restore(client, store.state);
    store.snapshot();
    recording = true;
  }

  let stopped: Promise<void> | undefined;
  return {
    endpoint,
    key: EMULATOR_KEY,
    async save() {
      if (recording) store?.snapshot();
    },
    stop() {
      stopped ??= (async () => {
        server.closeAllConnections?.();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        if (store && recording) {
          recording = false;
          store.snapshot();
          store.close();
        }
      })();
      return stopped;
    },
  };
}

async function restore(client: CosmosClient, state: StoreState): Promise<void> {
  for (const [dbId, containers] of state) {
    const { database } = await client.databases.createIfNotExists({ id: dbId });
    for (const [containerId, { partitionKey, uniqueKeyPolicy, items }] of containers) {
      const { container } = await database.containers.createIfNotExists({
        id: containerId,
        partitionKey: { paths: [partitionKey] },
        ...(uniqueKeyPolicy ? { uniqueKeyPolicy: uniqueKeyPolicy as never } : {}),
      });
      for (const item of items.values()) await container.items.upsert(item);
    }
  }
}
