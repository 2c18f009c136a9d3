import { type HistoryPage, historyKinds, historyRestoreSchema, moveHistoryQuery, recordHistoryQuery } from '../../history.ts';
import { defineRoute, jsonReply } from '../contract.ts';
import type { IdShape } from '../contract.ts';
import { idShapes } from '../ids.ts';
import { historyPageSchema, restoredRecordSchema } from '../answers/history.ts';

const kindShape: IdShape = {
  name: 'historyKind',
  // Every kind with a history: a new kind is in the path's pattern (and the OpenAPI) by being in the list.
  pattern: new RegExp(`^(?:${historyKinds.join('|')})$`),
};
const recordIdShape = idShapes.anyRecord;

/**
 * History of every record (issue 37). Who may read a record may read its history; visitors never. A
 * restore is a normal write: If-Match of the current record (none for a deleted one).
 */
export const historyRoutes = {
  record: defineRoute({
    name: 'history-get',
    method: 'GET',
    path: 'v1/history/{recordKind}/{recordId}',
    access: 'signedIn',
    summary: "A record's history, newest first: who, when, by which route, and each changed field before and after (`field` keeps the entries that changed it)",
    params: { recordKind: kindShape, recordId: recordIdShape },
    query: recordHistoryQuery,
    response: jsonReply<HistoryPage>('a page of entries, newest first', historyPageSchema),
  }),
  move: defineRoute({
    name: 'move-history',
    method: 'GET',
    path: 'v1/moves/{moveId}/history',
    access: 'signedIn',
    summary:
      'Everything changed in a move (its settings, pages, FAQ, contacts, details, timeline, floors, markers, people), newest first; filter by kind, user, record or changed field',
    params: { moveId: idShapes.move },
    query: moveHistoryQuery,
    response: jsonReply<HistoryPage>('a page of entries, newest first', historyPageSchema),
  }),
  restore: defineRoute({
    name: 'history-restore',
    method: 'POST',
    path: 'v1/history/{recordKind}/{recordId}/restore',
    access: 'signedIn',
    errors: {
      409: 'a delete is undone only while the record is gone; with `unlessChangedByOthers`, another user changed the record after the entry (nothing is written); a planner marker whose title another marker has taken since',
      428: 'the record exists and If-Match (its current ETag) is missing',
      412: 'the record changed since the ETag given: nothing is written',
      413: 'the record with the entry of its restore (each changed field before and after) is over 2 MB, the most Cosmos DB writes at once',
    },
    summary:
      'Undo one entry: the fields it changed (or only `fields`) get back their values from before it, whatever came later to other fields; a delete entry brings the record back (a person to their seat when it is free). With `state: after`, the values the entry wrote instead (a redo). Recorded itself',
    params: { recordKind: kindShape, recordId: recordIdShape },
    body: historyRestoreSchema,
    response: jsonReply<Record<string, unknown> & { id: string; etag: string; notice?: string }>('the record as restored, with its ETag', restoredRecordSchema),
  }),
};
