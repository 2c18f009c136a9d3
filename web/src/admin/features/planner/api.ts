import {
  type ContentLocale,
  type Floor,
  type FloorWithMarkers,
  type FloorWithPlaces,
  type Marker,
  type MarkerSize,
  type MarkerUser,
  type MoveOverview,
  api as routes,
  type SeatLetterScope,
} from '@movers/contracts';
import useSWR, { mutate } from 'swr';
import { useApi } from '../../../common/api/ApiContext.tsx';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { ApiError } from '../../../common/api/errors.ts';
import { callRoute, keyOf, remember, revalidate, uploadRoute, useRoute } from '../../../common/api/route.ts';
import { useTaggedList } from '../../../common/api/useResource.ts';
import { wavesChanged } from '../waves/index.ts';
import { allMarkersKey, floorsKey, moveKey, type PeopleList, peopleKey, shapePeople } from './firstReads.ts';
import { markerChange, type Perform, type UndoAction, type UndoHistory, type UndoStep, undoHistory } from './undo.ts';
import { type WriteQueue, writeQueue } from './writeQueue.ts';

// The floor-plan planner's calls (spec part 2, section 7). Every write goes through the move's one queue,
// so writes reach the server in the order they were made; each write updates the cache itself.

const queues = new Map<string, WriteQueue>();
/** The move's write queue: one per move, shared by the steps. */
export function plannerQueue(moveId: string): WriteQueue {
  let queue = queues.get(moveId);
  if (!queue) {
    queue = writeQueue();
    queues.set(moveId, queue);
  }
  return queue;
}

const floorKey = (layoutId: string) => keyOf(routes.planner.getFloor, { layoutId });
const lettersKey = (moveId: string) => keyOf(routes.seatLetters.get, { moveId });

/**
 * Who can get a seat letter follows people, their addresses and seats, and the floors (published or not):
 * every planner write that changes one of them reads the letters' state again, here and not in the screens.
 */
const changedLetters = (moveId: string) => revalidate(lettersKey(moveId));

export const useMoveOverview = (moveId: string) => useRoute(routes.moves.get, moveId ? { moveId } : null);
/** The move-day board's seats with a report not resolved (issue 36): the floor view marks them. */
export const useMoveDayBoard = (moveId: string) => useRoute(routes.moveDay.board, moveId ? { moveId } : null);
/** The move's waves (issue 48): labels carry each person's. */
export const useMoveWaves = (moveId: string) => useRoute(routes.waves.list, moveId ? { moveId } : null);
export const useFloors = (moveId: string) => useRoute(routes.planner.floors, moveId ? { moveId } : null);
export const useFloor = (layoutId: string | null) => useRoute(routes.planner.getFloor, layoutId ? { layoutId } : null);

export const usePeople = (moveId: string) => useTaggedList(moveId ? peopleKey(moveId) : null, shapePeople);

