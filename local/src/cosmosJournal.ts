import { closeSync, existsSync, fdatasyncSync, fsyncSync, ftruncateSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';

/**
 * What the local Cosmos emulator keeps on disk, so that no write it has acknowledged is lost when the
 * process ends in any way (Ctrl-C, SIGTERM, SIGKILL, a crash):
 *
 * - `cosmos.json`, a snapshot: every database, container and document, and the generation of the
 *   journal that continues it;
 * - `cosmos-journal-<generation>.ndjson`, one line per change since that snapshot, appended and
 *   flushed to disk (fdatasync) before the emulator's answer leaves (see `cosmos.ts`).
 *
 * On start the snapshot is read and the journals from its generation on are replayed. A new snapshot
 * names the next generation and is renamed into place before the older journals are removed, so a
 * crash at any point leaves a snapshot and the journals that complete it.
 */

export type Doc = Record<string, unknown> & { id: string };

export interface ContainerState {
  /** The partition key path, e.g. `/clientId`. */
  partitionKey: string;
  uniqueKeyPolicy?: unknown;
  /** Documents without system properties, keyed as the emulator keys them (see `itemKey`). */
  items: Map<string, Doc>;
}

/** database id → container id → container. */
export type StoreState = Map<string, Map<string, ContainerState>>;

/** One acknowledged change, as a journal line. Replaying a line twice gives the same state. */
export type Entry =
  | { op: 'createDatabase'; db: string }
  | { op: 'deleteDatabase'; db: string }
  | { op: 'putContainer'; db: string; coll: string; partitionKey: string; uniqueKeyPolicy?: unknown }
  | { op: 'deleteContainer'; db: string; coll: string }
  | { op: 'put'; db: string; coll: string; doc: Doc }
  | { op: 'delete'; db: string; coll: string; id: string; partition: unknown };

interface SnapshotContainer {
  partitionKey: string;
  uniqueKeyPolicy?: unknown;
  items: Doc[];
}

interface SnapshotFile {
  format: 2;
  /** The generation of the journal that continues this snapshot. */
  journal: number;
  databases: Record<string, Record<string, SnapshotContainer>>;
}

/** The first format had the databases at the top level and no journal. */
type LegacySnapshot = Record<string, Record<string, SnapshotContainer>>;

const SNAPSHOT = 'cosmos.json';
const JOURNAL = /^cosmos-journal-(\d+)\.ndjson$/;
const journalName = (generation: number) => `cosmos-journal-${generation}.ndjson`;
const SYSTEM_PROPERTIES = new Set(['_rid', '_self', '_etag', '_ts', '_attachments']);

/** A document as stored on disk: without the properties the emulator makes again on restore. */
export function withoutSystemProperties(doc: Record<string, unknown>): Doc {
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !SYSTEM_PROPERTIES.has(key))) as Doc;
}

/** The value a document is partitioned by, read as @vercel/cosmosdb-server reads it. */
function partitionOf(doc: Doc, partitionKey: string): unknown {
  let path = partitionKey.slice(1).split('/');
  if (path.length === 1 && (path[0] === '_partitionKey' || path[0] === '')) path = ['id'];
  let value: unknown = doc;
  for (const segment of path) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[segment] : undefined;
  return value;
}

/** The emulator's own identity of a document in a container (`items.js`: partition, else id; then id). */
export function itemKey(partition: unknown, id: string): string {
  return [partition || id, '/id', id].join(':');
}

/** The partition named by an `x-ms-documentdb-partitionkey` header, as the emulator parses it. */
export function partitionFromHeader(header: string | undefined, id: string): unknown {
  const parsed: unknown = JSON.parse(header ?? '');
  const value = Array.isArray(parsed) ? parsed[0] : parsed;
  return value && typeof value === 'object' ? id : value;
}

export function apply(state: StoreState, entry: Entry): void {
  switch (entry.op) {
    case 'createDatabase':
      if (!state.has(entry.db)) state.set(entry.db, new Map());
      return;
    case 'deleteDatabase':
      state.delete(entry.db);
      return;
    case 'putContainer': {
      if (!state.has(entry.db)) state.set(entry.db, new Map());
      const db = state.get(entry.db)!;
      const existing = db.get(entry.coll);
      db.set(entry.coll, { partitionKey: entry.partitionKey, uniqueKeyPolicy: entry.uniqueKeyPolicy, items: existing?.items ?? new Map() });
      return;
    }
    case 'deleteContainer':
      state.get(entry.db)?.delete(entry.coll);
      return;
    case 'put': {
      const container = state.get(entry.db)?.get(entry.coll);
      container?.items.set(itemKey(partitionOf(entry.doc, container.partitionKey), entry.doc.id), entry.doc);
      return;
    }
    case 'delete':
      state.get(entry.db)?.get(entry.coll)?.items.delete(itemKey(entry.partition, entry.id));
      return;
  }
}

