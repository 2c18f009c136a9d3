import type { Audit, LocationInput, LocationSummary } from '@movers/contracts';
import { randomUUID } from 'node:crypto';
import { container, fromStored, mapCosmosError, queryAll, readDoc, replaceIfMatch } from '../../platform/cosmos/client.ts';

/** A location as stored (partition key /clientId); the country is kept as its id. */
export type LocationDoc = LocationSummary & Audit;

const strip = <T extends { etag?: string }>({ etag: _etag, ...rest }: T) => rest;

/** All locations of one client: a query on the partition key. */
export async function locationsOfClient(clientId: string): Promise<LocationSummary[]> {
  const rows = await queryAll<LocationSummary>(container('locations'), 'SELECT * FROM c WHERE c.clientId = @clientId', [
    { name: '@clientId', value: clientId },
  ]);
  return rows.map((row) => strip(row) as LocationSummary).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** Every location (the internal locations list): one cross-partition query. */
export async function listLocationDocs(): Promise<LocationDoc[]> {
  const rows = await queryAll<LocationDoc>(container('locations'), 'SELECT * FROM c');
  return rows.map((row) => strip(row) as LocationDoc);
}

/** Point read by id and partition key; undefined when missing or under another client. */
export async function getLocationDoc(clientId: string, locationId: string) {
  return readDoc<LocationDoc>(container('locations'), locationId, clientId);
}

const fields = (input: LocationInput) => ({
  name: input.name,
  address: input.address,
  city: input.city,
  country: { id: input.countryId },
  isOffice: input.isOffice,
  isStorage: input.isStorage,
  isProduction: input.isProduction,
});

/** A new location has no move service yet (it is created later from the location dashboard). */
export async function createLocationDoc(clientId: string, input: LocationInput, by: string) {
  const now = new Date().toISOString();
  const doc: LocationDoc = {
    id: randomUUID(),
    clientId,
    ...fields(input),
    services: { move: { id: null, isEnabled: false } },
    createdAt: now,
    createdBy: by,
    updatedAt: now,
    updatedBy: by,
  };
  const { resource } = await container('locations').items.create(doc);
  return fromStored<LocationDoc>(resource!);
}

/** Replaces the editable fields; the move service and the client stay. A stale ETag fails with 412. */
export async function updateLocationDoc(clientId: string, locationId: string, input: LocationInput, by: string, etag: string) {
  const current = await getLocationDoc(clientId, locationId);
  if (!current) return undefined;
  const { etag: _read, ...stored } = current;
  const next: LocationDoc = { ...stored, ...fields(input), updatedAt: new Date().toISOString(), updatedBy: by };
  return replaceIfMatch(container('locations'), next, clientId, etag, 'location');
}

/** The client's counts as they are in the data: all locations, and those with the move service enabled. */
export async function countLocations(clientId: string) {
  const locations = await locationsOfClient(clientId);
  return { countOfLocations: locations.length, countOfActiveLocations: locations.filter((l) => l.services?.move?.isEnabled).length };
}

/** A location found by its id alone (the move routes carry no client id): one query across clients. */
export async function findLocationDoc(locationId: string): Promise<(LocationDoc & { etag?: string }) | undefined> {
  const rows = await queryAll<LocationDoc>(container('locations'), 'SELECT * FROM c WHERE c.id = @id', [{ name: '@id', value: locationId }]);
  return rows[0];
}

/** Records the location's move service (its id and whether it is enabled), then the client's counts. */
export async function setMoveService(clientId: string, locationId: string, move: { id: string; isEnabled: boolean }) {
  try {
    await container('locations')
      .item(locationId, clientId)
      .patch([{ op: 'set', path: '/services/move', value: move }]);
  } catch (error) {
    mapCosmosError(error, 'location');
  }
}
