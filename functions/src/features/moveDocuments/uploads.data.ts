import type { BlockBlobClient } from '@azure/storage-blob';
import {
  type DocumentUpload,
  type DocumentUploadState,
  documentBlockId,
  MOVE_DOCUMENT_BLOCK_BYTES,
  type MoveDocument,
  refusedDocumentTypes,
} from '@movers/contracts';
import { randomUUID } from 'node:crypto';
import { blobContainer, writeOnlyBlobUrl } from '../../platform/blob/client.ts';
import { blobStatusOf } from '../../platform/blob/files.ts';
import { container, fromStored, queryAll, readDoc } from '../../platform/cosmos/client.ts';
import { blobContainers } from '../../platform/cosmos/containers.ts';
import { badRequest, conflict, notFound, payloadTooLarge, unsupportedMediaType } from '../../platform/http/errors.ts';
import { sniffStoredType } from '../../platform/http/upload.ts';
import { type DocumentDoc, documentAt } from './documents.data.ts';

/**
 * A large document's upload, started and not yet committed, in 'moveDocuments' beside the move's
 * documents (never listed: the order lists type 'document'). Its id is the document's to be, and its blob
 * `{moveId}/{id}` the document's file.
 */
interface UploadDoc {
  id: string;
  moveId: string;
  type: 'upload';
  name: string;
  size: number;
  blocks: number;
  startedAt: string;
  startedBy: string;
}

/**
 * How long a SAS of an upload lets the browser write (250 MB at 1 Mbit/s takes about 35 minutes); a slower
 * upload gets a fresh one when it asks which blocks are stored.
 */
export const UPLOAD_SAS_LIFETIME_MS = 60 * 60 * 1000;
/** An upload not committed by then is abandoned: no SAS for it is valid any more, so nothing writes to it. */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;
/** How much of the file is read to judge its type, as the direct route does. */
const HEAD_BYTES = 64 * 1024;

const documents = () => container('moveDocuments');
const blobOf = async (moveId: string, id: string) => (await blobContainer(blobContainers.moveDocuments)).getBlockBlobClient(`${moveId}/${id}`);
const blockCount = (size: number) => Math.ceil(size / MOVE_DOCUMENT_BLOCK_BYTES);
const blockSize = (size: number, index: number) => Math.min(MOVE_DOCUMENT_BLOCK_BYTES, size - index * MOVE_DOCUMENT_BLOCK_BYTES);

/** The upload the path names, not yet committed (404 otherwise). */
export async function readUpload(moveId: string, uploadId: string) {
  const doc = await readDoc<UploadDoc>(documents(), uploadId, moveId);
  if (doc?.type !== 'upload') throw notFound('upload not found');
  return doc;
}

/** The blocks Storage holds for the blob and has not committed, by id with their sizes (none when there is no blob yet). */
async function stagedBlocks(blob: BlockBlobClient): Promise<Map<string, number>> {
  try {
    const list = await blob.getBlockList('uncommitted');
    return new Map((list.uncommittedBlocks ?? []).map((block) => [block.name, block.size]));
  } catch (error) {
    if (blobStatusOf(error) === 404) return new Map();
    throw error;
  }
}

/**
 * Leaves nothing of an upload in Storage: committing an empty list drops every staged block at once
 * (they would otherwise stay up to 7 days), and the empty blob is then deleted.
 */
async function discard(blob: BlockBlobClient): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await blob.commitBlockList([]);
      await blob.deleteIfExists();
      return;
    } catch (error) {
      if (attempt === 2) console.error(`move document upload ${blob.name} could not be removed`, error);
    }
  }
}

async function forget(upload: UploadDoc): Promise<void> {
  await documents()
    .item(upload.id, upload.moveId)
    .delete()
    .catch(() => undefined);
}

/** Records the upload and hands out a write-only SAS for its one blob. */
export async function startUpload(moveId: string, file: { name: string; size: number }, by: string): Promise<DocumentUpload> {
  const id = randomUUID();
  const upload: UploadDoc = {
    id,
    moveId,
    type: 'upload',
    name: file.name,
    size: file.size,
    blocks: blockCount(file.size),
    startedAt: new Date().toISOString(),
    startedBy: by,
  };
  await documents().items.create(upload);
  const { url, expiresOn } = await writeOnlyBlobUrl(blobContainers.moveDocuments, `${moveId}/${id}`, UPLOAD_SAS_LIFETIME_MS);
  return { uploadId: id, url, blockBytes: MOVE_DOCUMENT_BLOCK_BYTES, blocks: upload.blocks, expiresOn: expiresOn.toISOString() };
}