function stateFromSnapshot(databases: LegacySnapshot): StoreState {
  const state: StoreState = new Map();
  for (const [db, containers] of Object.entries(databases)) {
    apply(state, { op: 'createDatabase', db });
    for (const [coll, { partitionKey, uniqueKeyPolicy, items }] of Object.entries(containers)) {
      apply(state, { op: 'putContainer', db, coll, partitionKey, uniqueKeyPolicy });
      for (const doc of items) apply(state, { op: 'put', db, coll, doc: withoutSystemProperties(doc) });
    }
  }
  return state;
}

function snapshotOf(state: StoreState, journal: number): SnapshotFile {
  const databases: SnapshotFile['databases'] = {};
  for (const [db, containers] of state) {
    databases[db] = {};
    for (const [coll, { partitionKey, uniqueKeyPolicy, items }] of containers) {
      databases[db][coll] = { partitionKey, ...(uniqueKeyPolicy ? { uniqueKeyPolicy } : {}), items: [...items.values()] };
    }
  }
  return { format: 2, journal, databases };
}

/** Lines of a journal file; a last line without its newline is a write the process did not finish (never acknowledged). */
function journalEntries(file: string): Entry[] {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  lines.pop(); // '' after the last newline, or an unfinished last line
  return lines.map((line, index) => {
    try {
      return JSON.parse(line) as Entry;
    } catch {
      throw new Error(`${file}: line ${index + 1} is not a journal entry; the local Cosmos data is damaged (delete the data dir to start over)`);
    }
  });
}

function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
}

