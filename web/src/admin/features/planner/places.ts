import { type FloorWithPlaces, placeName, STICKERS_MAX } from '@movers/contracts';

type Marker = FloorWithPlaces['markers'][number];

/** Where a marker is: its floor, its space and (for a table) the table. */
export interface Place {
  floor: FloorWithPlaces;
  space: Marker;
  table: Marker | null;
}

/** Every marker of the move by id, with its place, for the people list (thousands of lookups). */
export function placesOf(floors: readonly FloorWithPlaces[] | undefined): Map<string, Place> {
  const places = new Map<string, Place>();
  for (const floor of floors ?? []) {
    const spaces = new Map(floor.markers.filter((m) => m.marker_type === 'room').map((m) => [m.id, m]));
    for (const marker of floor.markers) {
      if (marker.marker_type === 'room') places.set(marker.id, { floor, space: marker, table: null });
      else {
        const space = spaces.get(marker.spaceId ?? '');
        if (space) places.set(marker.id, { floor, space, table: marker });
      }
    }
  }
  return places;
}

/** 'Floor 2 · 201 A' (`placeName`, as every list writes a place). */
export const placeText = (place: Place, floorWord: string) =>
  placeName({ floor: place.floor.floor_name, space: place.space.title, table: place.table?.title }, floorWord);

/** A sticker count typed: a whole number 0-999, '' for the move's default (null); anything else is ignored (undefined). */
export function stickersOf(text: string): number | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  if (!/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n <= STICKERS_MAX ? n : undefined;
}
