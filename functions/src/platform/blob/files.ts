import type { ContainerClient } from '@azure/storage-blob';

const statusOf = (error: unknown) => (error as { statusCode?: number }).statusCode;

/** ETags as HTTP sends them, quoted (the storage answers some with and some without quotes). */
export const quotedEtag = (etag: string | undefined) => (!etag ? '' : etag.startsWith('"') ? etag : `"${etag}"`);

/** Stores a file with its content type; answers its version (the blob's ETag, quoted). */
export async function storeFile(container: ContainerClient, name: string, bytes: Uint8Array, type: string): Promise<string> {
  const { etag } = await container.getBlockBlobClient(name).uploadData(bytes, { blobHTTPHeaders: { blobContentType: type } });
  return quotedEtag(etag);
}

/** A stored file with its content type and version; undefined when there is none. */
export async function readFile(container: ContainerClient, name: string): Promise<{ bytes: Buffer; type: string; version: string } | undefined> {
  try {
    const blob = container.getBlockBlobClient(name);
    const [properties, bytes] = await Promise.all([blob.getProperties(), blob.downloadToBuffer()]);
    return { bytes, type: properties.contentType ?? 'application/octet-stream', version: quotedEtag(properties.etag) };
  } catch (error) {
    if (statusOf(error) === 404) return undefined;
    throw error;
  }
}

export { statusOf as blobStatusOf };
