import type { JSONObject, OperationInput } from '@azure/cosmos';
import type { HistoryAction, HistoryChange, HistoryKind } from '@movers/contracts';
import { randomUUID } from 'node:crypto';
import { container, fromStored, readDoc, statusOf } from '../cosmos/client.ts';
import { type ContainerKey, containers } from '../cosmos/containers.ts';
import { conflict, HttpError, notFound, payloadTooLarge, preconditionFailed } from '../http/errors.ts';
import { anyVersion } from '../http/ifMatch.ts';
import { currentActor } from './actor.ts';
import { changesBetween } from './changes.ts';
import { retentionSeconds } from './retention.ts';

/** Where a record lives and what history calls it. */
export interface HistoryTarget {
  container: ContainerKey;
  /** The record's partition key value (the client's or the move's id). */
  partitionKey: string;
  kind: HistoryKind;
  /** The move the record belongs to: its entries are in the move's recent changes. */
  moveId?: string | null;
  /** What the record is called (a person's name), for lists of many records' entries. */
  title?: string | null;
  /** The things (error messages) call it: 'person', 'FAQ question'. */
  what: string;
}

/** A history entry as stored, beside its record. */
export interface HistoryDoc {
  id: string;
  type: 'history';
  kind: HistoryKind;
  recordId: string;
  moveId: string | null;
  title: string | null;
  /** `at` and the id: sorts entries newest first with one index (no composite index needed). */
  seq: string;
  at: string;
  by: { id: string; name: string };
  action: HistoryAction;
  route: string;
  changes: HistoryChange[];
  /** A delete's last state, whole, to bring the record back. */
  state?: Record<string, unknown>;
  ttl: number;
  [partition: string]: unknown;
}

type Doc = { id: string };
type Stored<T> = T & { etag?: string };

const partitionFieldOf = (key: ContainerKey) => containers[key].partitionKey.slice(1);
const withoutEtag = <T extends object>(doc: T) => {
  const { etag: _etag, ...rest } = doc as T & { etag?: string };
  return rest;
};

/** Tries of a write that takes whatever is there ('*' or no If-Match) while others write the same record. */
const MAX_ATTEMPTS = 60;

/**
 * The most Cosmos DB takes in one request, and in one document: 2 MB. A record and its entry go in one
 * batch, and the entry keeps each changed field whole, before and after: a large record changed in full
 * (a page's translations) is over it. Measured as the request's JSON, less a little for what the SDK adds.
 */
const COSMOS_MAX_REQUEST_BYTES = 2 * 1024 * 1024;
const WRITE_MAX_BYTES = COSMOS_MAX_REQUEST_BYTES - 8 * 1024;
const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
const tooLargeWithHistory = (what: string) =>
  payloadTooLarge(
    `this ${what} is too large to save with its history: the ${what} and its change, before and after, must fit in 2 MB, the most Cosmos DB writes at once; make it smaller or change less at once`,
  );

/** Entries newer than the retention, for records that keep their history in themselves (a client). */
const EMBEDDED_MAX = 500;

/**
 * One write of a record together with its history entry, in one transactional batch in the record's
 * partition: Cosmos applies both or neither, so an acknowledged write has its entry and a failed one has
 * none (the local emulator is made atomic the same way: local/src/cosmos.ts). A container partitioned by
 * the record's own id (clients) has no room for a second document in the partition: there the entries are
 * kept in the record itself, which is one write too.
 *
 * `before` absent: a create. `after` absent: a delete. `ifMatch` is the caller's ETag; without one (or
 * `*`) the write is conditional on the state just read, so the entry's 'before' is exactly what it replaced.
 */
export async function recordedWrite<T extends Doc>(
  target: HistoryTarget,
  write: { before?: Stored<T>; after?: T; ifMatch?: string; action?: 'restore' },
): Promise<Stored<T> | undefined> {
  const callerEtag = write.ifMatch && !anyVersion(write.ifMatch) ? write.ifMatch : undefined;
  for (let attempt = 0; ; attempt++) {
    let before = write.before;
    if (!callerEtag && write.before && attempt > 0)
      before = (await readDoc<T>(container(target.container), write.before.id, target.partitionKey)) as Stored<T> | undefined;
    if (!callerEtag && write.before && !before && write.after) throw notFound(`${target.what} not found`);
    try {
      return await writeOnce(target, before, write.after, callerEtag ?? before?.etag, write.action);
    } catch (error) {
      // Another write came between the read and this one: read again and record against what is there now
      // (after a short random pause, so that writers of one record at once do not keep colliding).
      if (!callerEtag && write.before && error instanceof HttpError && error.status === 412 && attempt < MAX_ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(5 + attempt * 5, 100)));
        continue;
      }
      throw error;
    }
  }
}

