import { historyActions, historyKinds } from '../../history.ts';
import type { JsonSchema } from '../contract.ts';
import { arrayOf, bool, nullable, object, oneOf, str } from './shape.ts';

/** The answers of the history routes, beside their types in `history.ts`. */

/** A field's value before or after: whatever the record held (text, number, object, list or null). */
const anyValue: JsonSchema = {};

export const historyEntrySchema = object(
  {
    id: str,
    kind: oneOf(...historyKinds),
    recordId: str,
    title: nullable(str),
    at: str,
    by: object({ id: str, name: str }),
    action: oneOf(...historyActions),
    route: str,
    changes: arrayOf(object({ field: str, from: anyValue, to: anyValue })),
  },
  { current: object({ exists: bool, title: nullable(str) }) },
);

export const historyPageSchema = object({ entries: arrayOf(historyEntrySchema), continuationToken: nullable(str) });

/** The record as restored: its stored fields, which differ by kind, with its ETag. */
export const restoredRecordSchema: JsonSchema = { type: 'object', required: ['id', 'etag'], properties: { id: str, etag: str, notice: str } };
