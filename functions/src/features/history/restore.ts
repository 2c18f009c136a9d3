import { type HistoryKind, type HistoryRestoreInput, historyMessages, undeletableKinds } from '@movers/contracts';
import { container, queryAll, readDoc } from '../../platform/cosmos/client.ts';
import { containers } from '../../platform/cosmos/containers.ts';
import { badRequest, conflict, notFound, preconditionFailed, preconditionRequired } from '../../platform/http/errors.ts';
import { versionMatches } from '../../platform/http/ifMatch.ts';
import { SECRET_FIELDS } from '../../platform/history/changes.ts';
import { readEntry } from '../../platform/history/historyRead.ts';
import { historyKindDefinitions, type RecordPlace } from '../../platform/history/kinds.ts';
import { type HistoryDoc, recordedWrite } from '../../platform/history/recordedWrite.ts';
import type { RestoreHooks } from '../../platform/history/restoreHooks.ts';

type Doc = { id: string } & Record<string, unknown>;

/**
 * The fields a restore never writes: identity, partition, audit and Cosmos's own; what is counted or linked
 * by the system (a client's location counts, a location's move service); secrets (recorded hidden).
 */
const FIXED = new Set([
  'id',
  'type',
  'moveId',
  'clientId',
  'locationId',
  'leaseId',
  'ownerId',
  'createdAt',
  'createdBy',
  'updatedAt',
  'updatedBy',
  'history',
  'services',
  'countOfLocations',
  'countOfActiveLocations',
  ...SECRET_FIELDS,
]);

/**
 * Whether an entry of the record later than `entry` is another user's: a user's undo of their own change
 * (the planner's) must not overwrite it. A deleted record has no ETag to guard it, so this is its guard;
 * a record that exists has its ETag as well.
 */
async function changedByOthersSince(kind: HistoryKind, place: RecordPlace, entry: HistoryDoc, by: string): Promise<boolean> {
  const key = historyKindDefinitions[kind].container;
  if (containers[key].partitionKey === '/id') {
    const doc = await readDoc<{ history?: HistoryDoc[] }>(container(key), entry.recordId, place.partitionKey);
    return (doc?.history ?? []).some((e) => e.seq > entry.seq && e.by.id !== by);
  }
  const later = await queryAll<{ id: string }>(
    container(key),
    `SELECT TOP 1 c.id FROM c WHERE c.${containers[key].partitionKey.slice(1)} = @pk AND c.type = 'history' AND c.recordId = @record AND c.kind = @kind AND c.seq > @seq AND c["by"].id != @by`,
    [
      { name: '@pk', value: place.partitionKey },
      { name: '@record', value: entry.recordId },
      { name: '@kind', value: entry.kind },
      { name: '@seq', value: entry.seq },
      { name: '@by', value: by },
    ],
  );
  return later.length > 0;
}

/**
 * Undoes one entry of a record's history, as a normal write recorded itself: the fields the entry changed
 * (or only `fields`) get back their values from before it, on the current ETag; a delete entry brings the
 * record back from its last state. `state: 'after'` puts back what the entry wrote instead (a redo).
 */
