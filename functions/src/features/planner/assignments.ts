import { messages } from '@movers/contracts';
import { HttpError } from '../../platform/http/errors.ts';
import {
  type FloorDoc,
  listMarkerDocs,
  listPersonDocs,
  type MarkerDoc,
  markerKey,
  moveIdOfItem,
  type PersonDoc,
  readItem,
  releaseTitle,
  type Stored,
} from './planner.data.ts';
import { deleteAs, now, writePerson } from './writes.ts';

// Who sits on which marker: a person is placed on a marker of their move, and goes back to the
// unassigned when that marker or its floor goes. The marker, floor and people routes share these rules.

/** 422: the marker named is no marker of the person's move. */
/** The spec's 422 for a person at no marker of the move, naming the field as every unknown record in a body is named. */
export const invalidRequest = () =>
  new HttpError(422, 'unprocessable', messages.planner.errors.invalidRequest, { move_layout_marker_id: messages.planner.errors.invalidRequest });

/** Clears the assignments of the people at any of the markers; answers how many. */
export async function unassignAt(moveId: string, markerIds: string[], by: string): Promise<number> {
  if (markerIds.length === 0) return 0;
  const ids = new Set(markerIds);
  const affected = (await listPersonDocs(moveId)).filter((person) => person.markerId && ids.has(person.markerId));
  for (const person of affected) {
    const { etag: _e, ...doc } = person;
    await writePerson({ ...doc, markerId: null, updatedAt: now(), updatedBy: by });
  }
  return affected.length;
}

/** A marker a person may be assigned to: one of the same move, else 422. */
export async function assignableMarker(moveId: string, markerId: string | null) {
  if (markerId === null) return null;
  if (moveIdOfItem(markerId) !== moveId) throw invalidRequest();
  const marker = await readItem<MarkerDoc>(markerId, 'marker');
  if (!marker) throw invalidRequest();
  return marker;
}

/** After assigning: when the marker was removed meanwhile, the person goes back to the unassigned (never lost, never in two places). */
export async function settleAssignment(saved: Stored<PersonDoc>): Promise<Stored<PersonDoc>> {
  if (!saved.markerId || (await readItem<MarkerDoc>(saved.markerId, 'marker'))) return saved;
  const { etag: _e, ...doc } = saved;
  const resource = await writePerson({ ...doc, markerId: null });
  return { ...saved, markerId: null, etag: resource?._etag };
}

/** Deletes markers and frees their titles (the people's assignments are cleared by the caller). */
export async function removeMarkers(moveId: string, markers: MarkerDoc[]) {
  for (const m of markers) {
    await deleteAs(m, '*', 'marker').catch(() => undefined);
    await releaseTitle(moveId, markerKey(m));
  }
}

/** Removes a floor's markers; the people placed on them become unassigned first. */
export async function clearFloor(floor: FloorDoc, by: string) {
  const markers = await listMarkerDocs(floor.moveId, floor.id);
  await unassignAt(
    floor.moveId,
    markers.map((m) => m.id),
    by,
  );
  await removeMarkers(floor.moveId, markers);
}
