import { historyMessages } from '@movers/contracts';
import { queryAll } from '../../platform/cosmos/client.ts';
import { conflict } from '../../platform/http/errors.ts';
import type { HistoryDoc } from '../../platform/history/recordedWrite.ts';
import type { RestoreHooks } from '../../platform/history/restoreHooks.ts';
import { claimTitle, type FloorDoc, releaseTitle, listPersonDocs, type MarkerDoc, markerKey, type PersonDoc, planner, readItem } from './planner.data.ts';
import { now, writePerson } from './writes.ts';

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

/**
 * A space or table comes back on its floor (in its space) with its title, while the floor (the space) is
 * there and no other marker took the title; the people its delete unassigned sit there again if they
 * still have no seat.
 */
export const markerRestoreHooks: RestoreHooks = {
  async beforeUndelete(doc) {
    const marker = doc as unknown as MarkerDoc;
    if (!(await readItem<FloorDoc>(marker.layoutId, 'floor'))) throw conflict('Its floor is gone: the space cannot come back');
    if (marker.spaceId && !(await readItem<MarkerDoc>(marker.spaceId, 'marker'))) throw conflict('Its space is gone: bring the space back first');
    if (!(await claimTitle(marker.moveId, markerKey(marker), marker.id)))
      throw conflict(`Another ${marker.markerType === 'room' ? 'space' : 'table'} has the title '${marker.title}' now`);
    return { doc };
  },
  // A title put back (a rename undone) is claimed as a rename claims it, so two markers never share one.
  async beforeRestore(current, next) {
    const [from, to] = [markerKey(current as unknown as MarkerDoc), markerKey(next as unknown as MarkerDoc)];
    if (from !== to && !(await claimTitle(String(current.moveId), to, current.id)))
      throw conflict(`Another ${current.markerType === 'room' ? 'space' : 'table'} has the title '${next.title}' now`);
  },
  async restoreFailed(current, next) {
    const [from, to] = [markerKey(current as unknown as MarkerDoc), markerKey(next as unknown as MarkerDoc)];
    if (from !== to) await releaseTitle(String(current.moveId), to);
  },
  async afterRestore(restored, before) {
    const [from, to] = [markerKey(before as unknown as MarkerDoc), markerKey(restored as unknown as MarkerDoc)];
    if (from !== to) await releaseTitle(String(before.moveId), from);
    return undefined;
  },
  async afterUndelete(doc, entry: HistoryDoc) {
    const marker = doc as unknown as MarkerDoc;
    const unassigned = await queryAll<HistoryDoc>(
      planner(),
      `SELECT * FROM c WHERE c.moveId = @m AND c.type = 'history' AND c.kind = 'person' AND c.seq > @seq AND c.route = @route AND EXISTS(SELECT VALUE x FROM x IN c.changes WHERE x.field = 'markerId' AND x["from"] = @marker)`,
      [
        { name: '@m', value: marker.moveId },
        { name: '@seq', value: entry.seq },
        { name: '@route', value: entry.route },
        { name: '@marker', value: marker.id },
      ],
    );
    const ids = new Set(unassigned.map((e) => e.recordId));
    for (const person of (await listPersonDocs(marker.moveId)).filter((p) => ids.has(p.id) && p.markerId === null)) {
      if (!(await seatFree(person, marker.id))) continue;
      const { etag: _e, ...rest } = person;
      await writePerson({ ...rest, markerId: marker.id, updatedAt: now(), updatedBy: String(doc.updatedBy ?? '') });
    }
  },
};
