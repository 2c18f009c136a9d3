import { readDoc } from '../../platform/cosmos/client.ts';
import { notFound } from '../../platform/http/errors.ts';
import { type HistoryTarget, recordedWrite } from '../../platform/history/recordedWrite.ts';
import type { FloorDoc, MarkerDoc, PersonDoc, Stored } from './planner.data.ts';
import { planner } from './planner.data.ts';

// The planner's writes of one item, shared by its floor, marker, people and import routes. Each is
// recorded in the move's history with the item, in one batch (platform/history).

type PlannerDoc = FloorDoc | MarkerDoc | PersonDoc;

const targetOf = (doc: PlannerDoc, what: string): HistoryTarget => ({
  container: 'planner',
  partitionKey: doc.moveId,
  kind: doc.type,
  moveId: doc.moveId,
  title: doc.type === 'person' ? doc.name : doc.title,
  what,
});

/** Creates a floor or marker. */
export const createAs = async <T extends PlannerDoc>(doc: T, what: string) => (await recordedWrite(targetOf(doc, what), { after: doc }))!;

/**
 * Replaces a document while it has the caller's ETag; `*` (the caller accepts any version) replaces
 * whatever is there now. `before` is the document as the caller read it.
 */
export async function replaceAs<T extends PlannerDoc>(doc: T, ifMatch: string | undefined, what: string, before?: Stored<T>): Promise<Stored<T>> {
  const current = before ?? (await readDoc<T>(planner(), doc.id, doc.moveId));
  if (!current) throw notFound(`${what} not found`);
  return (await recordedWrite(targetOf(doc, what), { before: current, after: doc, ifMatch }))!;
}

/** Deletes a document (as read) while it has the caller's ETag; `*` deletes whatever is there now. */
export async function deleteAs(doc: Stored<PlannerDoc>, ifMatch: string | undefined, what: string): Promise<void> {
  await recordedWrite<PlannerDoc>(targetOf(doc, what), { before: doc, ifMatch });
}

/** When a change was made, in the audit fields. */
export const now = () => new Date().toISOString();

/** Writes a person whole, new or not: the last write of one person wins. */
export async function writePerson(doc: PersonDoc) {
  const before = await readDoc<PersonDoc>(planner(), doc.id, doc.moveId);
  const saved = await recordedWrite(targetOf(doc, 'person'), { before, after: doc });
  return saved ? { _etag: saved.etag } : undefined;
}
