import type { BlobServiceClient, ContainerClient } from '@azure/storage-blob';
import { azureCredential } from '../azure/credential.ts';
import { readSetting, requireSetting } from '../config/config.ts';
import { blobContainerList, browserWritableContainers } from '../cosmos/containers.ts';
import { blobUploadCors } from './cors.ts';

let service: Promise<BlobServiceClient> | undefined;

/**
 * Azurite through its connection string locally; the managed identity in Azure. The Storage SDK (with
 * its XML and Arrow parsers, about 1.4 MB of the bundle) is loaded by the first route that stores or
 * reads a file, not when the app starts.
 */
export function blobService(): Promise<BlobServiceClient> {
  service ??= import('@azure/storage-blob').then(({ BlobServiceClient }) => {
    const connectionString = readSetting('STORAGE_CONNECTION_STRING');
    return connectionString
      ? BlobServiceClient.fromConnectionString(connectionString)
      : new BlobServiceClient(requireSetting('STORAGE_BLOB_ENDPOINT'), azureCredential());
  });
  return service;
}

let identityService: Promise<BlobServiceClient> | undefined;

/**
 * Storage with the app's identity (a token), locally too: only a token may ask for a user delegation key,
 * which signs the SAS a browser uploads a large file with. In Azure it is the same as `blobService()`;
 * locally the token comes from the stand-in of the managed identity and Azurite runs with its OAuth option.
 */
export function identityBlobService(): Promise<BlobServiceClient> {
  identityService ??= import('@azure/storage-blob').then(
    ({ BlobServiceClient }) => new BlobServiceClient(requireSetting('STORAGE_BLOB_ENDPOINT'), azureCredential()),
  );
  return identityService;
}

/**
 * The address of one blob with a user delegation SAS that lets its holder write that blob only (Put
 * Block, Put Block List, and Put Blob: Storage has no permission for blocks alone), over HTTPS, until
 * `expiresOn`: never read, list, delete, nor touch another blob. Whatever a browser may write is never
 * served: name only a staging blob here (`blobContainers.documentUploads`), which the API checks and
 * copies to a name no SAS reaches.
 */
export async function writeOnlyBlobUrl(containerName: string, blobName: string, lifetimeMs: number): Promise<{ url: string; expiresOn: Date }> {
  if (!browserWritableContainers.includes(containerName)) throw new Error(`a browser may not write to the container ${containerName}: it is served`);
  const { BlobSASPermissions, SASProtocol, generateBlobSASQueryParameters } = await import('@azure/storage-blob');
  const service = await identityBlobService();
  // A few minutes back, for a browser whose clock runs behind Storage's.
  const startsOn = new Date(Date.now() - 5 * 60_000);
  // Whole seconds, as the SAS carries it.
  const expiresOn = new Date(Math.floor((Date.now() + lifetimeMs) / 1000) * 1000);
  const key = await service.getUserDelegationKey(startsOn, expiresOn);
  const sas = generateBlobSASQueryParameters(
    { containerName, blobName, permissions: BlobSASPermissions.parse('w'), startsOn, expiresOn, protocol: SASProtocol.Https },
    key,
    service.accountName,
  );
  return { url: `${service.getContainerClient(containerName).getBlockBlobClient(blobName).url}?${sas.toString()}`, expiresOn };
}

/** Local stack and tests only (infra/ sets it in Azure): the web origins may put blocks to a blob from the browser. */
export async function ensureBlobCors(origins: string[]): Promise<void> {
  const service = await blobService();
  await service.setProperties({
    cors: [
      {
        allowedOrigins: origins.join(','),
        allowedMethods: blobUploadCors.allowedMethods.join(','),
        allowedHeaders: blobUploadCors.allowedHeaders.join(','),
        exposedHeaders: blobUploadCors.exposedHeaders.join(','),
        maxAgeInSeconds: blobUploadCors.maxAgeInSeconds,
      },
    ],
  });
}

/** One of the app's blob containers (`blobContainers`). */
export const blobContainer = async (name: string): Promise<ContainerClient> => (await blobService()).getContainerClient(name);

/** Local stack and tests only: infra/ creates the containers in Azure. */
export async function ensureBlobContainers(): Promise<void> {
  for (const name of blobContainerList) await (await blobContainer(name)).createIfNotExists();
}
