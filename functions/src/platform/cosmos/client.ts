import { CosmosClient, type Container, type ItemDefinition, type SqlParameter } from '@azure/cosmos';
import { azureCredential } from '../azure/credential.ts';
import { readSetting, requireSetting } from '../config/config.ts';
import { conflict, notFound, preconditionFailed } from '../http/errors.ts';
import { cosmosCondition } from '../http/ifMatch.ts';
import { containerList, containers, DATABASE_ID_DEFAULT, type ContainerKey } from './containers.ts';

let client: CosmosClient | undefined;

/** Key auth for the local emulator; the managed identity (Entra) in Azure, where key auth is off. */
export function cosmosClient(): CosmosClient {
  if (!client) {
    const endpoint = requireSetting('COSMOS_ENDPOINT');
    const key = readSetting('COSMOS_KEY');
    client = key
      ? new CosmosClient({ endpoint, key, connectionPolicy: { enableEndpointDiscovery: false } })
      : new CosmosClient({ endpoint, aadCredentials: azureCredential() });
  }
  return client;
}

export function databaseId(): string {
  return readSetting('COSMOS_DATABASE') ?? DATABASE_ID_DEFAULT;
}

export function container(key: ContainerKey): Container {
  return cosmosClient().database(databaseId()).container(containers[key].id);
}

/** Creates the database and every container when missing. Local stack and tests only: infra/ does it in Azure. */
export async function ensureCosmos(): Promise<void> {
  const { database } = await cosmosClient().databases.createIfNotExists({ id: databaseId() });
  for (const def of containerList) {
    await database.containers.createIfNotExists({
      id: def.id,
      partitionKey: { paths: [def.partitionKey] },
      ...(def.uniqueKeys ? { uniqueKeyPolicy: { uniqueKeys: def.uniqueKeys.map((paths) => ({ paths })) } } : {}),
    });
  }
}

/** Test and reset helper: forgets the cached client so new settings take effect. */
export function resetCosmosClient(): void {
  client = undefined;
}

export type Stored<T> = T & { id: string; _etag?: string };

/** Removes Cosmos system properties and exposes the ETag as `etag`. */
export function fromStored<T extends object>(doc: ItemDefinition): T & { etag?: string } {
  const { _rid, _self, _ts, _attachments, _etag, ...rest } = doc as Record<string, unknown>;
  return { ...(rest as T), etag: _etag as string | undefined };
}

export function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? Number((error as { code: unknown }).code) : undefined;
}

/** Point read by id and partition key; undefined when missing. */
export async function readDoc<T extends object>(c: Container, id: string, partitionKey: string): Promise<(T & { etag?: string }) | undefined> {
  try {
    const { resource } = await c.item(id, partitionKey).read();
    return resource ? fromStored<T>(resource) : undefined;
  } catch (error) {
    if (statusOf(error) === 404) return undefined;
    throw error;
  }
}

/** Maps Cosmos status codes to the API's errors. */
export function mapCosmosError(error: unknown, what = 'item'): never {
  const status = statusOf(error);
  if (status === 404) throw notFound(`${what} not found`);
  if (status === 412) throw preconditionFailed();
  if (status === 409) throw conflict(`${what} already exists`);
  throw error;
}

/** Runs a parameterised query and returns every result. */
export async function queryAll<T extends object>(c: Container, query: string, parameters: SqlParameter[] = []): Promise<(T & { etag?: string })[]> {
  const { resources } = await c.items.query({ query, parameters }).fetchAll();
  return resources.map((r) => fromStored<T>(r));
}

/** The documents of one type with these ids in a move's partition (one query, `ARRAY_CONTAINS` of the ids); none read for none asked. */
export async function queryMoveDocsById<T extends object>(c: Container, type: string, moveId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return queryAll<T>(c, 'SELECT * FROM c WHERE c.moveId = @m AND c.type = @type AND ARRAY_CONTAINS(@ids, c.id)', [
    { name: '@m', value: moveId },
    { name: '@type', value: type },
    { name: '@ids', value: [...ids] },
  ]);
}

/**
 * Replaces a document only while it still has the ETag the caller read (`*`: any version): a stale one
 * is 412 and nothing changes. Every update goes through here, with the If-Match the route pipeline required.
 */
export async function replaceIfMatch<T extends { id: string }>(
  c: Container,
  doc: T,
  partitionKey: string,
  etag: string,
  what: string,
): Promise<T & { etag?: string }> {
  try {
    const { resource } = await c.item(doc.id, partitionKey).replace(doc, cosmosCondition(etag));
    return fromStored<T>(resource!);
  } catch (error) {
    return mapCosmosError(error, what);
  }
}

/** Deletes a document only while it still has the ETag the caller read (412 otherwise, 404 when gone). */
export async function deleteIfMatch(c: Container, id: string, partitionKey: string, etag: string, what: string): Promise<void> {
  try {
    await c.item(id, partitionKey).delete(cosmosCondition(etag));
  } catch (error) {
    mapCosmosError(error, what);
  }
}