async function writeOnce<T extends Doc>(
  target: HistoryTarget,
  before: Stored<T> | undefined,
  after: T | undefined,
  etag: string | undefined,
  restore: 'restore' | undefined,
): Promise<Stored<T> | undefined> {
  const c = container(target.container);
  const recordId = (after ?? before)!.id;
  const action: HistoryAction = restore ?? (!before ? 'create' : !after ? 'delete' : 'update');
  const changes = changesBetween(before ? withoutEtag(before) : undefined, after);
  const entry = newEntry(
    target,
    recordId,
    action,
    changes,
    action === 'delete' && before ? (withoutEtag(before) as unknown as Record<string, unknown>) : undefined,
  );
  const record = after ? (withoutEtag(after) as Doc) : undefined;

  if (partitionFieldOf(target.container) === 'id') return embedded(target, before, record as T | undefined, etag, entry);

  const ifMatch = etag ? { ifMatch: etag } : {};
  const recordOperation: OperationInput = !before
    ? { operationType: 'Create', partitionKey: target.partitionKey, resourceBody: record as unknown as JSONObject }
    : !after
      ? { operationType: 'Delete', partitionKey: target.partitionKey, id: recordId, ...ifMatch }
      : { operationType: 'Replace', partitionKey: target.partitionKey, id: recordId, resourceBody: record as unknown as JSONObject, ...ifMatch };
  // A write that changes no field is no change to record.
  const operations: OperationInput[] =
    action === 'update' && changes.length === 0
      ? [recordOperation]
      : [recordOperation, { operationType: 'Create', partitionKey: target.partitionKey, resourceBody: entry as unknown as JSONObject }];
  // Refused before Cosmos refuses it (413), so the caller learns why rather than a 500.
  if (bytesOf(operations) > WRITE_MAX_BYTES) throw tooLargeWithHistory(target.what);
  const response = await c.items
    .batch(operations, target.partitionKey)
    .catch((error: unknown) => failed(statusOf((error as { cause?: unknown }).cause ?? error) ?? 500, target.what, error));
  const results = response.result ?? [];
  const failure =
    results.find((r) => r.statusCode >= 400 && r.statusCode !== 424) ?? (response.code && response.code >= 400 ? { statusCode: response.code } : undefined);
  if (failure) failed(failure.statusCode, target.what);
  const body = results[0]?.resourceBody;
  return body ? (fromStored<T>(body) as Stored<T>) : undefined;
}

/** An entry of the current actor's change of a record. */
function newEntry(target: HistoryTarget, recordId: string, action: HistoryAction, changes: HistoryChange[], state?: Record<string, unknown>): HistoryDoc {
  const actor = currentActor();
  const at = new Date().toISOString();
  const entryId = `history-${randomUUID()}`;
  return {
    // The partition first: where it is the id (a client keeps its entries in itself), the entry's own id wins.
    [partitionFieldOf(target.container)]: target.partitionKey,
    id: entryId,
    type: 'history',
    kind: target.kind,
    recordId,
    moveId: target.moveId ?? null,
    title: target.title ?? null,
    seq: `${at}~${entryId}`,
    at,
    by: actor.by,
    action,
    route: actor.route,
    changes,
    ...(state ? { state } : {}),
    ttl: retentionSeconds(),
  };
}

/**
 * An entry alone, for a change of what is kept outside Cosmos (a move's images, in Blob Storage): written
 * once that change has succeeded, so no entry names a change that failed. The two stores share no batch:
 * should this write fail after the image's, the image has changed without its entry (the caller is told).
 */
export async function recordEntry(target: HistoryTarget, recordId: string, changes: HistoryChange[]): Promise<void> {
  if (changes.length === 0) return;
  await container(target.container).items.create(newEntry(target, recordId, 'update', changes));
}

function failed(status: number, what: string, cause?: unknown): never {
  if (status === 412) throw preconditionFailed();
  if (status === 413) throw tooLargeWithHistory(what);
  if (status === 404) throw notFound(`${what} not found`);
  if (status === 409) throw conflict(`${what} already exists`);
  throw cause ?? new Error(`the write of a ${what} with its history failed (${status})`);
}

