import type { Audit, Client, ClientInput, Country } from '@movers/contracts';
import { randomUUID } from 'node:crypto';
import { container, fromStored, mapCosmosError, queryAll, readDoc, replaceIfMatch } from '../../platform/cosmos/client.ts';

/** A client as stored: the country is kept as its id and joined on read. */
export interface ClientDoc extends Audit {
  id: string;
  name: string;
  orgNumber: string;
  active: boolean;
  countryId: string;
  countOfLocations: number;
  countOfActiveLocations: number;
}

export function toClient(doc: ClientDoc & { etag?: string }, countries: Country[]): Client {
  const { countryId, ...rest } = doc;
  const country = countries.find((c) => c.id === countryId) ?? { id: countryId, name: countryId };
  return { ...rest, country };
}

export async function listClientDocs(): Promise<(ClientDoc & { etag?: string })[]> {
  return queryAll<ClientDoc>(container('clients'), 'SELECT * FROM c');
}

export async function getClientDoc(id: string) {
  return readDoc<ClientDoc>(container('clients'), id, id);
}

export async function createClientDoc(input: ClientInput, by: string) {
  const now = new Date().toISOString();
  const doc: ClientDoc = {
    id: randomUUID(),
    ...input,
    countOfLocations: 0,
    countOfActiveLocations: 0,
    createdAt: now,
    createdBy: by,
    updatedAt: now,
    updatedBy: by,
  };
  const { resource } = await container('clients').items.create(doc);
  return fromStored<ClientDoc>(resource!);
}

/** Replaces the editable fields; a stale ETag fails with 412 and changes nothing. */
export async function updateClientDoc(id: string, input: ClientInput, by: string, etag: string) {
  const current = await getClientDoc(id);
  if (!current) return undefined;
  const { etag: _read, ...stored } = current;
  return replaceIfMatch<ClientDoc>(container('clients'), { ...stored, ...input, updatedAt: new Date().toISOString(), updatedBy: by }, id, etag, 'client');
}

/** Sets the location counts of a client (kept true by the locations feature after each write). */
export async function setLocationCounts(id: string, counts: { countOfLocations: number; countOfActiveLocations: number }) {
  try {
    await container('clients')
      .item(id, id)
      .patch([
        { op: 'set', path: '/countOfLocations', value: counts.countOfLocations },
        { op: 'set', path: '/countOfActiveLocations', value: counts.countOfActiveLocations },
      ]);
  } catch (error) {
    mapCosmosError(error, 'client');
  }
}
