import * as yup from './yup.ts';
import { idField, idParameter } from './api/idField.ts';
import { idShapes } from './api/ids.ts';
import { wholeNumberParameter } from './queryNumbers.ts';

/**
 * History (issue 37): every create, update, delete and restore of a record, with who, when, by which route
 * and each changed field's value before and after. Written with the record in one transactional batch.
 */
export const historyKinds = [
  'client',
  'location',
  'lease',
  'reminder',
  'brokering',
  'move',
  'page',
  'faq',
  'contact',
  'detail',
  'timeline-section',
  'floor',
  'marker',
  'person',
  'wave',
] as const;
export type HistoryKind = (typeof historyKinds)[number];

/** The kinds a move's recent changes hold. */
export const moveHistoryKinds = [
  'move',
  'page',
  'faq',
  'contact',
  'detail',
  'timeline-section',
  'floor',
  'marker',
  'person',
  'wave',
] as const satisfies readonly HistoryKind[];

/** The kinds that can be brought back after a delete. */
export const undeletableKinds = ['page', 'faq', 'contact', 'detail', 'timeline-section', 'marker', 'person', 'wave'] as const satisfies readonly HistoryKind[];

export type HistoryAction = 'create' | 'update' | 'delete' | 'restore';
export const historyActions: readonly HistoryAction[] = ['create', 'update', 'delete', 'restore'];

export interface HistoryChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface HistoryEntry {
  id: string;
  kind: HistoryKind;
  recordId: string;
  /** What the record was called at the time (a person's name, a question), for lists of many records. */
  title: string | null;
  at: string;
  /** The user as they were; id 'system' or 'import' where no person acted. */
  by: { id: string; name: string };
  action: HistoryAction;
  /** The route that made the change. */
  route: string;
  changes: HistoryChange[];
  /**
   * The record as it is now (a move's recent changes): whether it exists (a deleted one brought back
   * does, and is not offered again) and what it is called now, where entries name it as it was then.
   */
  current?: { exists: boolean; title: string | null };
}

export interface HistoryPage {
  entries: HistoryEntry[];
  /** Give it back as `continuationToken` for the next (older) page; null on the last page. */
  continuationToken: string | null;
}

export const HISTORY_PAGE_MAX = 100;

const token = yup
  .string()
  .max(200)
  .optional()
  .meta({ rule: "the continuationToken of a page this API answered, else 400 'not a continuation token this API gave'" });

export const recordHistoryQuery = yup
  .object({ continuationToken: token, limit: wholeNumberParameter(HISTORY_PAGE_MAX), field: yup.string().max(100).optional() })
  .noUnknown(true, 'unknown parameter: ${unknown}');

export const moveHistoryQuery = yup
  .object({
    continuationToken: token,
    limit: wholeNumberParameter(HISTORY_PAGE_MAX),
    kind: yup
      .string()
      .oneOf([...moveHistoryKinds], `kind must be one of ${moveHistoryKinds.join(', ')}`)
      .optional(),
    /** The user who made the change (a directory user's id, or `visitor`/`system`). */
    user: idParameter(idShapes.userId),
    recordId: idParameter(idShapes.anyRecord),
    field: yup.string().max(100).optional(),
  })
  .noUnknown(true, 'unknown parameter: ${unknown}');

export const historyMessages = {
  entryOfAnotherRecord: 'the entry is not one of this record',
  fieldNotInEntry: (field: string) => `the entry changed no field '${field}'`,
  stillThere: 'the record exists: a delete can be undone only while the record is gone',
  notUndeletable: (kind: string) => `a deleted ${kind} cannot be brought back`,
  nothingToRestore: 'the entry changed nothing that can be put back',
  seatTaken: 'The person is back, without a seat: their seat is taken now',
  changedByOthers: 'someone else changed the record since the entry: nothing was restored',
  deleteAgain: "a delete entry's state after is the record gone: delete the record to do it again",
} as const;

/** Which side of an entry a restore puts back: 'before' undoes it, 'after' does it again (a redo). */
export const restoreStates = ['before', 'after'] as const;

export const historyRestoreSchema = yup
  .object({
    entryId: idField()
      .required('entryId is required')
      .meta({
        rule: `an entry of this record's history (its GET /v1/history/{recordKind}/{recordId}), else 400 '${historyMessages.entryOfAnotherRecord}'; an entry that changed nothing that can be put back, or a delete of a kind that cannot be brought back, 400 too`,
      }),
    fields: yup
      .array(yup.string().required().max(100))
      .min(1, 'fields, when given, names at least one field')
      .max(50)
      .optional()
      .meta({ rule: `fields the entry changed, else 400 '${historyMessages.fieldNotInEntry('<field>')}'` }),
    state: yup
      .string()
      .oneOf([...restoreStates], `state must be one of ${restoreStates.join(', ')}`)
      .optional()
      .meta({
        rule: `'before' (the default) puts back the values from before the entry (an undo); 'after' the values the entry wrote (a redo); 'after' of a delete entry is 400 '${historyMessages.deleteAgain}'`,
      }),
    unlessChangedByOthers: yup
      .boolean()
      .strict()
      .optional()
      .meta({
        rule: `true: refused with 409 '${historyMessages.changedByOthers}' when a later entry of the record is another user's (a planner's undo of the user's own change), nothing written`,
      }),
  })
  .noUnknown(true, 'unknown field: ${unknown}');
export type HistoryRestoreInput = yup.InferType<typeof historyRestoreSchema>;
