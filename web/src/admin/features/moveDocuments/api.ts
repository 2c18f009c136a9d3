import { type DocumentUpload, documentBlockId, MOVE_DOCUMENT_DIRECT_FILE_BYTES, type MoveDocument, api as routes } from '@movers/contracts';
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

/**
 * Uploads a file with progress (0 to 1); the list is read again for the order's new ETag. A file over
 * 7 MB goes straight to storage in blocks (`uploadInBlocks`): the API takes no large body.
 */
export async function uploadDocument(api: ApiClient, move: MoveRef, file: File, onProgress: (fraction: number) => void) {
  const stored =
    file.size > MOVE_DOCUMENT_DIRECT_FILE_BYTES
      ? await uploadInBlocks(api, move, file, onProgress)
      : await uploadRoute(api, routes.moveDocuments.upload, { params: move, file, onProgress });
  await revalidate(listKey(move));
  return stored;
}

/** Tries in a row that may store no block before the upload gives up (a connection that stays down). */
const FAILURES_BEFORE_GIVING_UP = 5;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * A SAS lives minutes (a few blocks' worth): one with less left than this is renewed before the next
 * block, so that a block is never sent with a SAS that ends on the way.
 */
const SAS_RENEWED_BEFORE_MS = 3 * 60_000;

/** Put Block with the upload's write-only SAS: block `index` of the file. */
async function putBlock(upload: DocumentUpload, file: File, index: number): Promise<void> {
  const from = index * upload.blockBytes;
  const url = `${upload.url}&comp=block&blockid=${encodeURIComponent(documentBlockId(index))}`;
  const response = await fetch(url, { method: 'PUT', body: file.slice(from, Math.min(file.size, from + upload.blockBytes)) });
  if (!response.ok) throw new Error(`storage answered ${response.status} to block ${index}`);
}

/**
 * A large document: the API hands out a short-lived write-only SAS for one staging blob, the blocks go
 * straight to storage (progress counts the blocks stored), and the commit has the API copy and judge the
 * file before it is listed. After a dropped connection the upload resumes: storage says which blocks it
 * holds and only the others are sent again, with a fresh SAS (asked for too when the SAS is about to end).
 */
async function uploadInBlocks(api: ApiClient, move: MoveRef, file: File, onProgress: (fraction: number) => void) {
  let upload = await callRoute(api, routes.moveDocuments.uploadStart, { params: move, body: { name: file.name, size: file.size } });
  const params = { ...move, uploadId: upload.uploadId };
  const stored = new Set<number>();
  const report = () => onProgress(Math.min(1, (stored.size * upload.blockBytes) / file.size));
  /** What storage holds, and a fresh SAS for the rest. */
  const renew = async () => {
    const state = await callRoute(api, routes.moveDocuments.uploadState, { params });
    for (const index of state.storedBlocks) stored.add(index);
    upload = { ...upload, url: state.url, expiresOn: state.expiresOn };
    report();
  };
  let failures = 0;
  while (stored.size < upload.blocks) {
    try {
      for (let index = 0; index < upload.blocks; index++) {
        if (stored.has(index)) continue;
        if (Date.parse(upload.expiresOn) - Date.now() < SAS_RENEWED_BEFORE_MS) await renew();
        await putBlock(upload, file, index);
        stored.add(index);
        failures = 0;
        report();
      }
    } catch (error) {
      failures += 1;
      if (failures >= FAILURES_BEFORE_GIVING_UP) throw error;
      await wait(500 * 2 ** failures);
      try {
        // On a slow uplink the SAS may have expired: the rest goes with the fresh one.
        await renew();
      } catch {
        // Still offline: the next round finds out, and counts as another failure if it is.
      }
    }
  }
  return callRoute(api, routes.moveDocuments.uploadCommit, { params, body: { blocks: upload.blocks } });
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
