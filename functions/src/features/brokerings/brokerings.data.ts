import type { Audit, BrokeringInput } from '@movers/contracts';
import { ancestorsOf, childId } from '../../platform/cosmos/childIds.ts';
import { container, queryAll, readDoc } from '../../platform/cosmos/client.ts';
import { NOT_HISTORY } from '../../platform/history/notHistory.ts';
import { type HistoryTarget, recordedWrite } from '../../platform/history/recordedWrite.ts';

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

/** Each write is recorded in the project's history, in one batch with it (platform/history). */
const target = (doc: { clientId: string; name: string }): HistoryTarget => ({
  container: 'brokerings',
  partitionKey: doc.clientId,
  kind: 'brokering',
  title: doc.name,
  what: 'brokering project',
});

export async function getBrokeringDoc(brokeringId: string) {
  const clientId = clientIdOfBrokering(brokeringId);
  if (!clientId) return undefined;
  const doc = await readDoc<BrokeringDoc & { type?: string }>(container('brokerings'), brokeringId, clientId);
  return doc?.type === 'history' ? undefined : (doc as (BrokeringDoc & { etag?: string }) | undefined);
}

export async function listBrokeringDocs(clientId: string) {
  return queryAll<BrokeringDoc>(container('brokerings'), `SELECT * FROM c WHERE c.clientId = @clientId AND ${NOT_HISTORY}`, [
    { name: '@clientId', value: clientId },
  ]);
}

export async function createBrokeringDoc(clientId: string, input: BrokeringInput, by: string) {
  const now = new Date().toISOString();
  const doc: BrokeringDoc = { id: newBrokeringId(clientId), clientId, ...input, createdAt: now, createdBy: by, updatedAt: now, updatedBy: by };
  return (await recordedWrite(target(doc), { after: doc }))!;
}

/** Replaces the editable fields; a stale ETag fails with 412 and changes nothing. */
export async function updateBrokeringDoc(brokeringId: string, input: BrokeringInput, by: string, etag: string) {
  const current = await getBrokeringDoc(brokeringId);
  if (!current) return undefined;
  const { etag: _read, ...stored } = current;
  const next: BrokeringDoc = { ...stored, ...input, updatedAt: new Date().toISOString(), updatedBy: by };
  return (await recordedWrite(target(next), { before: current, after: next, ifMatch: etag }))!;
}
