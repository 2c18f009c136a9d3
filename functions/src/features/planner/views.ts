import { defaultFloorId, type Floor, type Marker, type MarkerUser, sortFloors } from '@movers/contracts';
import { defaultPointer, type FloorDoc, listFloorDocs, type MarkerDoc, type PersonDoc, type Stored } from './planner.data.ts';

// The planner's documents as the API answers them (the admin planner's and the visitor site's routes).

export const toFloor = (doc: Stored<FloorDoc>, defaultId: string | null): Floor => ({
  id: doc.id,
  moveId: doc.moveId,
  floor_name: doc.title,
  file_name: doc.fileName,
  label_color: doc.labelColor,
  floor_size: doc.floorSize,
  isDefault: doc.id === defaultId,
  published: doc.published,
  image: {
    url: `/api/v1/layouts/${encodeURIComponent(doc.id)}/image?v=${encodeURIComponent(doc.image.version)}`,
    title: doc.title,
    version: doc.image.version,
    width: doc.image.width,
    height: doc.image.height,
  },
  directions: doc.directions ?? null,
  scale: doc.scale ?? null,
  entrance: doc.entrance ?? null,
  source: doc.source
    ? {
        file_name: doc.source.fileName,
        url: `/api/v1/layouts/${encodeURIComponent(doc.id)}/source?v=${encodeURIComponent(doc.source.version)}`,
        version: doc.source.version,
      }
    : null,
  etag: doc.etag,
});

export const toPerson = (doc: Stored<PersonDoc>, markerIds?: Set<string>): MarkerUser => ({
  id: doc.id,
  moveId: doc.moveId,
  name: doc.name,
  // A person whose space was removed while they were being assigned reads as unassigned.
  move_layout_marker_id: doc.markerId && (!markerIds || markerIds.has(doc.markerId)) ? doc.markerId : null,
  // Older documents and bodies that left it out hold no count: the answer says null, as its type does.
  stickersCount: doc.stickersCount ?? null,
  email: doc.email ?? null,
  waveId: doc.waveId ?? null,
  phone: doc.phone ?? null,
  department: doc.department ?? null,
  etag: doc.etag,
});

export const toMarker = (doc: Stored<MarkerDoc>, people: Stored<PersonDoc>[]): Marker =>
  markerWith(
    doc,
    people.filter((person) => person.markerId === doc.id),
  );

/** The people seated at each marker, from one pass over them, not one a marker (2,100 × 2,000 at a head office). */
export function seatedAt(people: Stored<PersonDoc>[]): Map<string | null, Stored<PersonDoc>[]> {
  const at = new Map<string | null, Stored<PersonDoc>[]>();
  for (const person of people) {
    const seated = at.get(person.markerId);
    if (seated) seated.push(person);
    else at.set(person.markerId, [person]);
  }
  return at;
}

/** Markers, each with its people of `seated` (`seatedAt`). */
export const toMarkers = (docs: Stored<MarkerDoc>[], seated: Map<string | null, Stored<PersonDoc>[]>): Marker[] =>
  docs.map((doc) => markerWith(doc, seated.get(doc.id) ?? []));

/** The markers of each of these floors, by floor id, in one pass (a head office's 2,100 over six floors). */
export function markersByFloor<M extends { layoutId: string }>(floors: readonly { id: string }[], markers: readonly M[]): Map<string, M[]> {
  const onFloor = new Map(floors.map((f) => [f.id, [] as M[]]));
  for (const marker of markers) onFloor.get(marker.layoutId)?.push(marker);
  return onFloor;
}

/** A marker without its people (`FloorWithPlaces`). */
export const toPlace = (doc: Stored<MarkerDoc>): Omit<Marker, 'users'> => {
  const { users: _users, ...place } = markerWith(doc, []);
  return place;
};

const markerWith = (doc: Stored<MarkerDoc>, seated: Stored<PersonDoc>[]): Marker => ({
  id: doc.id,
  move_layout_id: doc.layoutId,
  marker_type: doc.markerType,
  title: doc.title,
  coordinates: { positionX: doc.positionX, positionY: doc.positionY },
  // A room created without the flag is not an open space; the answer always says which.
  openSpace: doc.openSpace ?? false,
  spaceId: doc.spaceId,
  size: doc.size ?? null,
  users: seated.map((person) => toPerson(person)),
  etag: doc.etag,
});

/** The move's floors with the one default (the pointer, or the first floor when it names none). */
export async function floorsOf(moveId: string) {
  const [floors, pointer] = await Promise.all([listFloorDocs(moveId), defaultPointer(moveId)]);
  const defaultId = defaultFloorId(floors, pointer);
  return { floors: sortFloors(floors), defaultId };
}
