import type { Readable } from 'node:stream';
import type { MoveDocument, StreamedUpload } from '@movers/contracts';
import { randomUUID } from 'node:crypto';
import { blobContainer } from '../../platform/blob/client.ts';
import { blobStatusOf } from '../../platform/blob/files.ts';
import { container, deleteIfMatch, fromStored, readDoc } from '../../platform/cosmos/client.ts';
import { blobContainers } from '../../platform/cosmos/containers.ts';
import { ordering } from '../../platform/cosmos/ordering.ts';

/** A document as stored in 'moveDocuments' (partition /moveId); its position is counted from the move's order. */
export interface DocumentDoc {
  id: string;
  moveId: string;
  type: 'document';
  originalFilename: string;
  documentPath: string;
  contentType: string;
  size: number;
  /**
   * The file's ETag when it was judged and recorded: a file whose ETag moved since is not the one checked
   * and is not served. Absent on documents recorded before it was kept (issue 54).
   */
  fileEtag?: string;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

type Stored<T> = T & { etag?: string };

const documents = () => container('moveDocuments');
const order = ordering<DocumentDoc>(documents, 'moveId', 'document', 'documents');
const files = () => blobContainer(blobContainers.moveDocuments);

/**
 * Blocks of 4 MB, two in flight: what an upload holds in memory at most (about 8 MB), whatever the
 * file's size (the SDK's defaults, 8 MB × 5, would hold 40 MB).
 */
const BLOCK_BYTES = 4 * 1024 * 1024;
const BLOCKS_IN_FLIGHT = 2;

const toDocument = (doc: Stored<DocumentDoc>, position: number): MoveDocument => {
  const { type: _t, fileEtag: _f, ...rest } = doc;
  return { ...rest, position };
};

export async function listDocuments(moveId: string): Promise<MoveDocument[]> {
  return (await order.list(moveId)).map(toDocument);
}

/** The documents in order with the order's ETag ('"none"' before the first document), which a reorder must send. */
export async function listDocumentsTagged(moveId: string): Promise<{ items: MoveDocument[]; etag: string }> {
  const { items, etag } = await order.listTagged(moveId);
  return { items: items.map(toDocument), etag };
}

export async function readDocumentDoc(moveId: string, documentId: string): Promise<Stored<DocumentDoc> | undefined> {
  const doc = await readDoc<DocumentDoc>(documents(), documentId, moveId);
  return doc?.type === 'document' ? doc : undefined;
}

/** Best effort: a blob no record names is never listed or served, but it should not stay. */
async function removeBlob(path: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await (await files()).getBlockBlobClient(path).deleteIfExists();
      return;
    } catch (error) {
      if (attempt === 2) console.error(`move document blob ${path} could not be deleted`, error);
    }
  }
}

/**
 * Stores an upload: the file streams into a blob under a fresh name first, then the record is written
 * (so there is never a record without its file), and the document goes last in the order. When anything
 * fails (the upload cut off or too large, the record not written) the blob is deleted, so no file is
 * left that no record names. A blob upload that never finishes commits no blob at all (its staged
 * blocks are not a blob and are dropped by the storage).
 */
export async function storeDocument(moveId: string, upload: StreamedUpload, by: string): Promise<MoveDocument> {
  const id = randomUUID();
  const documentPath = `${moveId}/${id}`;
  const blob = (await files()).getBlockBlobClient(documentPath);
  let created: Stored<DocumentDoc>;
  try {
    const file = await upload.receive(async (incoming) => {
      const { etag } = await blob.uploadStream(incoming.stream as Readable, BLOCK_BYTES, BLOCKS_IN_FLIGHT, {
        blobHTTPHeaders: { blobContentType: incoming.type },
      });
      return { name: incoming.name, type: incoming.type, size: incoming.size(), etag };
    });
    const now = new Date().toISOString();
    const doc: DocumentDoc = {
      id,
      moveId,
      type: 'document',
      originalFilename: file.name,
      documentPath,
      contentType: file.type,
      size: file.size,
      ...(file.etag ? { fileEtag: file.etag } : {}),
      createdAt: now,
      createdBy: by,
      updatedAt: now,
      updatedBy: by,
    };
    const { resource } = await documents().items.create(doc);
    created = fromStored<DocumentDoc>(resource!);
  } catch (error) {
    await removeBlob(documentPath);
    throw error;
  }
  return documentAt(created);
}

/** A document just recorded, put last in its move's order (the order counts the move's documents). */
export async function documentAt(created: Stored<DocumentDoc>): Promise<MoveDocument> {
  const ids = await order.change(created.moveId, (current) => current);
  return toDocument(created, ids.indexOf(created.id));
}

/**
 * Deletes the record first (with the ETag read), then the file: a failure between the two leaves a
 * blob that nothing names (never listed nor served; the delete is retried and a last failure logged),
 * never a listed document whose file is gone.
 */
export async function deleteDocument(current: Stored<DocumentDoc>, etag: string): Promise<void> {
  await deleteIfMatch(documents(), current.id, current.moveId, etag, 'document');
  await removeBlob(current.documentPath);
  await order.change(current.moveId, (ids) => ids.filter((id) => id !== current.id));
}

/**
 * The file's bytes as they come from storage, only while its ETag is the one recorded when it was judged;
 * undefined when the blob is missing or was changed since (logged: only the API writes these files).
 */
export async function openDocumentFile(doc: DocumentDoc): Promise<{ stream: Readable; length: number | undefined } | undefined> {
  try {
    const download = await (await files())
      .getBlockBlobClient(doc.documentPath)
      .download(0, undefined, doc.fileEtag ? { conditions: { ifMatch: doc.fileEtag } } : {});
    if (!download.readableStreamBody) return undefined;
    return { stream: download.readableStreamBody as Readable, length: download.contentLength };
  } catch (error) {
    if (blobStatusOf(error) === 404) return undefined;
    if (blobStatusOf(error) === 412) {
      console.error(`move document ${doc.moveId}/${doc.id}: its file changed after it was checked, not served`);
      return undefined;
    }
    throw error;
  }
}

/** Moves a document within its move while the order has the ETag read (412 otherwise); false when the move has no such document. */
export const moveDocument = (moveId: string, documentId: string, position: number, ifMatch: string): Promise<boolean> =>
  order.move(moveId, documentId, position, ifMatch);
