import { createRequire } from 'node:module';
// Replaces the server's query handler and engine code: loaded before the server's router (below) takes its handlers.
import './cosmosQuery.ts';

/*
 * @vercel/cosmosdb-server runs a transactional batch's operations one after another and keeps those
 * before a failing one. Azure applies all or none, and the app relies on it (a record and its history
 * entry: functions/src/platform/history). This replaces the server's batch handler with one that undoes
 * what it applied when an operation fails, and answers as Cosmos does: 207 Multi-Status, the failing
 * operation's status, 424 Failed Dependency for every other. The server is single-threaded and the batch
 * runs without awaiting in between, so no other request sees its half.
 */

const require = createRequire(import.meta.url);

interface Items {
  delete(id: string, partition: unknown): void;
  _set(data: unknown): void;
}
interface Collection {
  read(): unknown;
  documents: Items;
  document(id: string, partition: unknown): { read(): Record<string, unknown> | undefined };
}
interface Account {
  database(id: string): { collection(id: string): Collection };
}
interface Operation {
  operationType?: string;
  id?: string;
  partitionKey?: string;
  resourceBody?: { id?: string };
  ifMatch?: string;
}
type Result = { statusCode: number; body?: { _etag?: string } };

const operations = require('@vercel/cosmosdb-server/lib/handler/_document-operations') as Record<string, (c: Collection, input: Operation) => Result>;
const readJson = require('@vercel/cosmosdb-server/lib/json').default as (req: unknown) => Promise<unknown>;
const { parsePartitionKey } = require('@vercel/cosmosdb-server/lib/utils/get-partition-from-header') as {
  parsePartitionKey: (header: string | undefined, id: string | undefined) => unknown;
};

/*
 * Cosmos's limits per request (learn.microsoft.com, 'Azure Cosmos DB service quotas'): a document and a
 * request at most 2 MB, a transactional batch at most 100 operations. The emulator has none of them, so a
 * write the app makes could pass locally and fail in Azure; here it fails as in Azure: a document or a
 * batch over 2 MB 413 RequestEntityTooLarge, a batch of more than 100 operations 400 (the JS SDK refuses
 * those before sending; another client would meet the service's answer).
 */
export const COSMOS_MAX_REQUEST_BYTES = 2 * 1024 * 1024;
export const COSMOS_MAX_BATCH_OPERATIONS = 100;
const tooLarge = () => ({ statusCode: 413, body: { code: 'RequestEntityTooLarge', message: 'Message: {"Errors":["Request size is too large"]}' } });
const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value ?? null));

// Every single-document write (create, upsert, replace; alone or in a batch) goes through these: the
// handlers look them up on this module's exports at each call.
for (const name of ['createOperation', 'upsertOperation', 'replaceOperation']) {
  const write = operations[name];
  operations[name] = (collection, input) =>
    bytesOf(input.resourceBody) > COSMOS_MAX_REQUEST_BYTES ? (tooLarge() as unknown as Result) : write(collection, input);
}

const handlers: Record<string, string> = {
  Create: 'createOperation',
  Upsert: 'upsertOperation',
  Read: 'readOperation',
  Delete: 'deleteOperation',
  Replace: 'replaceOperation',
};

async function atomicBatch(account: Account, req: unknown, res: { statusCode: number }, { dbId, collId }: { dbId: string; collId: string }) {
  const body = await readJson(req);
  const collection = account.database(dbId).collection(collId);
  if (!collection.read()) {
    res.statusCode = 404;
    return {};
  }
  if (!Array.isArray(body)) {
    res.statusCode = 400;
    return { message: 'Invalid request body' };
  }
  if (body.length > COSMOS_MAX_BATCH_OPERATIONS) {
    res.statusCode = 400;
    return { code: 'BadRequest', message: 'Message: {"Errors":["Batch request has more operations than what is supported."]}' };
  }
  if (bytesOf(body) > COSMOS_MAX_REQUEST_BYTES) {
    const refused = tooLarge();
    res.statusCode = refused.statusCode;
    return refused.body;
  }
  const inputs = body as Operation[];
  const unknownType = inputs.find((input) => !handlers[input?.operationType ?? '']);
  if (unknownType) {
    res.statusCode = 400;
    return { message: `Operation type '${unknownType?.operationType}' is not supported in Batch.` };
  }
  // What each operation's document was before the batch, to put back if one fails.
  const undo: (() => void)[] = [];
  const results: Result[] = [];
  for (const input of inputs) {
    const id = input.id ?? input.resourceBody?.id;
    const partition = id === undefined ? undefined : parsePartitionKey(input.partitionKey, id);
    const previous = id === undefined || input.operationType === 'Read' ? undefined : collection.document(id, partition).read();
    const result = operations[handlers[input.operationType!]](collection, input);
    results.push(result);
    if (result.statusCode >= 400) break;
    if (input.operationType === 'Read' || id === undefined) continue;
    undo.push(() => {
      if (collection.document(id, partition).read()) collection.documents.delete(id, partition);
      if (previous) collection.documents._set(previous);
    });
  }
  const failedAt = results.findIndex((r) => r.statusCode >= 400);
  if (failedAt >= 0) {
    for (const step of undo.reverse()) step();
    res.statusCode = 207;
    return inputs.map((_, i) => ({ statusCode: i === failedAt ? results[i].statusCode : 424, requestCharge: 0 }));
  }
  return results.map((r) => ({ statusCode: r.statusCode, requestCharge: 1, eTag: r.body?._etag, resourceBody: r.body }));
}

// The server's router reads the handler from this module's exports on every request. Loaded through the
// same require as the server itself, so both see one module (an ESM import may load another copy).
(require('@vercel/cosmosdb-server/lib/handler/batch-documents') as { default: unknown }).default = atomicBatch;

/** The emulator's server, with atomic transactional batches. */
export const createHttpServer = (require('@vercel/cosmosdb-server') as typeof import('@vercel/cosmosdb-server')).createHttpServer;
