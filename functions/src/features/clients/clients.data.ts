import type { Audit, Client, ClientInput, Country } from '@movers/contracts';
import { randomUUID } from 'node:crypto';
import { container, mapCosmosError, queryAll, readDoc } from '../../platform/cosmos/client.ts';
import { withoutHistory } from '../../platform/history/notHistory.ts';
import { type HistoryTarget, recordedWrite } from '../../platform/history/recordedWrite.ts';

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
  const { countryId, ...rest } = withoutHistory(doc);
  const country = countries.find((c) => c.id === countryId) ?? { id: countryId, name: countryId };
  return { ...rest, country };
}

/** A client keeps its history in itself (platform/history): `history` is read only to write it on. */
const target = (doc: { id: string; name: string }): HistoryTarget => ({
  container: 'clients',
  partitionKey: doc.id,
  kind: 'client',
  title: doc.name,
  what: 'client',
});

/** A client's stored fields: the list reads these, never the history each client carries (up to 500 entries). */
const CLIENT_FIELDS = [
  'id',
  'name',
  'orgNumber',
  'active',
  'countryId',
  'countOfLocations',
  'countOfActiveLocations',
  'createdAt',
  'createdBy',
  'updatedAt',
  'updatedBy',
  '_etag',
] as const satisfies readonly (keyof ClientDoc | '_etag')[];

export async function listClientDocs(): Promise<(ClientDoc & { etag?: string })[]> {
  return (await queryAll<ClientDoc>(container('clients'), `SELECT ${CLIENT_FIELDS.map((f) => `c.${f}`).join(', ')} FROM c`)).map(withoutHistory);
}

/** The client as other features read it: never with its history. */
export async function getClientDoc(id: string) {
  const doc = await readDoc<ClientDoc>(container('clients'), id, id);
  return doc && withoutHistory(doc);
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
  return (await recordedWrite(target(doc), { after: doc }))!;
}

/** Replaces the editable fields; a stale ETag fails with 412 and changes nothing. */
export async function updateClientDoc(id: string, input: ClientInput, by: string, etag: string) {
  // Read with its history, which the write keeps (and adds the entry to).
  const current = await readDoc<ClientDoc>(container('clients'), id, id);
  if (!current) return undefined;
  const { etag: _read, ...stored } = current;
  const next: ClientDoc = { ...stored, ...input, updatedAt: new Date().toISOString(), updatedBy: by };
  return (await recordedWrite(target(next), { before: current, after: next, ifMatch: etag }))!;
}

/**
 * Sets the location counts of a client (kept true by the locations feature after each write). Counted
 * from the locations, not changed by anyone: not recorded (each location's own change is). A patch keeps
 * the client's history as it is.
 */
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
