import { type MoveDocument, api as routes } from '@movers/contracts';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { callRoute, keyOf, remember, reorderRoute, revalidate, uploadRoute } from '../../../common/api/route.ts';
import { useTaggedList } from '../../../common/api/useResource.ts';

// A move's documents (spec part 2): every signed-in user of the move's client. Each mutation updates the cache itself.

/** The list with the order's ETag, which a reorder must send as If-Match. */
export interface DocumentList {
  documents: MoveDocument[];
  etag: string | undefined;
}

export interface MoveRef {
  locationId: string;
  moveId: string;
}

const listKey = (move: MoveRef) => keyOf(routes.moveDocuments.list, move);

export const useMoveDocuments = (move: MoveRef) =>
  useTaggedList(move.locationId && move.moveId ? listKey(move) : null, (documents: MoveDocument[], etag): DocumentList => ({ documents, etag }));

/** Uploads a file with progress (0 to 1); the list is read again for the order's new ETag. */
export async function uploadDocument(api: ApiClient, move: MoveRef, file: File, onProgress: (fraction: number) => void) {
  const stored = await uploadRoute(api, routes.moveDocuments.upload, { params: move, file, onProgress });
  await revalidate(listKey(move));
  return stored;
}

export async function deleteDocument(api: ApiClient, move: MoveRef, list: DocumentList, document: MoveDocument) {
  await callRoute(api, routes.moveDocuments.delete, { params: { ...move, documentId: document.id }, etag: document.etag });
  await remember<DocumentList>(listKey(move), {
    ...list,
    documents: list.documents.filter((d) => d.id !== document.id).map((d, position) => ({ ...d, position })),
  });
  await revalidate(listKey(move));
}

/** Moves a document to a 0-based position, sending the list's ETag; the answer is the new order (and its ETag). */
export const moveDocument = (api: ApiClient, move: MoveRef, list: DocumentList, documentId: string, position: number) =>
  reorderRoute(
    api,
    routes.moveDocuments.position,
    { params: { ...move, documentId }, body: { position }, etag: list.etag },
    listKey(move),
    (documents, etag): DocumentList => ({ documents, etag }),
  );

/** Shows a reorder before the server answers. */
export const showOrder = (move: MoveRef, list: DocumentList) => remember<DocumentList>(listKey(move), list);

/**
 * Downloads a document with the bearer token (there is no public address): the bytes are fetched, then
 * saved through a temporary link to an object URL under the document's own name.
 */
export async function downloadDocument(api: ApiClient, move: MoveRef, document: MoveDocument) {
  const blob = await callRoute(api, routes.moveDocuments.download, { params: { ...move, documentId: document.id } });
  const url = URL.createObjectURL(blob);
  try {
    const link = window.document.createElement('a');
    link.href = url;
    link.download = document.originalFilename;
    link.style.display = 'none';
    window.document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked once the browser has taken the file.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
