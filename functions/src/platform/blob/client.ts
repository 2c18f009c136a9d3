import { BlobServiceClient } from '@azure/storage-blob';
import { DefaultAzureCredential } from '@azure/identity';
import { readSetting, requireSetting } from '../config/config.ts';
import { blobContainerList } from '../cosmos/containers.ts';

let service: BlobServiceClient | undefined;

/** Azurite through its connection string locally; the managed identity in Azure. */
export function blobService(): BlobServiceClient {
  if (!service) {
    const connectionString = readSetting('STORAGE_CONNECTION_STRING');
    service = connectionString
      ? BlobServiceClient.fromConnectionString(connectionString)
      : new BlobServiceClient(requireSetting('STORAGE_BLOB_ENDPOINT'), new DefaultAzureCredential());
  }
  return service;
}

/** Local stack and tests only: infra/ creates the containers in Azure. */
export async function ensureBlobContainers(): Promise<void> {
  for (const name of blobContainerList) await blobService().getContainerClient(name).createIfNotExists();
}
