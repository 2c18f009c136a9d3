import { historyMessages } from '@movers/contracts';
import { conflict } from '../../platform/http/errors.ts';
import type { RestoreHooks } from '../../platform/history/restoreHooks.ts';
import { listPersonDocs, type MarkerDoc, type PersonDoc, readItem } from './planner.data.ts';

/** Whether a person may sit at the marker now: it exists, and a table seats one (a space seats many). */
async function seatFree(person: Pick<PersonDoc, 'id' | 'moveId'>, markerId: string): Promise<boolean> {
  const marker = await readItem<MarkerDoc>(markerId, 'marker');
  if (!marker) return false;
  if (marker.markerType !== 'table') return true;
  return !(await listPersonDocs(person.moveId)).some((other) => other.id !== person.id && other.markerId === markerId);
}

/** A person comes back to their seat only while it is free; a restored seat must be free. */
export const personRestoreHooks: RestoreHooks = {
  async beforeUndelete(doc) {
    const person = doc as unknown as PersonDoc;
    if (!person.markerId || (await seatFree(person, person.markerId))) return { doc };
    return { doc: { ...doc, markerId: null }, notice: historyMessages.seatTaken };
  },
  async beforeRestore(current, next) {
    const markerId = (next as unknown as PersonDoc).markerId;
    if (markerId && markerId !== (current as unknown as PersonDoc).markerId && !(await seatFree(current as unknown as PersonDoc, markerId)))
      throw conflict('That seat is taken now, or it no longer exists: choose another seat');
  },
};
