import { type FloorWithMarkers, type HistoryEntry, type HistoryPage, placeName, api as routes } from '@movers/contracts';
import { useRef, useState } from 'react';
import useSWR, { mutate } from 'swr';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { keyOf, useRoute } from '../../../common/api/route.ts';

const FLOOR = 'Floor';
const REMOVED = 'removed';
/** What a reference reads as once its record is gone and no list at hand names it (never its id). */
export const removedWords = { seat: 'a removed seat', space: 'a removed space', floor: 'a removed floor' } as const;

const KEY = 'move-history-floors';

/** The move's floors with their markers, read again when a record is brought back. */
function useFloorsWithMarkers(moveId: string) {
  const api = useApi();
  const floors = useRoute(routes.planner.floors, moveId ? { moveId } : null);
  const ids = floors.data?.map((f) => f.id) ?? [];
  return useSWR<FloorWithMarkers[]>(
    moveId && floors.data ? [KEY, moveId, ...ids] : null,
    () => Promise.all(ids.map((layoutId) => api.get<FloorWithMarkers>(keyOf(routes.planner.getFloor, { layoutId })))),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

/** After a record is brought back: the markers it may have brought with it are read again. */
export const referencesChanged = (moveId: string) => mutate((key) => Array.isArray(key) && key[0] === KEY && key[1] === moveId);

/** A marker since removed, as its last entry (its delete) kept it: its number or letter, floor and space. */
interface RemovedMarker {
  title: string | null;
  layoutId: string | null;
  spaceId: string | null;
  table: boolean;
}

/** What a marker's delete kept of it (a delete's changes hold every field's last value as `from`). */
function removedMarkerOf(page: HistoryPage): RemovedMarker | null {
  const last = page.entries[0];
  if (!last || last.action !== 'delete') return null;
  const was = (field: string) => {
    const value = last.changes.find((c) => c.field === field)?.from;
    return typeof value === 'string' && value ? value : null;
  };
  return { title: was('title') ?? last.title, layoutId: was('layoutId'), spaceId: was('spaceId'), table: was('markerType') === 'table' };
}

/**
 * The move's planner references (a person's seat, a table's space, a marker's floor) by what a person calls
 * them, 'Floor 3 · 304 A', from the floors and markers the move has now. A marker since removed is named
 * as it was when it was removed ('Floor 3 · 304 (removed)', read from its own history once), and where
 * nothing is kept of it, 'a removed seat': never an id.
 */
export function useMoveReferences(moveId: string) {
  const api = useApi();
  const floors = useFloorsWithMarkers(moveId);
  // A removed marker as its delete kept it, or null where nothing is kept.
  const [removed, setRemoved] = useState<ReadonlyMap<string, RemovedMarker | null>>(new Map());
  // Removed markers met while rendering (the History panel renders on its own), read just after it, one
  // request each, once.
  const wanted = useRef(new Set<string>());
  const asked = useRef(new Set<string>());
  const read = () => {
    const ids = [...wanted.current];
    wanted.current.clear();
    if (ids.length === 0) return;
    for (const id of ids)
      api
        .get<HistoryPage>(keyOf(routes.history.record, { recordKind: 'marker', recordId: id }, { limit: '1' }))
        .then((page) => removedMarkerOf(page))
        .catch(() => null)
        .then((marker) => setRemoved((before) => new Map([...before, [id, marker]])));
  };
  const want = (id: string) => {
    if (wanted.current.size === 0) queueMicrotask(read);
    wanted.current.add(id);
    asked.current.add(id);
  };

  const floorTitles = new Map<string, string>();
  const markers = new Map<string, { title: string; floor: string; spaceId: string | null; table: boolean }>();
  for (const floor of floors.data ?? []) {
    floorTitles.set(floor.id, floor.floor_name);
    for (const m of floor.markers) markers.set(m.id, { title: m.title, floor: floor.floor_name, spaceId: m.spaceId, table: m.marker_type === 'table' });
  }
  const removedOne = (id: string) => removed.get(id) ?? null;
  const spaceTitle = (id: string | null) => (id ? (markers.get(id)?.title ?? removedOne(id)?.title ?? null) : null);
  /** A marker's place, 'Floor 3 · 304 A'; null when it is not known. */
  const placeOf = (id: string): string | null => {
    const now = markers.get(id);
    if (now) {
      const space = now.table ? spaceTitle(now.spaceId) : now.title;
      return space ? placeName({ floor: now.floor, space, table: now.table ? now.title : null }, FLOOR) : null;
    }
    const gone = removedOne(id);
    if (!gone?.title) return null;
    const floor = gone.layoutId ? (floorTitles.get(gone.layoutId) ?? null) : null;
    const space = gone.table ? spaceTitle(gone.spaceId) : gone.title;
    const place = space ? placeName({ floor, space, table: gone.table ? gone.title : null }, FLOOR) : gone.title;
    return `${place} (${REMOVED})`;
  };
  const named = (removedWord: string) => (value: unknown) => {
    if (typeof value !== 'string' || !value) return undefined;
    if (!floors.data) return '…';
    const place = placeOf(value);
    if (place) return place;
    if (!removed.has(value)) {
      if (!wanted.current.has(value) && !asked.current.has(value)) want(value);
      return '…';
    }
    return removedWord;
  };
  const seat = named(removedWords.seat);
  const space = named(removedWords.space);
  const floor = (value: unknown) =>
    typeof value === 'string' && value ? (floorTitles.has(value) ? `${FLOOR} ${floorTitles.get(value)}` : floors.data ? removedWords.floor : '…') : undefined;
  /** A planner field's value by name; undefined for a field that is no reference. */
  return (field: string, value: unknown, entry: HistoryEntry): string | undefined => {
    if (entry.kind === 'person' && field === 'markerId') return seat(value);
    if (entry.kind === 'marker' && field === 'spaceId') return space(value);
    if (entry.kind === 'marker' && field === 'layoutId') return floor(value);
    if (entry.kind === 'marker' && field === 'markerType') return value === 'room' ? 'space' : value === 'table' ? 'table' : undefined;
    if (entry.kind === 'floor' && field === 'image' && value && typeof value === 'object') {
      const image = value as { width?: number; height?: number };
      return `an image of ${image.width ?? '?'} × ${image.height ?? '?'}`;
    }
    return undefined;
  };
}
