import type { BlobServiceClient, ContainerClient } from '@azure/storage-blob';
import { azureCredential } from '../azure/credential.ts';
import { readSetting, requireSetting } from '../config/config.ts';
import { blobContainerList } from '../cosmos/containers.ts';

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

/** One of the app's blob containers (`blobContainers`). */
export const blobContainer = async (name: string): Promise<ContainerClient> => (await blobService()).getContainerClient(name);

/** Local stack and tests only: infra/ creates the containers in Azure. */
export async function ensureBlobContainers(): Promise<void> {
  for (const name of blobContainerList) await (await blobContainer(name)).createIfNotExists();
}