/** A record partitioned by its own id keeps its entries in itself (newest last), trimmed by age and count. */
async function embedded<T extends Doc>(
  target: HistoryTarget,
  before: Stored<T> | undefined,
  after: T | undefined,
  etag: string | undefined,
  entry: HistoryDoc,
) {
  const c = container(target.container);
  if (!after) {
    // Deleting the record deletes its history with it (issue 37: a deleted client's history goes too).
    await c
      .item(before!.id, target.partitionKey)
      .delete(etag ? { accessCondition: { type: 'IfMatch', condition: etag } } : {})
      .catch((error: unknown) => failed(statusOf(error) ?? 500, target.what, error));
    return undefined;
  }
  const { id: _i, type: _t, ttl: _ttl, state: _s, [partitionFieldOf(target.container)]: _p, ...kept } = entry;
  const oldest = new Date(Date.now() - entry.ttl * 1000).toISOString();
  const earlier = ((before as { history?: { at: string }[] } | undefined)?.history ?? []).filter((e) => e.at >= oldest);
  const history = entry.action === 'update' && entry.changes.length === 0 ? earlier : [...earlier, { ...kept, id: entry.id }].slice(-EMBEDDED_MAX);
  // The document holds its history: past 2 MB, the oldest entries go first (the newest, this change, stays).
  let size = bytesOf({ ...after, history: [] }) + history.reduce((sum, e) => sum + bytesOf(e) + 1, 0);
  while (history.length > 1 && size > WRITE_MAX_BYTES) size -= bytesOf(history.shift()) + 1;
  const doc = { ...after, history };
  if (bytesOf(doc) > WRITE_MAX_BYTES) throw tooLargeWithHistory(target.what);
  try {
    const { resource } = before
      ? await c.item(before.id, target.partitionKey).replace(doc, etag ? { accessCondition: { type: 'IfMatch', condition: etag } } : {})
      : await c.items.create(doc);
    const { history: _h, ...record } = fromStored<T & { history?: unknown }>(resource!);
    return record as unknown as Stored<T>;
  } catch (error) {
    return failed(statusOf(error) ?? 500, target.what, error);
  }
}

/** The most operations Cosmos DB takes in one transactional batch. */
const BATCH_MAX_OPERATIONS = 100;
/** Batches of one change sent at once: more only queue up at the partition. */
const BATCHES_AT_ONCE = 4;

/**
 * Many records of one partition changed by one action (a thousand people put in a wave), each with its
 * history entry: transactional batches of at most 100 operations, a record and its entry always in the
 * same batch, so each record is written with its entry or not at all. Each record is replaced while it
 * has the ETag it was read with; a batch that meets a record changed since (412) reads its records again
 * and applies `edit` to what is there now. `edit` answers the record's next state, or null when it needs
 * no change. Returns how many records changed.
 */
export async function recordedEdits<T extends Doc>(
  target: Omit<HistoryTarget, 'title'> & { title: (doc: T) => string | null },
  records: Stored<T>[],
  edit: (current: T) => T | null,
): Promise<number> {
  const c = container(target.container);
  const perBatch = BATCH_MAX_OPERATIONS / 2;
  const chunks: Stored<T>[][] = [];
  for (let i = 0; i < records.length; i += perBatch) chunks.push(records.slice(i, i + perBatch));
  let changed = 0;

  async function writeChunk(chunk: Stored<T>[]): Promise<void> {
    let current = chunk;
    for (let attempt = 0; ; attempt++) {
      const operations: OperationInput[] = [];
      let count = 0;
      for (const before of current) {
        const { etag, ...doc } = before;
        const after = edit(doc as unknown as T);
        if (!after) continue;
        const changes = changesBetween(doc, after);
        if (changes.length === 0) continue;
        const entry = newEntry({ ...target, title: target.title(after) }, before.id, 'update', changes);
        operations.push(
          {
            operationType: 'Replace',
            partitionKey: target.partitionKey,
            id: before.id,
            resourceBody: withoutEtag(after) as JSONObject,
            ...(etag ? { ifMatch: etag } : {}),
          },
          { operationType: 'Create', partitionKey: target.partitionKey, resourceBody: entry as unknown as JSONObject },
        );
        count += 1;
      }
      if (operations.length === 0) return;
      const response = await c.items
        .batch(operations, target.partitionKey)
        .catch((error: unknown) => failed(statusOf((error as { cause?: unknown }).cause ?? error) ?? 500, target.what, error));
      const failure =
        (response.result ?? []).find((r) => r.statusCode >= 400 && r.statusCode !== 424) ??
        (response.code && response.code >= 400 ? { statusCode: response.code } : undefined);
      if (!failure) {
        changed += count;
        return;
      }
      // A record changed (or went) since it was read: read the batch's records again and edit what is there now.
      if (failure.statusCode !== 412 && failure.statusCode !== 404) failed(failure.statusCode, target.what);
      if (attempt >= MAX_ATTEMPTS) failed(412, target.what);
      const reread = await Promise.all(current.map((doc) => readDoc<T>(c, doc.id, target.partitionKey)));
      current = reread.filter((doc) => doc !== undefined) as Stored<T>[];
    }
  }

  for (let i = 0; i < chunks.length; i += BATCHES_AT_ONCE) await Promise.all(chunks.slice(i, i + BATCHES_AT_ONCE).map(writeChunk));
  return changed;
}
