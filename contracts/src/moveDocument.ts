import * as yup from 'yup';
import { messages } from './messages.ts';

const v = messages.validation;

export { MOVE_DOCUMENT_MAX_BYTES } from './limits.ts';
/** File names longer than this are shown truncated with an ellipsis (spec part 2, section 9). */
export const DOCUMENT_NAME_SHOWN = 20;
/** Documents one move can hold. */
export const MOVE_DOCUMENTS_MAX = 1000;

/** A file uploaded to a move (spec part 2, section 3), its bytes in Blob Storage. */
export interface MoveDocument {
  id: string;
  moveId: string;
  originalFilename: string;
  /** The blob's name in the container `move-documents`; never a public address. */
  documentPath: string;
  /** The type its content showed when it was uploaded. */
  contentType: string;
  size: number;
  position: number;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  etag?: string;
}

/** POST .../documents/{id}/position: the document's new 0-based index (past the end: last). */
export const moveDocumentPositionSchema = yup
  .object({
    position: yup
      .number()
      .required(v.required)
      .integer('must be a whole number')
      .min(0, v.notNegative)
      .max(MOVE_DOCUMENTS_MAX - 1, `maximum ${MOVE_DOCUMENTS_MAX - 1}`),
  })
  .noUnknown(true, 'unknown field: ${unknown}');

/** A name shown in at most 20 characters: longer ones cut with an ellipsis (by code point, so no half letters). */
export function shortName(name: string, max = DOCUMENT_NAME_SHOWN): string {
  const chars = [...name];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : name;
}
