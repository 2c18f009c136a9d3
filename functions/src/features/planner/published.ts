import { defaultFloorId, type FloorWithMarkers, type LetterSeat, type MoveDaySeat, placesOfMarkers, sortFloors } from '@movers/contracts';
import { notFound } from '../../platform/http/errors.ts';
import {
  defaultPointer,
  type FloorDoc,
  listFloorDocs,
  listMarkerDocs,
  listMarkerDocsById,
  listPersonDocs,
  type MarkerDoc,
  moveIdOfItem,
  type PersonDoc,
  readFloorImage,
  readItem,
} from './planner.data.ts';
import { markersByFloor, seatedAt, toFloor, toMarkers } from './views.ts';

// Made once: localeCompare with a locale builds a collator per comparison (≈ 5× slower over 2,000 names).
const byName = new Intl.Collator('nb');

// What other features read of a move's planner: the move's unassigned people (passed into the move
// routes by the route table) and the visitor site's floor plan.

/**
 * The names of a move's unassigned people (the move's `unassigned-people` route reads them): a person
 * is one document, so this is derived, never a second list that could drift.
 */
export async function unassignedNames(moveId: string): Promise<string[]> {
  const [people, markers] = await Promise.all([listPersonDocs(moveId), listMarkerDocs(moveId)]);
  const markerIds = new Set(markers.map((m) => m.id));
  return people
    .filter((person) => !person.markerId || !markerIds.has(person.markerId))
    .map((person) => person.name)
    .sort((a, b) => a.localeCompare(b, 'nb'));
}

/** The planner's documents of a move that its published floors and its people's seats are made of. */
export interface PlannerDocs {
  floors: FloorDoc[];
  /** The default floor's id (the move's pointer), or null. */
  pointer: string | null;
  markers: MarkerDoc[];
  people: PersonDoc[];
}

/** One read of each (side by side): what `publishedFloorsOf` and `peopleWithSeatsOf` are made of. */
export async function readPlannerDocs(moveId: string): Promise<PlannerDocs> {
  const [floors, pointer, markers, people] = await Promise.all([listFloorDocs(moveId), defaultPointer(moveId), listMarkerDocs(moveId), listPersonDocs(moveId)]);
  return { floors, pointer, markers, people };
}

/** The visitor site's floor plan: the move's published floors (sorted, the default among them marked) with their markers and people. */
export async function publishedFloors(moveId: string): Promise<FloorWithMarkers[]> {
  return publishedFloorsOf(await readPlannerDocs(moveId));
}

/** `publishedFloors` of documents already read (move day's board, map and chart share one read, issue 56). */
export function publishedFloorsOf({ floors, pointer, markers, people }: PlannerDocs): FloorWithMarkers[] {
  const published = sortFloors(floors.filter((f) => f.published));
  const defaultId = defaultFloorId(published, pointer);
  const seated = seatedAt(people);
  const onFloor = markersByFloor(published, markers);
  return published.map((f) => {
    // The architect's PDF is the move team's (issue 50): a visitor's floor does not even name it.
    const { source: _source, ...floor } = toFloor(f, defaultId);
    return {
      ...floor,
      markers: toMarkers(onFloor.get(f.id)!, seated),
    };
  });
}

/** A published floor's image for the visitor site; 404 for an unpublished floor or another move's. */
export async function publishedFloorImage(moveId: string, layoutId: string) {
  const floor = moveIdOfItem(layoutId) === moveId ? await readItem<FloorDoc>(layoutId, 'floor') : undefined;
  const image = floor?.published ? await readFloorImage(layoutId) : undefined;
  if (!image) throw notFound('floor not found');
  return image;
}

/**
 * The image of the published floor a person's seat is on (the visitor's seat link asks for it beside the
 * floors, issue 40), with the floor's id and its image's version (the `v` of the floor's own image
 * address); 404 for another move's person, or one with no seat on a published floor. The seat's floor is
 * its marker's, as the floor plan places people.
 */
export async function personFloorImage(moveId: string, personId: string) {
  const person = await readPerson(moveId, personId);
  const marker = person?.markerId && moveIdOfItem(person.markerId) === moveId ? await readItem<MarkerDoc>(person.markerId, 'marker') : undefined;
  const floor = marker ? await readItem<FloorDoc>(marker.layoutId, 'floor') : undefined;
  const image = floor?.published ? await readFloorImage(floor.id) : undefined;
  if (!floor || !image) throw notFound('the person has no seat on a published floor');
  return { floorId: floor.id, version: floor.image.version, image };
}

/** A person of the move with their address and their seat on a published floor (null when they have none): what a seat letter names. */
export interface PersonSeat {
  id: string;
  name: string;
  email: string | null;
  /** For the move team only (the move-day board): no letter or label carries it. */
  phone: string | null;
  seat: (LetterSeat & { markerId: string; floorId: string }) | null;
  /** The person's wave (issue 48), or null. */
  waveId: string | null;
}

