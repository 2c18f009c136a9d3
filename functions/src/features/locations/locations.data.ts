import type { Audit, LocationInput, LocationSummary } from '@movers/contracts';
import { randomUUID } from 'node:crypto';
import { container, queryAll, readDoc } from '../../platform/cosmos/client.ts';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import { NOT_HISTORY } from '../../platform/history/notHistory.ts';
import { type HistoryTarget, recordedWrite } from '../../platform/history/recordedWrite.ts';

/** A location as stored (partition key /clientId); the country is kept as its id. */
export type LocationDoc = LocationSummary & Audit;

/** Each write is recorded in the location's history, in one batch with it (platform/history). */
const target = (doc: { clientId: string; name: string }): HistoryTarget => ({
  container: 'locations',
  partitionKey: doc.clientId,
  kind: 'location',
  title: doc.name,
  what: 'location',
});

const strip = <T extends { etag?: string }>({ etag: _etag, ...rest }: T) => rest;

/** All locations of one client: a query on the partition key. */
export async function locationsOfClient(clientId: string): Promise<LocationSummary[]> {
  const rows = await queryAll<LocationSummary>(container('locations'), `SELECT * FROM c WHERE c.clientId = @clientId AND ${NOT_HISTORY}`, [
    { name: '@clientId', value: clientId },
  ]);
  return rows.map((row) => strip(row) as LocationSummary).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** Every location (the internal locations list): one cross-partition query. */
export async function listLocationDocs(): Promise<LocationDoc[]> {
  const rows = await queryAll<LocationDoc>(container('locations'), `SELECT * FROM c WHERE ${NOT_HISTORY}`);
  return rows.map((row) => strip(row) as LocationDoc);
}

/** Point read by id and partition key; undefined when missing or under another client. */
export async function getLocationDoc(clientId: string, locationId: string) {
  const doc = await readDoc<LocationDoc & { type?: string }>(container('locations'), locationId, clientId);
  return doc?.type === 'history' ? undefined : (doc as (LocationDoc & { etag?: string }) | undefined);
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
  return (await recordedWrite(target(doc), { after: doc }))!;
}

/** Replaces the editable fields; the move service and the client stay. A stale ETag fails with 412. */
export async function updateLocationDoc(clientId: string, locationId: string, input: LocationInput, by: string, etag: string) {
  const current = await getLocationDoc(clientId, locationId);
  if (!current) return undefined;
  const { etag: _read, ...stored } = current;
  const next: LocationDoc = { ...stored, ...fields(input), updatedAt: new Date().toISOString(), updatedBy: by };
  return (await recordedWrite(target(next), { before: current, after: next, ifMatch: etag }))!;
}

/** The client's counts as they are in the data: all locations, and those with the move service enabled. */
export async function countLocations(clientId: string) {
  const locations = await locationsOfClient(clientId);
  return { countOfLocations: locations.length, countOfActiveLocations: locations.filter((l) => l.services?.move?.isEnabled).length };
}

/** A location found by its id alone (the move routes carry no client id): one query across clients. */
export async function findLocationDoc(locationId: string): Promise<(LocationDoc & { etag?: string }) | undefined> {
  const rows = await queryAll<LocationDoc>(container('locations'), `SELECT * FROM c WHERE c.id = @id AND ${NOT_HISTORY}`, [{ name: '@id', value: locationId }]);
  return rows[0];
}

/**
 * Records the location's move service (its id and whether it is enabled), a change of the location in
 * its history by whoever changed the move. Written on the location as just read (read again when another
 * write came between), so no one's change is lost.
 */
export async function setMoveService(clientId: string, locationId: string, move: { id: string; isEnabled: boolean }) {
  for (let attempt = 0; ; attempt++) {
    const current = await getLocationDoc(clientId, locationId);
    if (!current) throw notFound('location not found');
    const { etag, ...stored } = current;
    if (JSON.stringify(stored.services?.move) === JSON.stringify(move)) return;
    const next: LocationDoc = { ...stored, services: { ...stored.services, move } };
    try {
      await recordedWrite(target(next), { before: current, after: next, ifMatch: etag });
      return;
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 412) || attempt >= 5) throw error;
    }
  }
}
