import * as yup from './yup.ts';
import { messages } from './messages.ts';

const v = messages.validation;

import { MOVE_DOCUMENT_BLOCK_BYTES, MOVE_DOCUMENT_DIRECT_MAX_BYTES, MOVE_DOCUMENT_MAX_BYTES, MOVE_DOCUMENT_MAX_TEXT } from './limits.ts';

export { MOVE_DOCUMENT_BLOCK_BYTES, MOVE_DOCUMENT_DIRECT_MAX_BYTES, MOVE_DOCUMENT_MAX_BYTES, MOVE_DOCUMENT_MAX_TEXT } from './limits.ts';

/** The largest file the browser sends through the API, a margin under the direct route's limit; a larger one goes in blocks. */
export const MOVE_DOCUMENT_DIRECT_FILE_BYTES = MOVE_DOCUMENT_DIRECT_MAX_BYTES - 1024 * 1024;
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

/**
 * What no move document may be, by content, on either route: a program (Windows, Linux, macOS), which the
 * move's visitors would be handed as a download from their employer's portal. Any other file is taken.
 */
export const refusedDocumentTypes = {
  types: ['application/x-msdownload', 'application/x-elf', 'application/x-mach-binary'],
  message: messages.moveDocuments.program,
} as const;

/** POST .../document-uploads: the file a large upload announces, before a byte is sent. */
export const documentUploadStartSchema = yup
  .object({
    name: yup.string().required(v.required).trim().min(1, v.required).max(255, 'maximum 255 characters'),
    size: yup
      .number()
      .required(v.required)
      .integer('must be a whole number')
      .min(1, 'the file is empty')
      .max(MOVE_DOCUMENT_MAX_BYTES, `the file is larger than ${MOVE_DOCUMENT_MAX_TEXT}`),
  })
  .noUnknown(true, 'unknown field: ${unknown}');

/** POST .../document-uploads/{uploadId}: how many blocks the browser sent (the announced size in MOVE_DOCUMENT_BLOCK_BYTES). */
export const documentUploadCommitSchema = yup
  .object({
    blocks: yup
      .number()
      .required(v.required)
      .integer('must be a whole number')
      .min(1, 'at least one block')
      .max(Math.ceil(MOVE_DOCUMENT_MAX_BYTES / MOVE_DOCUMENT_BLOCK_BYTES), `maximum ${Math.ceil(MOVE_DOCUMENT_MAX_BYTES / MOVE_DOCUMENT_BLOCK_BYTES)}`)
      .meta({
        rule: `the blocks of the size given when the upload started (the size divided by ${MOVE_DOCUMENT_BLOCK_BYTES} bytes, rounded up), else 400 'a file of <size> bytes has <blocks> blocks'`,
      }),
  })
  .noUnknown(true, 'unknown field: ${unknown}');

/**
 * A large document's upload, started: the browser puts its blocks straight to the staging blob at `url`
 * (a write-only SAS for that one blob, valid until `expiresOn`, a few minutes: ask for a fresh one before,
 * `DocumentUploadState`), block i (0-based) with the block id
 * `documentBlockId(i)`, each `blockBytes` long but the last.
 */
export interface DocumentUpload {
  uploadId: string;
  url: string;
  blockBytes: number;
  blocks: number;
  expiresOn: string;
}

/**
 * What Storage holds of an upload: the 0-based numbers of the blocks it received (for a resumed upload to
 * skip them), and a fresh SAS for the rest (the first may have expired on a slow uplink).
 */
export interface DocumentUploadState {
  uploadId: string;
  blocks: number;
  storedBlocks: number[];
  url: string;
  expiresOn: string;
}

/** The id of block i: Base64 of a fixed-length text, as Put Block wants ids of one length per blob. */
export const documentBlockId = (index: number) => btoa(`block-${String(index).padStart(6, '0')}`);

/** A name shown in at most 20 characters: longer ones cut with an ellipsis (by code point, so no half letters). */
export function shortName(name: string, max = DOCUMENT_NAME_SHOWN): string {
  const chars = [...name];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : name;
}
