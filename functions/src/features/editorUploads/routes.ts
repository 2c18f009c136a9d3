import { randomUUID } from 'node:crypto';
import { api, EDITOR_IMAGE_MAX_BYTES, EDITOR_IMAGE_MIN, type EditorUpload } from '@movers/contracts';
import { blobContainer } from '../../platform/blob/client.ts';
import { readFile, storeFile } from '../../platform/blob/files.ts';
import { blobContainers } from '../../platform/cosmos/containers.ts';
import { badRequest, notFound, payloadTooLarge } from '../../platform/http/errors.ts';
import { created } from '../../platform/http/responses.ts';
import { userFile } from '../../platform/http/userFiles.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { editorFilesAt } from './address.ts';

const uploads = () => blobContainer(blobContainers.editorUploads);

/** An image must be big enough to be content (spec: at least 100 wide and 20 high) and within its own limit. */
async function checkImage(bytes: Uint8Array) {
  const { imageSize } = await import('image-size');
  if (bytes.length > EDITOR_IMAGE_MAX_BYTES) throw payloadTooLarge(`an image may be at most ${EDITOR_IMAGE_MAX_BYTES / 1024 / 1024} MB`);
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw badRequest('the image could not be read', { upload: 'the image could not be read' });
  }
  if ((size.width ?? 0) < EDITOR_IMAGE_MIN.width || (size.height ?? 0) < EDITOR_IMAGE_MIN.height)
    throw badRequest(`an image must be at least ${EDITOR_IMAGE_MIN.width} wide and ${EDITOR_IMAGE_MIN.height} high`, {
      upload: `at least ${EDITOR_IMAGE_MIN.width}x${EDITOR_IMAGE_MIN.height}`,
    });
}

/**
 * Files inserted in the rich-text editor: checked by content (and images by size), stored under an
 * unguessable id, and public by that id so that visitors load them without signing in; served so
 * that nothing in them can run, and kept in caches for a year (an id never changes its file).
 */
export const editorUploadRoutes: BoundRoute[] = [
  bind(api.editorUploads.upload, async ({ body, request }) => {
    if (body.type.startsWith('image/')) await checkImage(body.bytes);
    const id = randomUUID();
    await storeFile(await uploads(), id, body.bytes, body.type);
    return created<EditorUpload>({ url: `${editorFilesAt(request)}${id}` });
  }),
  bind(api.editorUploads.get, async ({ params, request }) => {
    const stored = await readFile(await uploads(), params.uploadId.toLowerCase());
    if (!stored) throw notFound('no such file');
    return userFile(request, stored, { cache: 'forever', shared: true });
  }),
];