function writeDurably(file: string, text: string): void {
  const fd = openSync(file, 'w');
  try {
    writeAll(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Makes a created or renamed file's directory entry durable too (not possible on every platform). */
function syncDirectory(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Windows cannot open a directory; the rename is still atomic there.
  }
}

/** The emulator's data on disk: a snapshot plus a write-ahead journal. */
export class DurableStore {
  readonly state: StoreState;
  /** The size of the current journal: bytes appended since the last snapshot. */
  journalBytes = 0;
  private generation: number;
  private fd: number | undefined;

  constructor(private readonly dir: string) {
    const snapshotFile = join(dir, SNAPSHOT);
    let generation = 0;
    let databases: LegacySnapshot = {};
    if (existsSync(snapshotFile)) {
      const parsed = JSON.parse(readFileSync(snapshotFile, 'utf8')) as SnapshotFile | LegacySnapshot;
      if (parsed.format === 2) ({ journal: generation, databases } = parsed as SnapshotFile);
      else databases = parsed as LegacySnapshot;
    }
    this.state = stateFromSnapshot(databases);
    const journals = readdirSync(dir)
      .map((name) => Number(JOURNAL.exec(name)?.[1] ?? Number.NaN))
      .filter((g) => g >= generation)
      .sort((a, b) => a - b);
    for (const g of journals) {
      for (const entry of journalEntries(join(dir, journalName(g)))) apply(this.state, entry);
    }
    this.generation = Math.max(generation, ...journals);
  }

  /** Appends the entries to the journal and flushes them to disk, then applies them to `state`. */
  record(entries: Entry[]): void {
    if (entries.length === 0) return;
    if (this.fd === undefined) throw new Error('the journal is not open: call snapshot() first');
    const text = entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');
    try {
      writeAll(this.fd, text);
      fdatasyncSync(this.fd);
    } catch (error) {
      // Leave no partial line behind: the next entry must start on a line of its own.
      ftruncateSync(this.fd, this.journalBytes);
      throw error;
    }
    this.journalBytes += Buffer.byteLength(text);
    for (const entry of entries) apply(this.state, entry);
  }

  /**
   * Writes `state` as the new snapshot and starts the next journal generation; then removes the
   * journals the snapshot contains. Synchronous, so no change can fall between snapshot and journal.
   */
  snapshot(): void {
    const next = this.generation + 1;
    const file = join(this.dir, SNAPSHOT);
    // The next journal exists before the snapshot that names it; if the snapshot fails, the current
    // journal stays in use (and an empty next one is harmless).
    const fd = openSync(join(this.dir, journalName(next)), 'a');
    try {
      writeDurably(`${file}.tmp`, JSON.stringify(snapshotOf(this.state, next)));
      renameSync(`${file}.tmp`, file);
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    syncDirectory(this.dir);
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = fd;
    this.generation = next;
    this.journalBytes = 0;
    for (const name of readdirSync(this.dir)) {
      const g = Number(JOURNAL.exec(name)?.[1] ?? Number.NaN);
      if (g < next) rmSync(join(this.dir, name), { force: true });
    }
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** A request that may change the emulator's data, recognised as the emulator's router does (`router.js`, `routes.js`). */
export interface Change {
  kind: 'createDatabase' | 'deleteDatabase' | 'createContainer' | 'putContainer' | 'deleteContainer' | 'putDocument' | 'deleteDocument' | 'batch';
  db: string;
  coll: string;
  /** Document id and raw partition key header, of a delete. */
  id?: string;
  partition?: string;
}

const isTrue = (value: string | string[] | undefined) => (Array.isArray(value) ? value : [value]).some((v) => v?.toLowerCase() === 'true');

export function changeOf(method: string | undefined, url: string | undefined, headers: IncomingHttpHeaders): Change | undefined {
  let pathname = (url ?? '').split(/[?#]/)[0];
  if (pathname.startsWith('//')) pathname = pathname.slice(1);
  while (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  let route = method ?? '';
  if (route === 'POST' && (isTrue(headers['x-ms-documentdb-isquery']) || headers['content-type'] === 'application/query+json')) return undefined;
  if (isTrue(headers['x-ms-documentdb-is-upsert'])) route += '_UPSERT';
  else if (isTrue(headers['x-ms-cosmos-is-batch-request'])) route += '_BATCH';
  const raw = pathname.split('/').slice(1);
  if (raw.some((s) => s === '')) return undefined;
  let parts: string[];
  try {
    parts = raw.map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const shape = parts.map((part, i) => (i % 2 === 0 ? part.toLowerCase() : '*')).join('/');
  const [, db = '', , coll = '', , id] = parts;
  const header = headers['x-ms-documentdb-partitionkey'];
  switch (`${route} ${shape}`) {
    case 'POST dbs':
      return { kind: 'createDatabase', db, coll };
    case 'DELETE dbs/*':
      return { kind: 'deleteDatabase', db, coll };
    case 'POST dbs/*/colls':
      return { kind: 'createContainer', db, coll };
    case 'PUT dbs/*/colls/*':
      return { kind: 'putContainer', db, coll };
    case 'DELETE dbs/*/colls/*':
      return { kind: 'deleteContainer', db, coll };
    case 'POST dbs/*/colls/*/docs':
    case 'POST_UPSERT dbs/*/colls/*/docs':
    case 'PUT dbs/*/colls/*/docs/*':
    case 'PATCH dbs/*/colls/*/docs/*':
      return { kind: 'putDocument', db, coll };
    case 'POST_BATCH dbs/*/colls/*/docs':
      return { kind: 'batch', db, coll };
    case 'DELETE dbs/*/colls/*/docs/*':
      return { kind: 'deleteDocument', db, coll, id, partition: Array.isArray(header) ? header[0] : header };
    default:
      // Reads, queries and user-defined functions (the app has none) change no data worth keeping.
      return undefined;
  }
}

interface BatchOperation {
  operationType?: string;
  id?: string;
  partitionKey?: string;
}

/**
 * The journal entries of a change the emulator answered with a 2xx status: the resulting document
 * as the emulator returned it, or the deletion. `requestBody` is needed for batches (their deletes).
 */
export function entriesOf(change: Change, responseBody: string, requestBody: string | undefined): Entry[] {
  const { db, coll } = change;
  switch (change.kind) {
    case 'createDatabase':
      return [{ op: 'createDatabase', db: (JSON.parse(responseBody) as { id: string }).id }];
    case 'deleteDatabase':
      return [{ op: 'deleteDatabase', db }];
    case 'createContainer':
    case 'putContainer': {
      const definition = JSON.parse(responseBody) as { id: string; partitionKey?: { paths?: string[] }; uniqueKeyPolicy?: { uniqueKeys?: unknown[] } };
      const uniqueKeyPolicy = definition.uniqueKeyPolicy?.uniqueKeys?.length ? definition.uniqueKeyPolicy : undefined;
      return [{ op: 'putContainer', db, coll: definition.id, partitionKey: definition.partitionKey?.paths?.[0] ?? '/id', uniqueKeyPolicy }];
    }
    case 'deleteContainer':
      return [{ op: 'deleteContainer', db, coll }];
    case 'putDocument':
      return [{ op: 'put', db, coll, doc: withoutSystemProperties(JSON.parse(responseBody)) }];
    case 'deleteDocument':
      return [{ op: 'delete', db, coll, id: change.id!, partition: partitionFromHeader(change.partition, change.id!) }];
    case 'batch': {
      const operations = JSON.parse(requestBody ?? '[]') as BatchOperation[];
      const results = JSON.parse(responseBody) as { statusCode: number; resourceBody?: Record<string, unknown> }[];
      return results.flatMap((result, i): Entry[] => {
        if (result.statusCode < 200 || result.statusCode > 299) return [];
        const operation = operations[i];
        if (operation?.operationType === 'Delete' && operation.id) {
          return [{ op: 'delete', db, coll, id: operation.id, partition: partitionFromHeader(operation.partitionKey, operation.id) }];
        }
        return operation?.operationType !== 'Read' && result.resourceBody ? [{ op: 'put', db, coll, doc: withoutSystemProperties(result.resourceBody) }] : [];
      });
    }
  }
}
