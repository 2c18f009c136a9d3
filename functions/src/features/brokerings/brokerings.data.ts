import type { Audit, BrokeringInput } from '@movers/contracts';
import { ancestorsOf, childId } from '../../platform/cosmos/childIds.ts';
import { container, fromStored, queryAll, readDoc, replaceIfMatch } from '../../platform/cosmos/client.ts';

/** A brokering project as stored in 'brokerings' (partition key /clientId); people are kept as ids. */
export interface BrokeringDoc extends Audit, BrokeringInput {
  id: string;
  clientId: string;
}

/** A brokering id is made under its client's id, so `/v1/brokerings/{id}` is a point read (see childIds.ts). */
export const newBrokeringId = childId;

export function clientIdOfBrokering(brokeringId: string): string | null {
  const ancestors = ancestorsOf(brokeringId);
  return ancestors?.length === 1 ? ancestors[0] : null;
}

export async function getBrokeringDoc(brokeringId: string) {
  const clientId = clientIdOfBrokering(brokeringId);
  if (!clientId) return undefined;
  return readDoc<BrokeringDoc>(container('brokerings'), brokeringId, clientId);
}

export async function listBrokeringDocs(clientId: string) {
  return queryAll<BrokeringDoc>(container('brokerings'), 'SELECT * FROM c WHERE c.clientId = @clientId', [{ name: '@clientId', value: clientId }]);
}

export async function createBrokeringDoc(clientId: string, input: BrokeringInput, by: string) {
  const now = new Date().toISOString();
  const doc: BrokeringDoc = { id: newBrokeringId(clientId), clientId, ...input, createdAt: now, createdBy: by, updatedAt: now, updatedBy: by };
  const { resource } = await container('brokerings').items.create(doc);
  return fromStored<BrokeringDoc>(resource!);
}

/** Replaces the editable fields; a stale ETag fails with 412 and changes nothing. */
export async function updateBrokeringDoc(brokeringId: string, input: BrokeringInput, by: string, etag: string) {
  const current = await getBrokeringDoc(brokeringId);
  if (!current) return undefined;
  const { etag: _read, ...stored } = current;
  const next: BrokeringDoc = { ...stored, ...input, updatedAt: new Date().toISOString(), updatedBy: by };
  return replaceIfMatch(container('brokerings'), next, current.clientId, etag, 'brokering project');
}