export async function restore(
  kind: HistoryKind,
  recordId: string,
  place: RecordPlace,
  input: HistoryRestoreInput,
  ifMatch: () => string | undefined,
  by: string,
  hooks: RestoreHooks = {},
): Promise<Doc & { etag: string; notice?: string }> {
  const definition = historyKindDefinitions[kind];
  const entry = await readEntry(kind, place, recordId, input.entryId);
  // A move's settings and colours are two documents of one record: either may be the entry's.
  const ofRecord = entry && entry.kind === kind && (entry.recordId === recordId || (kind === 'move' && entry.moveId === recordId));
  if (!entry || !ofRecord) throw badRequest(historyMessages.entryOfAnotherRecord, { entryId: historyMessages.entryOfAnotherRecord });
  const target = { container: definition.container, partitionKey: place.partitionKey, kind, moveId: place.moveId, what: kind };
  const current = await readDoc<Doc>(container(definition.container), entry.recordId, place.partitionKey);
  const stamp = { updatedAt: new Date().toISOString(), updatedBy: by };
  const after = input.state === 'after';
  if (after && entry.action === 'delete') throw badRequest(historyMessages.deleteAgain, { state: historyMessages.deleteAgain });
  const othersSince = async () => {
    if (input.unlessChangedByOthers && (await changedByOthersSince(kind, place, entry, by))) throw conflict(historyMessages.changedByOthers);
  };

  if (entry.action === 'delete') {
    if (!(undeletableKinds as readonly string[]).includes(kind)) throw badRequest(historyMessages.notUndeletable(kind));
    if (current) throw conflict(historyMessages.stillThere);
    await othersSince();
    if (!entry.state) throw badRequest(historyMessages.nothingToRestore);
    const { position: _position, ...state } = entry.state as Doc & { position?: number };
    const prepared = hooks.beforeUndelete ? await hooks.beforeUndelete({ ...state, ...stamp } as Doc) : { doc: { ...state, ...stamp } as Doc };
    const restored = await recordedWrite({ ...target, title: definition.title(prepared.doc) ?? entry.title }, { after: prepared.doc, action: 'restore' });
    await hooks.afterUndelete?.(restored!, entry);
    return { ...(restored as Doc & { etag: string }), ...(prepared.notice ? { notice: prepared.notice } : {}) };
  }

  if (!current) throw notFound(`${kind} not found`);
  const etag = ifMatch();
  if (!etag) throw preconditionRequired();
  // An image's earlier versions are not kept (Blob Storage replaces them): its entries show, never restore.
  const restorable = entry.changes.filter((change) => !FIXED.has(change.field) && !change.field.startsWith('images.'));
  for (const field of input.fields ?? []) {
    if (!restorable.some((change) => change.field === field))
      throw badRequest(historyMessages.fieldNotInEntry(field), { fields: historyMessages.fieldNotInEntry(field) });
  }
  const chosen = restorable.filter((change) => !input.fields || input.fields.includes(change.field));
  if (chosen.length === 0) throw badRequest(historyMessages.nothingToRestore);
  // A move's colours are a document of their own, with their own ETag, while its settings screen holds the
  // move's: given the move's current ETag, a colours entry is undone only while each field it puts back
  // still has the value the entry gave it, so no change made since is overwritten without asking.
  let writeEtag = etag;
  if (kind === 'move' && place.moveId && entry.recordId !== place.moveId && !versionMatches(etag, current.etag as string | undefined)) {
    const main = await readDoc<Doc>(container(definition.container), place.moveId, place.partitionKey);
    const untouched = chosen.every((change) => JSON.stringify(current[change.field] ?? null) === JSON.stringify(change.to ?? null));
    if (main?.etag !== etag || !untouched) throw preconditionFailed();
    writeEtag = current.etag as string;
  }
  // A stale ETag says the record changed since (412) before the history is asked who changed it.
  if (input.unlessChangedByOthers && !versionMatches(writeEtag, current.etag as string | undefined)) throw preconditionFailed();
  await othersSince();
  const { etag: _etag, ...stored } = current;
  const next: Doc = { ...(stored as Doc), ...Object.fromEntries(chosen.map((change) => [change.field, after ? change.to : change.from])), ...stamp };
  await hooks.beforeRestore?.(current, next);
  // Named as the record is after the restore, as every other write names it (not as it was in the entry undone).
  const title = definition.title(next) ?? entry.title;
  const restored = (await recordedWrite({ ...target, title }, { before: current, after: next, ifMatch: writeEtag, action: 'restore' }).catch(async (error) => {
    await hooks.restoreFailed?.(current, next);
    throw error;
  })) as Doc & { etag: string };
  return ((await hooks.afterRestore?.(restored, current)) ?? restored) as Doc & { etag: string };
}