/** Every person of the move with their seat on the published floors (the seat letters read it), and how many floors are published. */
export async function peopleWithSeats(moveId: string): Promise<PeopleWithSeats> {
  const [floors, markers, people] = await Promise.all([listFloorDocs(moveId), listMarkerDocs(moveId), listPersonDocs(moveId)]);
  return peopleWithSeatsOf({ floors, markers, people });
}

/** What `peopleWithSeats` answers. */
export interface PeopleWithSeats {
  publishedFloors: number;
  people: PersonSeat[];
  placeOfMarker: (markerId: string | null) => LetterSeat | null;
}

/** `peopleWithSeats` of documents already read (move day's board, map and chart share one read, issue 56). */
export function peopleWithSeatsOf({ floors, markers, people }: Omit<PlannerDocs, 'pointer'>): PeopleWithSeats {
  // Any floor's, for a history's seats (a seat's id as its place); null for a marker since removed.
  const anyPlaceOf = placesOfMarkers(floors, markers);
  const placeOfMarker = (markerId: string | null): LetterSeat | null => {
    const place = anyPlaceOf(markerId);
    return place ? { floor: place.floor.title, space: place.space.title, table: place.table || null } : null;
  };
  return { ...seated(floors, markers, people), placeOfMarker };
}

/**
 * Some people of the move (one wave's, issue 56) with their seats on the published floors, and how many
 * floors are published: the markers they sit at (a table's and its space) are read, not every marker of
 * the move.
 */
export async function seatsOfPeople(moveId: string, people: PersonDoc[]): Promise<{ publishedFloors: number; people: PersonSeat[] }> {
  const ids = (list: (string | null | undefined)[]) => [...new Set(list.filter((id): id is string => Boolean(id)))];
  const markers = async () => {
    const seats = await listMarkerDocsById(moveId, ids(people.map((p) => p.markerId)));
    const read = new Set(seats.map((m) => m.id));
    const spaces = await listMarkerDocsById(moveId, ids(seats.map((m) => (m.markerType === 'table' && m.spaceId && !read.has(m.spaceId) ? m.spaceId : null))));
    return [...seats, ...spaces];
  };
  const [floors, seats] = await Promise.all([listFloorDocs(moveId), markers()]);
  return seated(floors, seats, people);
}

/** People with their seats on the published floors of `floors` (by the markers given), sorted by name. */
function seated(floors: FloorDoc[], markers: MarkerDoc[], people: PersonDoc[]): { publishedFloors: number; people: PersonSeat[] } {
  const published = floors.filter((f) => f.published);
  const placeOf = placesOfMarkers(published, markers);
  const seatOf = (markerId: string | null): PersonSeat['seat'] => {
    const place = placeOf(markerId);
    return place ? { markerId: markerId!, floorId: place.floor.id, floor: place.floor.title, space: place.space.title, table: place.table || null } : null;
  };
  return {
    publishedFloors: published.length,
    people: people
      .map((p) => ({ id: p.id, name: p.name, email: p.email ?? null, phone: p.phone ?? null, seat: seatOf(p.markerId), waveId: p.waveId ?? null }))
      .sort((a, b) => byName.compare(a.name, b.name)),
  };
}

/** A person of the planner as move day reads them (a point read); undefined when deleted or not a person of the move. */
export interface PlannerPerson {
  id: string;
  moveId: string;
  name: string;
  email: string | null;
  markerId: string | null;
  stickersCount: number | null;
  /** The person's wave (issue 48), or null. */
  waveId: string | null;
}

export async function readPerson(moveId: string, personId: string): Promise<PlannerPerson | undefined> {
  if (moveIdOfItem(personId) !== moveId) return undefined;
  const doc = await readItem<PersonDoc>(personId, 'person');
  return doc
    ? {
        id: doc.id,
        moveId: doc.moveId,
        name: doc.name,
        email: doc.email ?? null,
        markerId: doc.markerId,
        stickersCount: doc.stickersCount,
        waveId: doc.waveId ?? null,
      }
    : undefined;
}

/**
 * A person's seat on a published floor, by point reads (the marker, a table's space, the floor): what an
 * arrival or a report records. Null without a seat, or on an unpublished floor.
 */
export async function seatOf(person: Pick<PlannerPerson, 'markerId'>): Promise<(MoveDaySeat & { directions: string | null }) | null> {
  if (!person.markerId) return null;
  const marker = await readItem<MarkerDoc>(person.markerId, 'marker');
  if (!marker) return null;
  const space = marker.markerType === 'table' ? (marker.spaceId ? await readItem<MarkerDoc>(marker.spaceId, 'marker') : undefined) : marker;
  if (!space) return null;
  const floor = await readItem<FloorDoc>(space.layoutId, 'floor');
  if (!floor?.published) return null;
  return {
    floorId: floor.id,
    floor: floor.title,
    space: space.title,
    table: marker.markerType === 'table' ? marker.title : null,
    markerId: marker.id,
    positionX: marker.positionX,
    positionY: marker.positionY,
    directions: floor.directions ?? null,
  };
}
