import {
  type DocumentUpload,
  type DocumentUploadState,
  documentUploadCommitSchema,
  documentUploadStartSchema,
  MOVE_DOCUMENT_DIRECT_MAX_BYTES,
  type MoveDocument,
  moveDocumentPositionSchema,
  refusedDocumentTypes,
} from '../../moveDocument.ts';
import { downloadTypes } from '../../fileTypes.ts';
import { defineRoute, fileReply, jsonReply, noReply } from '../contract.ts';
import { idShapes } from '../ids.ts';
import { documentUploadAnswerSchema, documentUploadStateAnswerSchema, moveDocumentAnswerSchema } from '../answers/moves.ts';
import { arrayOf } from '../answers/shape.ts';

const base = 'v1/locations/{locationId}/moves/{moveId}';
const moveParams = { locationId: idShapes.id, moveId: idShapes.move };
const documentParams = { ...moveParams, documentId: idShapes.uuid };
const uploadParams = { ...moveParams, uploadId: idShapes.uuid };

// A move's documents are 'any signed-in' (spec part 2): the client's own External users manage them too.
// The move id carries its location: a location that is not the move's is 404.
export const moveDocumentRoutes = {
  upload: defineRoute({
    name: 'move-documents-upload',
    method: 'POST',
    path: `${base}/document`,
    access: 'signedIn',
    errors: { 409: 'too many changes to the order at once: try again' },
    summary: 'Upload a small document (multipart, field `document`, at most 8 MB), streamed to storage; it goes last. Larger ones: document-uploads',
    params: moveParams,
    upload: { field: 'document', maxBytes: MOVE_DOCUMENT_DIRECT_MAX_BYTES, refused: refusedDocumentTypes, stream: true },
    status: 201,
    response: jsonReply<MoveDocument>('the stored document, with its ETag', moveDocumentAnswerSchema),
  }),
  uploadStart: defineRoute({
    name: 'move-documents-upload-start',
    method: 'POST',
    path: `${base}/document-uploads`,
    access: 'signedIn',
    summary:
      'Start uploading a document of up to 1 GB straight to storage: answers a write-only SAS for one staging blob (never served), valid for ten minutes, to put its blocks to; nothing is listed until the upload is committed',
    params: moveParams,
    body: documentUploadStartSchema,
    status: 201,
    response: jsonReply<DocumentUpload>('where and how to put the blocks', documentUploadAnswerSchema),
  }),
  uploadState: defineRoute({
    name: 'move-documents-upload-state',
    method: 'GET',
    path: `${base}/document-uploads/{uploadId}`,
    access: 'signedIn',
    errors: { 409: 'the upload was started almost a day ago and is about to be removed: start again' },
    summary: 'The blocks storage holds of an upload not yet committed, so that a resumed upload sends only the others, with a fresh write-only SAS for them',
    params: uploadParams,
    response: jsonReply<DocumentUploadState>('the stored blocks', documentUploadStateAnswerSchema),
  }),
  uploadCommit: defineRoute({
    name: 'move-documents-upload-commit',
    method: 'POST',
    path: `${base}/document-uploads/{uploadId}`,
    access: 'signedIn',
    errors: {
      409: 'a block is missing (answered with how many are stored: send the rest and commit again), the blocks changed or the upload was committed while it was committed, or too many changes to the order at once: try again',
    },
    summary:
      'Commit an upload: its blocks become the staging blob, which is copied to the file served (no SAS reaches it), whose content is judged (415 for a refused type, 413 over its announced size; the file is then removed) before the document is stored; it goes last',
    params: uploadParams,
    body: documentUploadCommitSchema,
    status: 201,
    response: jsonReply<MoveDocument>('the stored document, with its ETag', moveDocumentAnswerSchema),
  }),
  list: defineRoute({
    name: 'move-documents-list',
    method: 'GET',
    path: `${base}/documents`,
    access: 'signedIn',
    summary: "A move's documents by position (0..n-1); the ETag is the order's, for a reorder",
    params: moveParams,
    response: jsonReply<MoveDocument[]>('the documents', arrayOf(moveDocumentAnswerSchema)),
  }),
  download: defineRoute({
    name: 'move-documents-download',
    method: 'GET',
    path: `${base}/documents/{documentId}`,
    access: 'signedIn',
    summary: 'Download a document (attachment; its stored type only for safe types, else application/octet-stream)',
    params: documentParams,
    response: fileReply(downloadTypes, 'the file'),
  }),
  delete: defineRoute({
    name: 'move-documents-delete',
    method: 'DELETE',
    path: `${base}/documents/{documentId}`,
    access: 'signedIn',
    errors: { 409: 'too many changes to the order at once: try again' },
    summary: 'Delete a document and its file (If-Match: its ETag); the ones after it move up',
    params: documentParams,
    status: 204,
    response: noReply('deleted'),
  }),
  position: defineRoute({
    name: 'move-documents-position',
    method: 'POST',
    path: `${base}/documents/{documentId}/position`,
    access: 'signedIn',
    summary: 'Move a document to a 0-based position; the others close up (If-Match: the list ETag)',
    params: documentParams,
    body: moveDocumentPositionSchema,
    conditional: true,
    response: jsonReply<MoveDocument[]>('the documents in their new order', arrayOf(moveDocumentAnswerSchema)),
  }),
};
