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
 * documents (never listed: the order lists type 'document'). Its id is the document's to be. The browser
 * writes the staging blob `{moveId}/{id}` in 'document-uploads', which is never served; the commit copies
 * it to the document's file `{moveId}/{id}` in 'move-documents', where no SAS reaches, and judges the copy.
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
 * How long a SAS of an upload lets the browser write: a few blocks' worth (a 4 MB block takes about 35 s
 * at 1 Mbit/s), as short as a replayed SAS should live. The browser asks for a fresh one before it runs
 * out, and after a failed block (`GET .../document-uploads/{uploadId}`).
 */
export const UPLOAD_SAS_LIFETIME_MS = 10 * 60 * 1000;
/** An upload not committed by then is abandoned: no SAS for it is valid any more, so nothing writes to it. */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;
/** How much of the file is read to judge its type, as the direct route does. */
const HEAD_BYTES = 64 * 1024;

const documents = () => container('moveDocuments');
/** The blob the browser writes with the SAS: never served. */
const stagingBlob = async (moveId: string, id: string) => (await blobContainer(blobContainers.documentUploads)).getBlockBlobClient(`${moveId}/${id}`);
/** The document's file, written by the API alone (a copy of the staging blob), and judged as it is. */
const fileBlob = async (moveId: string, id: string) => (await blobContainer(blobContainers.moveDocuments)).getBlockBlobClient(`${moveId}/${id}`);
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

/** Hands out a write-only SAS for the upload's one staging blob, then records the upload. */
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
  // The SAS first: one refused (Storage unavailable, 503) leaves no record, and one signed for an upload
  // whose record then fails names a staging blob nothing serves, which the timer sweeps.
  const { url, expiresOn } = await writeOnlyBlobUrl(blobContainers.documentUploads, `${moveId}/${id}`, UPLOAD_SAS_LIFETIME_MS);
  await documents().items.create(upload);
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
  const staged = await stagedBlocks(await stagingBlob(moveId, uploadId));
  const storedBlocks = [...Array(upload.blocks).keys()].filter((i) => staged.get(documentBlockId(i)) === blockSize(upload.size, i));
  const { url, expiresOn } = await writeOnlyBlobUrl(blobContainers.documentUploads, `${moveId}/${uploadId}`, Math.min(UPLOAD_SAS_LIFETIME_MS, left));
  return { uploadId, blocks: upload.blocks, storedBlocks, url, expiresOn: expiresOn.toISOString() };
}

/**
 * Commits an upload's blocks in the staging blob, copies it server-side to the document's file (which no
 * SAS reaches), then judges the copy as the direct route does (its type by its first bytes, its size the
 * announced one) before the document is recorded: what is served is what was judged, whatever the browser
 * writes to the staging blob later with its SAS. A refused file is removed at once and its upload
 * forgotten. The record replaces the upload's with its ETag, so of two commits at once only one stores
 * the document.
 */
export async function commitUpload(moveId: string, uploadId: string, blocks: number, by: string): Promise<MoveDocument> {
  const upload = await readUpload(moveId, uploadId);
  if (blocks !== upload.blocks) throw badRequest(`a file of ${upload.size} bytes has ${upload.blocks} blocks`, { blocks: `must be ${upload.blocks}` });
  const staging = await stagingBlob(moveId, uploadId);
  const file = await fileBlob(moveId, uploadId);
  /** Nothing of the upload stays: neither blob nor the record. */
  const removeAll = async () => {
    await discard(staging);
    await discard(file);
    await forget(upload);
  };
  const staged = await stagedBlocks(staging);
  const ids = [...Array(upload.blocks).keys()].map(documentBlockId);
  let stored = 0;
  for (const [i, id] of ids.entries()) {
    const size = staged.get(id);
    if (size !== undefined && size > blockSize(upload.size, i)) {
      await removeAll();
      throw payloadTooLarge(`the file is larger than the ${upload.size} bytes announced`);
    }
    if (size === blockSize(upload.size, i)) stored += 1;
  }
  if (stored < ids.length) throw conflict(`${stored} of ${ids.length} blocks are stored: send the rest and commit again`);

  const { etag } = await staging.commitBlockList(ids);
  try {
    // Only the blob just committed (its ETag), and only once: a second commit finds the file made (412).
    const copy = await file.beginCopyFromURL(staging.url, {
      sourceConditions: { ifMatch: etag },
      conditions: { ifNoneMatch: '*' },
      intervalInMs: 1000,
    });
    const copied = await copy.pollUntilDone();
    if (copied.copyStatus !== 'success') throw new Error(`copy of ${staging.name}: ${copied.copyStatus}`);
  } catch (error) {
    if (blobStatusOf(error) === 412) throw conflict('the upload was committed at the same time, or its blocks changed: reload the list');
    throw error;
  }
  // The staging blob has served its turn; a SAS replayed from now on writes a blob nothing serves (the timer removes it).
  await discard(staging);

  const { contentLength } = await file.getProperties();
  // Blocks staged again between the check above and the commit: the copy counts, not the check.
  if (contentLength !== upload.size) {
    await removeAll();
    if ((contentLength ?? 0) > upload.size) throw payloadTooLarge(`the file is larger than the ${upload.size} bytes announced`);
    throw conflict(`the file is smaller than the ${upload.size} bytes announced: upload it again`);
  }
  const type = await sniffStoredType(await readHead(file));
  if (refusedDocumentTypes.types.includes(type as (typeof refusedDocumentTypes.types)[number])) {
    await removeAll();
    throw unsupportedMediaType(refusedDocumentTypes.message);
  }
  try {
    const { etag: fileEtag } = await file.setHTTPHeaders({ blobContentType: type });
    const now = new Date().toISOString();
    const doc: DocumentDoc = {
      id: uploadId,
      moveId,
      type: 'document',
      originalFilename: upload.name,
      documentPath: `${moveId}/${uploadId}`,
      contentType: type,
      size: upload.size,
      ...(fileEtag ? { fileEtag } : {}),
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
    await removeAll();
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
 * The timer 'clean-document-uploads' (hourly): removes the uploads started over a day ago and never
 * committed (the blocks or the blob a browser may have left, a file a failed commit may have copied, and
 * the record), and any staging blob no upload names any more (a SAS replayed after its upload's commit)
 * once it has not been written for longer than a SAS lives. Answers how many.
 */
export async function cleanAbandonedUploads(now = Date.now()): Promise<number> {
  const cutoff = new Date(now - ABANDONED_UPLOAD_MS).toISOString();
  const abandoned = await queryAll<UploadDoc>(documents(), "SELECT * FROM c WHERE c.type = 'upload' AND c.startedAt < @cutoff", [
    { name: '@cutoff', value: cutoff },
  ]);
  for (const upload of abandoned) {
    await discard(await stagingBlob(upload.moveId, upload.id));
    await discard(await fileBlob(upload.moveId, upload.id));
    await forget(upload);
  }
  let leftovers = 0;
  const staging = await blobContainer(blobContainers.documentUploads);
  for await (const blob of staging.listBlobsFlat({ includeUncommitedBlobs: true })) {
    if (blob.properties.lastModified.getTime() > now - UPLOAD_SAS_LIFETIME_MS) continue;
    const [moveId, id] = blob.name.split('/');
    if (moveId && id && (await readDoc<UploadDoc>(documents(), id, moveId))?.type === 'upload') continue;
    await discard(staging.getBlockBlobClient(blob.name));
    leftovers += 1;
  }
  return abandoned.length + leftovers;
}
