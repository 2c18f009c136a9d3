import { api } from '@movers/contracts';
import type { Principal } from '../../platform/auth/principal.ts';
import { notFound } from '../../platform/http/errors.ts';
import { created, fileStream, noContent, ok, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { downloadHeaders } from '../../platform/http/userFiles.ts';
import { readableMove } from '../moves/index.ts';
import { deleteDocument, listDocumentsTagged, moveDocument, openDocumentFile, readDocumentDoc, storeDocument } from './documents.data.ts';
import { commitUpload, readUpload, startUpload, uploadState } from './uploads.data.ts';

/** The move of the location in the path, readable by the caller (403 for another client): the move id names its location (404 otherwise). */
async function moveOfLocation(principal: Principal, locationId: string, moveId: string) {
  const move = await readableMove(principal, moveId);
  if (move.locationId !== locationId) throw notFound('move not found');
  return move;
}

async function readableDocument(principal: Principal, params: { locationId: string; moveId: string; documentId: string }) {
  await moveOfLocation(principal, params.locationId, params.moveId);
  const doc = await readDocumentDoc(params.moveId, params.documentId);
  if (!doc) throw notFound('document not found');
  return doc;
}

/** The move's documents in order, answered with the order's ETag (for a reorder). */
async function listWithEtag(moveId: string) {
  const { items, etag } = await listDocumentsTagged(moveId);
  return ok(items, { ETag: etag });
}

/** A document of a move streamed as a download with the safe headers (the admin's and the visitor site's). */
export async function downloadDocument(moveId: string, documentId: string) {
  const doc = await readDocumentDoc(moveId, documentId);
  const opened = doc && (await openDocumentFile(doc));
  if (!doc || !opened) throw notFound('document not found');
  return fileStream(opened.stream, { ...downloadHeaders(doc.originalFilename, doc.contentType, opened.length), ...(doc.etag ? { ETag: doc.etag } : {}) });
}

export const moveDocumentRoutes: BoundRoute[] = [
  bind(api.moveDocuments.upload, async ({ body, principal, params }) => {
    // The caller's access first: nothing of the body is read for someone who may not upload here.
    await moveOfLocation(principal, params.locationId, params.moveId);
    return withEtag(await storeDocument(params.moveId, body, principal.userId), 201);
  }),
  bind(api.moveDocuments.uploadStart, async ({ body, principal, params }) => created(await startUpload(params.moveId, body, principal.userId)), {
    authorize: ({ principal, params }) => moveOfLocation(principal, params.locationId, params.moveId),
  }),
  bind(api.moveDocuments.uploadState, async ({ principal, params }) => {
    await moveOfLocation(principal, params.locationId, params.moveId);
    return ok(await uploadState(params.moveId, params.uploadId));
  }),
  bind(
    api.moveDocuments.uploadCommit,
    async ({ body, principal, params }) => withEtag(await commitUpload(params.moveId, params.uploadId, body.blocks, principal.userId), 201),
    {
      authorize: async ({ principal, params }) => {
        await moveOfLocation(principal, params.locationId, params.moveId);
        await readUpload(params.moveId, params.uploadId);
      },
    },
  ),
  bind(api.moveDocuments.list, async ({ principal, params }) => {
    await moveOfLocation(principal, params.locationId, params.moveId);
    return listWithEtag(params.moveId);
  }),
  bind(api.moveDocuments.download, async ({ principal, params }) => {
    await moveOfLocation(principal, params.locationId, params.moveId);
    return downloadDocument(params.moveId, params.documentId);
  }),
  bind(api.moveDocuments.delete, async ({ principal, params, ifMatch }) => {
    const doc = await readableDocument(principal, params);
    await deleteDocument(doc, ifMatch());
    return noContent();
  }),
  bind(
    api.moveDocuments.position,
    async ({ body, principal, params, ifMatch }) => {
      await moveOfLocation(principal, params.locationId, params.moveId);
      // The order the caller saw must still be the current one: a reorder of a list changed since is 412.
      if (!(await moveDocument(params.moveId, params.documentId, body.position, ifMatch()))) throw notFound('document not found');
      return listWithEtag(params.moveId);
    },
    { authorize: ({ principal, params }) => moveOfLocation(principal, params.locationId, params.moveId) },
  ),
];
