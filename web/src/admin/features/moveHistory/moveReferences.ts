import { type FloorWithMarkers, type HistoryEntry, placeName, api as routes } from '@movers/contracts';
import useSWR, { mutate } from 'swr';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { keyOf, useRoute } from '../../../common/api/route.ts';

const FLOOR = 'Floor';
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

/**
 * The move's planner references (a person's seat, a table's space, a marker's floor) by what a person calls
 * them, 'Floor 3 · 304 A', from the floors and markers the move has now; one since removed says so.
 */
export function useMoveReferences(moveId: string) {
  const floors = useFloorsWithMarkers(moveId);
  const floorNames = new Map<string, string>();
  const markers = new Map<string, string>();
  for (const floor of floors.data ?? []) {
    floorNames.set(floor.id, `${FLOOR} ${floor.floor_name}`);
    const spaces = new Map(floor.markers.filter((m) => m.marker_type === 'room').map((m) => [m.id, m]));
    for (const marker of floor.markers) {
      const space = marker.marker_type === 'room' ? marker : spaces.get(marker.spaceId ?? '');
      if (space)
        markers.set(marker.id, placeName({ floor: floor.floor_name, space: space.title, table: marker.marker_type === 'room' ? null : marker.title }, FLOOR));
    }
  }
  const named = (names: Map<string, string>, removed: string) => (value: unknown) =>
    typeof value === 'string' && value ? (names.get(value) ?? removed) : undefined;
  const seat = named(markers, removedWords.seat);
  const space = named(markers, removedWords.space);
  const floor = named(floorNames, removedWords.floor);
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
