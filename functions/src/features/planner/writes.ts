import { deleteIfMatch, fromStored, mapCosmosError, replaceIfMatch } from '../../platform/cosmos/client.ts';
import { type PersonDoc, planner, type Stored } from './planner.data.ts';

// The planner's writes of one item, shared by its floor, marker and people routes.

/** Replaces a document while it has the caller's ETag; `*` (the caller accepts any version) replaces whatever is there now. */
export async function replaceAs<T extends { id: string; moveId: string }>(doc: T, ifMatch: string | undefined, what: string): Promise<Stored<T>> {
  if (ifMatch && ifMatch !== '*') return replaceIfMatch(planner(), doc, doc.moveId, ifMatch, what);
  try {
    const { resource } = await planner().item(doc.id, doc.moveId).replace(doc);
    return fromStored<T>(resource!);
  } catch (error) {
    return mapCosmosError(error, what);
  }
}

/** Deletes a document while it has the caller's ETag; `*` deletes whatever is there now. */
export async function deleteAs(doc: { id: string; moveId: string }, ifMatch: string | undefined, what: string) {
  if (ifMatch && ifMatch !== '*') return deleteIfMatch(planner(), doc.id, doc.moveId, ifMatch, what);
  await planner()
    .item(doc.id, doc.moveId)
    .delete()
    .catch((error) => mapCosmosError(error, what));
}

/** When a change was made, in the audit fields. */
export const now = () => new Date().toISOString();

/** Writes a person whole, new or not: the last write of one person wins. */
export const writePerson = async (doc: PersonDoc) => (await planner().items.upsert(doc)).resource;