/**
 * The 0-based numbers of the blocks already stored whole, for a resumed upload to skip, and a fresh SAS
 * for the rest; none that outlives the upload's day, after which the timer removes it (409 near its end).
 */
export async function uploadState(moveId: string, uploadId: string): Promise<DocumentUploadState> {
  const upload = await readUpload(moveId, uploadId);
  const left = Date.parse(upload.startedAt) + ABANDONED_UPLOAD_MS - Date.now();
  if (left < 5 * 60_000) throw conflict('the upload was started almost a day ago and is about to be removed: start again');
  const staged = await stagedBlocks(await blobOf(moveId, uploadId));
  const storedBlocks = [...Array(upload.blocks).keys()].filter((i) => staged.get(documentBlockId(i)) === blockSize(upload.size, i));
  const { url, expiresOn } = await writeOnlyBlobUrl(blobContainers.moveDocuments, `${moveId}/${uploadId}`, Math.min(UPLOAD_SAS_LIFETIME_MS, left));
  return { uploadId, blocks: upload.blocks, storedBlocks, url, expiresOn: expiresOn.toISOString() };
}

/**
 * Commits an upload's blocks into the file, then judges it as the direct route does (its type by its
 * first bytes, its size the announced one) before the document is recorded: a refused file is removed at
 * once and its upload forgotten. The record replaces the upload's with its ETag, so of two commits at
 * once only one stores the document.
 */
export async function commitUpload(moveId: string, uploadId: string, blocks: number, by: string): Promise<MoveDocument> {
  const upload = await readUpload(moveId, uploadId);
  if (blocks !== upload.blocks) throw badRequest(`a file of ${upload.size} bytes has ${upload.blocks} blocks`, { blocks: `must be ${upload.blocks}` });
  const blob = await blobOf(moveId, uploadId);
  const staged = await stagedBlocks(blob);
  const ids = [...Array(upload.blocks).keys()].map(documentBlockId);
  let stored = 0;
  for (const [i, id] of ids.entries()) {
    const size = staged.get(id);
    if (size !== undefined && size > blockSize(upload.size, i)) {
      await discard(blob);
      await forget(upload);
      throw payloadTooLarge(`the file is larger than the ${upload.size} bytes announced`);
    }
    if (size === blockSize(upload.size, i)) stored += 1;
  }
  if (stored < ids.length) throw conflict(`${stored} of ${ids.length} blocks are stored: send the rest and commit again`);

  await blob.commitBlockList(ids);
  const type = await sniffStoredType(await readHead(blob));
  if (refusedDocumentTypes.types.includes(type as (typeof refusedDocumentTypes.types)[number])) {
    await discard(blob);
    await forget(upload);
    throw unsupportedMediaType(refusedDocumentTypes.message);
  }
  try {
    await blob.setHTTPHeaders({ blobContentType: type });
    const now = new Date().toISOString();
    const doc: DocumentDoc = {
      id: uploadId,
      moveId,
      type: 'document',
      originalFilename: upload.name,
      documentPath: `${moveId}/${uploadId}`,
      contentType: type,
      size: upload.size,
      createdAt: now,
      createdBy: by,
      updatedAt: now,
      updatedBy: by,
    };
    const { resource } = await documents()
      .item(uploadId, moveId)
      .replace(doc, { accessCondition: { type: 'IfMatch', condition: upload.etag! } });
    return documentAt(fromStored<DocumentDoc>(resource!));
  } catch (error) {
    // A commit that lost the race leaves the file to the one that won.
    if ((error as { code?: number }).code === 412) throw conflict('the upload was committed at the same time: reload the list');
    await discard(blob);
    await forget(upload);
    throw error;
  }
}

async function readHead(blob: BlockBlobClient): Promise<Buffer> {
  const download = await blob.download(0, HEAD_BYTES);
  const chunks: Buffer[] = [];
  for await (const chunk of download.readableStreamBody as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Removes the uploads started over a day ago and never committed (the timer 'clean-document-uploads'): the
 * blocks or the blob a browser may have left, and the record. Answers how many.
 */
export async function cleanAbandonedUploads(now = Date.now()): Promise<number> {
  const cutoff = new Date(now - ABANDONED_UPLOAD_MS).toISOString();
  const abandoned = await queryAll<UploadDoc>(documents(), "SELECT * FROM c WHERE c.type = 'upload' AND c.startedAt < @cutoff", [
    { name: '@cutoff', value: cutoff },
  ]);
  for (const upload of abandoned) {
    await discard(await blobOf(upload.moveId, upload.id));
    await forget(upload);
  }
  return abandoned.length;
}
