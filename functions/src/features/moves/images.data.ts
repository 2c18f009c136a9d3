import type { MoveImageKind } from '@movers/contracts';
import { moveImageKinds } from '@movers/contracts';
import { blobContainer } from '../../platform/blob/client.ts';
import { blobStatusOf, quotedEtag, readFile, storeFile } from '../../platform/blob/files.ts';
import { blobContainers } from '../../platform/cosmos/containers.ts';
import { preconditionFailed } from '../../platform/http/errors.ts';
import { anyVersion } from '../../platform/http/ifMatch.ts';

/**
 * Move images in Blob Storage: `{moveId}/{kind}` is the image itself; a preview uploaded while the
 * settings form is open lives under `previews/{moveId}/{kind}~{discriminator}`, never at the image's
 * name, and is deleted a day later (cleanImagePreviews). An image's version is its blob's ETag.
 */
const images = () => blobContainer(blobContainers.moveImages);
const blobName = (moveId: string, kind: MoveImageKind, discriminator?: string) =>
  discriminator ? `${PREVIEWS}${moveId}/${kind}~${discriminator}` : `${moveId}/${kind}`;
export const PREVIEWS = 'previews/';
const PREVIEW_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const storeImage = async (moveId: string, kind: MoveImageKind, bytes: Uint8Array, type: string, discriminator?: string) =>
  storeFile(await images(), blobName(moveId, kind, discriminator), bytes, type);

export const readImage = async (moveId: string, kind: MoveImageKind, discriminator?: string) => readFile(await images(), blobName(moveId, kind, discriminator));

/**
 * The move's logo as mail carries it (seat letters): a copy of at most 200 KB beside the logo,
 * `{moveId}/mail-logo`, made from the logo version named in its metadata. Made at upload, and again
 * here whenever it is missing or was made from another version (a logo uploaded before the copies
 * existed, or replaced since). Undefined when the move has no logo a mail client shows (PNG or JPEG)
 * or the logo cannot be read as one: the letter then goes without it.
 */
export async function mailLogo(moveId: string): Promise<{ bytes: Uint8Array; contentType: string } | undefined> {
  const container = await images();
  const logo = container.getBlockBlobClient(blobName(moveId, 'logo'));
  const copy = container.getBlockBlobClient(`${moveId}/${MAIL_LOGO}`);
  let etag: string;
  let version: string;
  let type: string | undefined;
  try {
    const properties = await logo.getProperties();
    etag = properties.etag ?? '';
    version = etag.replace(/"/g, '');
    type = properties.contentType;
  } catch (error) {
    if (blobStatusOf(error) === 404) return undefined;
    throw error;
  }
  if (type !== 'image/png' && type !== 'image/jpeg') return undefined;
  try {
    const properties = await copy.getProperties();
    if (properties.metadata?.source === version) return { bytes: await copy.downloadToBuffer(), contentType: properties.contentType ?? type };
  } catch (error) {
    if (blobStatusOf(error) !== 404) throw error;
  }
  const original = await logo.downloadToBuffer(undefined, undefined, { conditions: { ifMatch: etag } }).catch((error: unknown) => {
    // Replaced while it was read: the next letter makes the copy of the new one.
    if (blobStatusOf(error) === 412) return undefined;
    throw error;
  });
  if (!original) return undefined;
  const { mailSizedImage } = await import('../../platform/image/mailSized.ts');
  let sized: Awaited<ReturnType<typeof mailSizedImage>>;
  try {
    sized = await mailSizedImage(original, type);
  } catch {
    return undefined; // not a readable PNG or JPEG: no logo in the mail
  }
  await copy.uploadData(sized.bytes, { blobHTTPHeaders: { blobContentType: sized.contentType }, metadata: { source: version } });
  return sized;
}
const MAIL_LOGO = 'mail-logo';

/** Removes the image while it is still the version the caller saw (412 otherwise); false when there is none. */
export async function removeImage(moveId: string, kind: MoveImageKind, version: string): Promise<boolean> {
  const blob = (await images()).getBlockBlobClient(blobName(moveId, kind));
  try {
    // A missing image is 404 whatever the version said (the storage would answer 412 to the condition).
    if (!(await blob.exists())) return false;
    await blob.delete(anyVersion(version) ? {} : { conditions: { ifMatch: version } });
    return true;
  } catch (error) {
    if (blobStatusOf(error) === 404) return false;
    if (blobStatusOf(error) === 412) throw preconditionFailed();
    throw error;
  }
}

/** The version of each image of a move, null where there is none: one listing of the move's prefix. */
export async function imageVersions(moveId: string): Promise<Record<MoveImageKind, string | null>> {
  const versions = Object.fromEntries(moveImageKinds.map((k) => [k, null])) as Record<MoveImageKind, string | null>;
  for await (const blob of (await images()).listBlobsFlat({ prefix: `${moveId}/` })) {
    const kind = blob.name.slice(moveId.length + 1) as MoveImageKind;
    if (moveImageKinds.includes(kind)) versions[kind] = quotedEtag(blob.properties.etag) || null;
  }
  return versions;
}

/** Deletes previews older than a day (the timer runs this); the images themselves are never touched. */
export async function cleanImagePreviews(now = Date.now()): Promise<number> {
  let removed = 0;
  const container = await images();
  for await (const blob of container.listBlobsFlat({ prefix: PREVIEWS })) {
    const modified = blob.properties.lastModified?.getTime() ?? now;
    if (now - modified > PREVIEW_LIFETIME_MS) {
      await container.deleteBlob(blob.name).catch(() => undefined);
      removed += 1;
    }
  }
  return removed;
}
