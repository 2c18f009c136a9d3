import type { HistoryEntry, HistoryKind, HistoryPage } from '@movers/contracts';
import { container, queryAll, readDoc } from '../cosmos/client.ts';
import { type ContainerKey, containers } from '../cosmos/containers.ts';
import { badRequest } from '../http/errors.ts';
import { historyKindDefinitions, type RecordPlace } from './kinds.ts';
import type { HistoryDoc } from './recordedWrite.ts';

type Parameter = { name: string; value: string };

/** The entry as the API answers it (no partition, time to live or stored last state). */
export const toEntry = (doc: HistoryDoc & { etag?: string }): HistoryEntry => ({
  id: doc.id,
  kind: doc.kind,
  recordId: doc.recordId,
  title: doc.title ?? null,
  at: doc.at,
  by: doc.by,
  action: doc.action,
  route: doc.route,
  changes: doc.changes,
});

/** A page ends where the next starts: the last entry's `seq`, opaque to the caller. */
const tokenOf = (seq: string) => Buffer.from(seq, 'utf8').toString('base64url');
const SEQ = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z~history-[0-9a-f-]{36}$/;
function seqOf(token: string | undefined): string | undefined {
  if (token === undefined) return undefined;
  const seq = Buffer.from(token, 'base64url').toString('utf8');
  if (!SEQ.test(seq)) throw badRequest('invalid query', { continuationToken: 'not a continuation token this API gave' });
  return seq;
}

const partitionField = (key: ContainerKey) => containers[key].partitionKey.slice(1);

/** Newest first, at most `limit`, older than the token's entry, with the given extra conditions. */
async function page(key: ContainerKey, partitionKey: string, where: string[], parameters: Parameter[], limit: number, before?: string) {
  const conditions = [`c.${partitionField(key)} = @pk`, "c.type = 'history'", ...where, ...(before ? ['c.seq < @before'] : [])];
  return queryAll<HistoryDoc>(container(key), `SELECT TOP ${limit} * FROM c WHERE ${conditions.join(' AND ')} ORDER BY c.seq DESC`, [
    { name: '@pk', value: partitionKey },
    ...parameters,
    ...(before ? [{ name: '@before', value: before }] : []),
  ]);
}

const finish = (docs: HistoryDoc[], limit: number): HistoryPage => {
  const entries = docs.slice(0, limit);
  return { entries: entries.map(toEntry), continuationToken: docs.length > limit && entries.length ? tokenOf(entries[entries.length - 1].seq) : null };
};

/** A record's entries (a move's: its settings' and colours'), newest first; `field`: those that changed it. */
export async function recordHistory(
  kind: HistoryKind,
  recordId: string,
  place: RecordPlace,
  options: { limit: number; continuationToken?: string; field?: string },
) {
  const before = seqOf(options.continuationToken);
  const key = historyKindDefinitions[kind].container;
  if (partitionField(key) === 'id') {
    const doc = await readDoc<{ history?: HistoryDoc[] }>(container(key), recordId, place.partitionKey);
    const all = (doc?.history ?? [])
      .filter((e) => (!before || e.seq < before) && (!options.field || e.changes.some((c) => c.field === options.field)))
      .reverse();
    return finish(
      all.map((e) => ({ ...e, kind, recordId })),
      options.limit,
    );
  }
  const field = options.field ? [{ name: '@field', value: options.field }] : [];
  const which = kind === 'move' ? "(c.recordId = @id OR (c.moveId = @id AND c.kind = 'move'))" : 'c.recordId = @id AND c.kind = @kind';
  const docs = await page(
    key,
    place.partitionKey,
    [which, ...(options.field ? ['EXISTS(SELECT VALUE x FROM x IN c.changes WHERE x.field = @field)'] : [])],
    [{ name: '@id', value: recordId }, ...(kind === 'move' ? [] : [{ name: '@kind', value: kind }]), ...field],
    options.limit + 1,
    before,
  );
  return finish(docs, options.limit);
}