/** Every floor with its markers, for the people and labels steps: one read of the move, not one a floor (issue 56). '' reads nothing. */
export function useAllMarkers(moveId: string) {
  const api = useApi();
  return useSWR<FloorWithPlaces[]>(moveId ? allMarkersKey(moveId) : null, (path: string) => api.get<FloorWithPlaces[]>(path), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

const changedFloors = (moveId: string) => Promise.all([revalidate(floorsKey(moveId)), revalidateAllMarkers(moveId), changedLetters(moveId)]);
const revalidateAllMarkers = (moveId: string) => revalidate(allMarkersKey(moveId));

// ---- Floors ---------------------------------------------------------------------------------------

export interface NewFloor {
  floor_name: string;
  floor_size: 'small' | 'large';
  label_color: string | null;
  isDefault: boolean;
  file: File;
  /** The PDF the plan was rendered from, kept with the floor (issue 50). */
  source?: File;
}

export function createFloor(api: ApiClient, moveId: string, floor: NewFloor, onProgress?: (fraction: number) => void) {
  return plannerQueue(moveId).run(async () => {
    const fields: Record<string, string> = {
      floor_name: floor.floor_name,
      floor_size: floor.floor_size,
      published: 'true',
      isDefault: String(floor.isDefault),
    };
    if (floor.label_color) fields.label_color = floor.label_color;
    const created = await uploadRoute(api, routes.planner.createFloor, { params: { moveId }, file: floor.file, attachment: floor.source, fields, onProgress });
    await changedFloors(moveId);
    return created;
  });
}

export type FloorChange = {
  floor_name?: string;
  label_color?: Floor['label_color'];
  floor_size?: Floor['floor_size'];
  isDefault?: boolean;
  /** Directions for the people moving in, shown on their own page (issue 36); null removes them. */
  directions?: string | null;
  /** The calibration (issue 50); null removes it. */
  scale?: Floor['scale'];
  /** Where people come onto the floor; null removes it. */
  entrance?: Floor['entrance'];
};

/** A title another floor has is swapped by the server, and setting a default unsets the other: the list is read again. */
export function updateFloor(api: ApiClient, floor: Floor, change: FloorChange) {
  return plannerQueue(floor.moveId).run(async () => {
    const current = await currentFloor(floor);
    const saved = await callRoute(api, routes.planner.updateFloor, { params: { layoutId: floor.id }, body: change, etag: current.etag });
    await changedFloors(floor.moveId);
    await revalidate(floorKey(floor.id));
    return saved;
  });
}

/**
 * The floor's ETag as the cache has it now: a queued write runs after the writes before it, so it reads
 * the floor's latest version from the cache rather than the one the screen had when it was made.
 */
async function currentFloor(floor: Floor): Promise<Floor> {
  return (await cached<Floor[]>(floorsKey(floor.moveId)))?.find((f) => f.id === floor.id) ?? floor;
}

/** What the cache holds under a key now (SWR has no getter: an update that keeps the value reads it). */
async function cached<T>(key: string): Promise<T | undefined> {
  let value: T | undefined;
  await mutate<T>(
    key,
    (current) => {
      value = current;
      return current;
    },
    { revalidate: false },
  );
  return value;
}

/** The PDF a floor's plan was rendered from, to offer its pages again (issue 50). */
export async function floorSource(api: ApiClient, floor: Floor): Promise<File | null> {
  if (!floor.source) return null;
  const blob = await api.blob(keyOf(routes.planner.source, { layoutId: floor.id }, { v: floor.source.version }));
  return new File([blob], floor.source.file_name, { type: 'application/pdf' });
}

/** Replaces the image; a new aspect ratio is refused (409) unless `confirmReset`, which removes the markers. */
export function replaceFloorImage(api: ApiClient, floor: Floor, file: File, confirmReset: boolean, source?: File) {
  return plannerQueue(floor.moveId).run(async () => {
    const current = await currentFloor(floor);
    const saved = await uploadRoute(api, routes.planner.replaceImage, {
      params: { layoutId: floor.id },
      query: confirmReset ? { confirmReset: 'true' } : undefined,
      file,
      attachment: source,
      etag: current.etag,
    });
    await changedFloors(floor.moveId);
    await Promise.all([revalidate(floorKey(floor.id)), revalidate(peopleKey(floor.moveId))]);
    return saved;
  });
}

export function deleteFloor(api: ApiClient, floor: Floor) {
  return plannerQueue(floor.moveId).run(async () => {
    const current = await currentFloor(floor);
    await callRoute(api, routes.planner.deleteFloor, { params: { layoutId: floor.id }, etag: current.etag });
    await changedFloors(floor.moveId);
    await revalidate(peopleKey(floor.moveId));
  });
}

// ---- Markers --------------------------------------------------------------------------------------

export interface MarkerInput {
  marker_type: 'room' | 'table';
  title: string;
  coordinates: { positionX: number; positionY: number };
  openSpace: boolean;
  spaceId: string | null;
  /** Not sent: a change keeps the marker's size; null: a pin. */
  size?: MarkerSize | null;
}

/** The floor in the cache with one marker added, replaced or removed: the screen shows it without reading again. */
async function rememberMarkers(layoutId: string, change: (markers: Marker[]) => Marker[]) {
  await mutate<FloorWithMarkers>(floorKey(layoutId), (floor) => (floor ? { ...floor, markers: change(floor.markers) } : floor), { revalidate: false });
}

export function createMarker(api: ApiClient, floor: Floor, marker: MarkerInput) {
  return plannerQueue(floor.moveId).run(async () => {
    const saved = await callRoute(api, routes.planner.createMarker, { params: { layoutId: floor.id }, body: marker });
    await rememberMarkers(floor.id, (markers) => [...markers, saved]);
    plannerUndo(floor.moveId).record(markerStep(saved, 'place', null, await floorMarkers(floor.id)));
    void revalidateAllMarkers(floor.moveId);
    return saved;
  });
}

export function updateMarker(api: ApiClient, floor: Floor, marker: Marker, change: Omit<MarkerInput, 'marker_type'>) {
  return plannerQueue(floor.moveId).run(async () => {
    const current = (await cached<FloorWithMarkers>(floorKey(floor.id)))?.markers.find((m) => m.id === marker.id) ?? marker;
    const saved = await callRoute(api, routes.planner.updateMarker, { params: { markerId: marker.id }, body: change, etag: current.etag });
    await rememberMarkers(floor.id, (markers) => markers.map((m) => (m.id === saved.id ? saved : m)));
    const action = markerChange(current, saved);
    if (action) plannerUndo(floor.moveId).record(markerStep(saved, action, await latestEntryId(api, 'marker', saved.id), await floorMarkers(floor.id)));
    void revalidateAllMarkers(floor.moveId);
    void changedLetters(floor.moveId);
    return saved;
  });
}

/** Removing a space removes its tables; the people placed there become unassigned (the people are read again). */
export function deleteMarker(api: ApiClient, floor: Floor, marker: Marker) {
  return plannerQueue(floor.moveId).run(async () => {
    const current = (await cached<FloorWithMarkers>(floorKey(floor.id)))?.markers.find((m) => m.id === marker.id) ?? marker;
    const title = markerTitleOf(current, await floorMarkers(floor.id));
    await callRoute(api, routes.planner.deleteMarker, { params: { markerId: marker.id }, etag: current.etag });
    plannerUndo(floor.moveId).record({ ...markerStep(current, 'remove', await latestEntryId(api, 'marker', marker.id), []), title });
    await rememberMarkers(floor.id, (markers) => markers.filter((m) => m.id !== marker.id && m.spaceId !== marker.id));
    await Promise.all([revalidate(peopleKey(floor.moveId)), revalidateAllMarkers(floor.moveId), changedLetters(floor.moveId)]);
  });
}

// ---- Undo and redo (issue 50) ----------------------------------------------------------------------

const undoHistories = new Map<string, UndoHistory>();
/** The user's own changes in the move's planner, to undo and redo: one per move, shared by the steps. */
export function plannerUndo(moveId: string): UndoHistory {
  let history = undoHistories.get(moveId);
  if (!history) {
    history = undoHistory();
    undoHistories.set(moveId, history);
  }
  return history;
}

/** A marker as the planner names it: a table with its space's title ('304 A'). */
function markerTitleOf(marker: Marker, markers: Marker[]) {
  if (marker.marker_type === 'room') return marker.title;
  return `${markers.find((m) => m.id === marker.spaceId)?.title ?? ''}${marker.title}`;
}

const markerStep = (marker: Marker, action: UndoAction, entryId: string | null, markers: Marker[]): UndoStep => ({
  kind: 'marker',
  recordId: marker.id,
  layoutId: marker.move_layout_id,
  action,
  title: markerTitleOf(marker, markers),
  entryId,
});

const floorMarkers = async (layoutId: string) => (await cached<FloorWithMarkers>(floorKey(layoutId)))?.markers ?? [];

/**
 * The entry the user's own write just made: the record's newest, read in the queue before the user's next
 * write. Should someone else's write have come between, its entry is read instead, and the undo of it is
 * refused anyway, as the record then changed after the user's write.
 */
async function latestEntryId(api: ApiClient, kind: 'marker' | 'person', recordId: string): Promise<string | null> {
  const page = await callRoute(api, routes.history.record, { params: { recordKind: kind, recordId }, query: { limit: '1' } });
  return page.entries[0]?.id ?? null;
}

/** The record's ETag now: the cache's (kept by the user's own writes), else read. */
async function currentEtag(api: ApiClient, moveId: string, step: UndoStep): Promise<string | undefined> {
  if (step.kind === 'marker') {
    const key = floorKey(step.layoutId!);
    const floor = (await cached<FloorWithMarkers>(key)) ?? (await api.get<FloorWithMarkers>(key));
    return floor.markers.find((m) => m.id === step.recordId)?.etag;
  }
  const list = await cached<PeopleList>(peopleKey(moveId));
  const people = list?.people ?? (await api.get<MarkerUser[]>(peopleKey(moveId)));
  return people.find((p) => p.id === step.recordId)?.etag;
}

/** What the server says when the record is someone else's change now: gone, changed (412), or refused (409). */
const REFUSED = new Set([404, 409, 412]);

/**
 * Undoes or redoes one step in the move's write queue: a placing is undone by removing the marker, a
 * removal by bringing it back from its delete entry (with its people); any other change by restoring the
 * entry's state before (undo) or after (redo) on the record's current ETag. Every call asks the server to
 * refuse when someone else changed the record since.
 */
export const performUndo =
  (api: ApiClient, moveId: string): Perform =>
  (step, direction) =>
    plannerQueue(moveId).run(async () => {
      const params = { recordKind: step.kind, recordId: step.recordId };
      try {
        if (step.kind === 'marker' && (step.action === 'place' || step.action === 'remove')) {
          const floor = { id: step.layoutId!, moveId };
          const removing = (step.action === 'place') === (direction === 'undo');
          if (removing) {
            const etag = await currentEtag(api, moveId, step);
            if (!etag) return { done: false };
            await callRoute(api, routes.planner.deleteMarker, { params: { markerId: step.recordId }, etag });
            const entryId = await latestEntryId(api, 'marker', step.recordId);
            await restoredMarker(floor);
            return { done: true, entryId };
          }
          await callRoute(api, routes.history.restore, { params, body: { entryId: step.entryId!, unlessChangedByOthers: true } });
          await restoredMarker(floor);
          return { done: true };
        }
        const etag = await currentEtag(api, moveId, step);
        if (!etag) return { done: false };
        await callRoute(api, routes.history.restore, {
          params,
          body: { entryId: step.entryId!, state: direction === 'undo' ? 'before' : 'after', unlessChangedByOthers: true },
          etag,
        });
        if (step.kind === 'marker') await restoredMarker({ id: step.layoutId!, moveId });
        else await Promise.all([restoredPerson(moveId), revalidateAllMarkers(moveId)]);
        return { done: true };
      } catch (error) {
        if (error instanceof ApiError && REFUSED.has(error.status)) return { done: false };
        throw error;
      }
    });

// ---- People ---------------------------------------------------------------------------------------

async function rememberPeople(moveId: string, change: (people: MarkerUser[]) => MarkerUser[]) {
  await mutate<PeopleList>(peopleKey(moveId), (list) => (list ? { ...list, people: change(list.people) } : list), { revalidate: false });
}

/** Adds the pasted people; `idempotencyKey` is the user's one press (see common/useSendOnce). */
export function addPeople(api: ApiClient, moveId: string, names: string, idempotencyKey: string) {
  return plannerQueue(moveId).run(async () => {
    const added = await callRoute(api, routes.planner.createPeople, { params: { moveId }, body: { names }, headers: { 'Idempotency-Key': idempotencyKey } });
    await Promise.all([revalidate(peopleKey(moveId)), changedLetters(moveId)]);
    return added;
  });
}

export type PersonChange = Partial<Pick<MarkerUser, 'name' | 'move_layout_marker_id' | 'stickersCount' | 'email' | 'waveId' | 'phone' | 'department'>>;

/** Renames, places (a table's id, else a space's; null returns them), sets the stickers, the e-mail address, the phone, the department or the wave of a person. */
export function updatePerson(api: ApiClient, person: MarkerUser, change: PersonChange) {
  return plannerQueue(person.moveId).run(async () => {
    const current = (await cached<PeopleList>(peopleKey(person.moveId)))?.people.find((p) => p.id === person.id) ?? person;
    const body = {
      name: change.name ?? current.name,
      move_layout_marker_id: change.move_layout_marker_id !== undefined ? change.move_layout_marker_id : current.move_layout_marker_id,
      stickersCount: change.stickersCount !== undefined ? change.stickersCount : current.stickersCount,
      // Sent only when changed: not sent, the stored address stays.
      ...(change.email !== undefined ? { email: change.email } : {}),
      // Likewise the wave (issue 48): not sent, the person keeps theirs.
      ...(change.waveId !== undefined ? { waveId: change.waveId } : {}),
      ...(change.phone !== undefined ? { phone: change.phone } : {}),
      ...(change.department !== undefined ? { department: change.department } : {}),
    };
    const saved = await callRoute(api, routes.planner.updateMarkerUser, { params: { markerUserId: person.id }, body, etag: current.etag });
    await rememberPeople(person.moveId, (people) => people.map((p) => (p.id === saved.id ? saved : p)));
    if (saved.move_layout_marker_id !== current.move_layout_marker_id)
      plannerUndo(person.moveId).record({
        kind: 'person',
        recordId: saved.id,
        layoutId: null,
        action: saved.move_layout_marker_id ? 'assign' : 'unassign',
        title: saved.name,
        entryId: await latestEntryId(api, 'person', saved.id),
      });
    void changedLetters(person.moveId);
    // A new wave changes the waves' loads (and the people's list is read again with them).
    if (change.waveId !== undefined) void wavesChanged(person.moveId);
    return saved;
  });
}

/** A person restored from their history (issue 37): the people and the letters' state are read again, as after an import. */
export async function restoredPerson(moveId: string) {
  await Promise.all([revalidate(peopleKey(moveId)), changedLetters(moveId)]);
}

/** A marker restored from its history: the floor, the move's markers, the people on them and the letters are read again. */
export async function restoredMarker(floor: Pick<Floor, 'id' | 'moveId'>) {
  await Promise.all([revalidate(floorKey(floor.id)), revalidateAllMarkers(floor.moveId), revalidate(peopleKey(floor.moveId)), changedLetters(floor.moveId)]);
}

export function deletePerson(api: ApiClient, person: MarkerUser) {
  return plannerQueue(person.moveId).run(async () => {
    const current = (await cached<PeopleList>(peopleKey(person.moveId)))?.people.find((p) => p.id === person.id) ?? person;
    await callRoute(api, routes.planner.deleteMarkerUser, { params: { markerUserId: person.id }, etag: current.etag });
    await rememberPeople(person.moveId, (people) => people.filter((p) => p.id !== person.id));
    void changedLetters(person.moveId);
  });
}

/** Replaces the allocation from a CSV's text, sending the people list's ETag. */
export function importAllocation(api: ApiClient, moveId: string, list: PeopleList, csv: string) {
  return plannerQueue(moveId).run(async () => {
    const summary = await callRoute(api, routes.planner.importPeople, { params: { moveId }, body: { csv }, etag: list.etag });
    await Promise.all([revalidate(peopleKey(moveId)), changedLetters(moveId)]);
    return summary;
  });
}

/** What importing the CSV would do (people added, moved, left without a seat, lines refused): nothing is written. */
export function previewAllocation(api: ApiClient, moveId: string, list: PeopleList, csv: string) {
  return callRoute(api, routes.planner.importPeople, { params: { moveId }, body: { csv, preview: true }, etag: list.etag });
}

export function setDefaultStickers(api: ApiClient, move: MoveOverview, stickersCount: number) {
  return plannerQueue(move.id).run(async () => {
    const current = (await cached<MoveOverview>(moveKey(move.id))) ?? move;
    const saved = await callRoute(api, routes.moves.patch, { params: { moveId: move.id }, body: { stickersCount }, etag: current.etag });
    await remember(moveKey(move.id), saved);
    return saved;
  });
}

/**
 * The label order sheet as the server writes it, saved as `{path}-label-order.csv`; `changed`: only the changed
 * people's (issue 37); `lang`: the screen's language, which its 'Wave' column names each wave in (issue 55).
 */
export async function downloadLabels(api: ApiClient, move: Pick<MoveOverview, 'id' | 'path'>, options: { changed?: boolean; lang: string }) {
  const query = { lang: options.lang, ...(options.changed ? { people: 'changed' as const } : {}) };
  const blob = await callRoute(api, routes.planner.labels, { params: { moveId: move.id }, query });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = options.changed ? `${move.path}-changed-label-order.csv` : `${move.path}-label-order.csv`;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

export const useSeatLetters = (moveId: string) => useRoute(routes.seatLetters.get, moveId ? { moveId } : null);

/** Queues seat letters (the queue function mails them); the letters' state is read again. */
export async function sendSeatLetters(
  api: ApiClient,
  moveId: string,
  body: { scope: SeatLetterScope; language?: ContentLocale; waveId?: string },
  idempotencyKey: string,
) {
  const queued = await callRoute(api, routes.seatLetters.send, { params: { moveId }, body, headers: { 'Idempotency-Key': idempotencyKey } });
  await revalidate(lettersKey(moveId));
  return queued;
}