/** The containers of a move's records: each a partition of the move's (its settings: the client's). */
const moveScopes = (moveId: string, clientId: string): { key: ContainerKey; partitionKey: string; kinds: HistoryKind[] }[] => [
  { key: 'moves', partitionKey: clientId, kinds: ['move'] },
  { key: 'movePages', partitionKey: moveId, kinds: ['page'] },
  { key: 'faqQuestions', partitionKey: moveId, kinds: ['faq'] },
  { key: 'moveContacts', partitionKey: moveId, kinds: ['contact'] },
  { key: 'moveDetails', partitionKey: moveId, kinds: ['detail'] },
  { key: 'timelineSections', partitionKey: `move:${moveId}`, kinds: ['timeline-section'] },
  { key: 'planner', partitionKey: moveId, kinds: ['floor', 'marker', 'person'] },
];

/** Everything changed in a move, newest first across its containers (each read newest first, then merged). */
export async function moveHistory(
  moveId: string,
  clientId: string,
  options: { limit: number; continuationToken?: string; kind?: HistoryKind; user?: string; recordId?: string; field?: string },
): Promise<HistoryPage> {
  const before = seqOf(options.continuationToken);
  const where = [
    'c.moveId = @move',
    ...(options.kind ? ['c.kind = @kind'] : []),
    ...(options.user ? ['c["by"].id = @user'] : []),
    ...(options.recordId ? ['c.recordId = @record'] : []),
    ...(options.field ? ['EXISTS(SELECT VALUE x FROM x IN c.changes WHERE x.field = @field)'] : []),
  ];
  const parameters = [
    { name: '@move', value: moveId },
    ...(options.kind ? [{ name: '@kind', value: options.kind }] : []),
    ...(options.user ? [{ name: '@user', value: options.user }] : []),
    ...(options.recordId ? [{ name: '@record', value: options.recordId }] : []),
    ...(options.field ? [{ name: '@field', value: options.field }] : []),
  ];
  const scopes = moveScopes(moveId, clientId).filter((s) => !options.kind || s.kinds.includes(options.kind));
  const pages = await Promise.all(scopes.map((s) => page(s.key, s.partitionKey, where, parameters, options.limit + 1, before)));
  const merged = pages.flat().sort((a, b) => (a.seq < b.seq ? 1 : a.seq > b.seq ? -1 : 0));
  return withCurrent(finish(merged, options.limit));
}

/**
 * Each entry with its record as it is now: a list of many records' changes names each by its current name
 * (an entry's title is the name it had then), and offers to bring back only what is still gone. One point
 * read per record of the page.
 */
async function withCurrent(page: HistoryPage): Promise<HistoryPage> {
  const records = new Map<string, Promise<HistoryEntry['current']>>();
  const currentOf = async (kind: HistoryKind, recordId: string): Promise<HistoryEntry['current']> => {
    const definition = historyKindDefinitions[kind];
    const place = await definition.locate(recordId);
    const doc = place ? await readDoc<Record<string, unknown>>(container(definition.container), recordId, place.partitionKey) : undefined;
    // An id of another kind's shape (a history document never has the record's id) cannot be the record.
    return doc && doc.type !== 'history' ? { exists: true, title: definition.title(doc) } : { exists: false, title: null };
  };
  for (const entry of page.entries) {
    const key = `${entry.kind}/${entry.recordId}`;
    if (!records.has(key)) records.set(key, currentOf(entry.kind, entry.recordId));
  }
  const entries = await Promise.all(page.entries.map(async (entry) => ({ ...entry, current: await records.get(`${entry.kind}/${entry.recordId}`)! })));
  return { ...page, entries };
}

/** One entry of a record's container by its id; undefined when there is none. */
export async function readEntry(kind: HistoryKind, place: RecordPlace, recordId: string, entryId: string): Promise<HistoryDoc | undefined> {
  const key = historyKindDefinitions[kind].container;
  if (partitionField(key) === 'id') {
    const doc = await readDoc<{ history?: HistoryDoc[] }>(container(key), recordId, place.partitionKey);
    const entry = doc?.history?.find((e) => e.id === entryId);
    return entry ? { ...entry, kind, recordId } : undefined;
  }
  const doc = await readDoc<HistoryDoc>(container(key), entryId, place.partitionKey);
  return doc?.type === 'history' ? doc : undefined;
}
