import type { MoveDayReport } from './moveDay.ts';
import { placeName } from './planner.ts';
import type { ReportCategory, ReportStatus } from './moveDayTexts.ts';

/**
 * Move day on the map (issue 49): every seat of the published floors with its state, for the board's map
 * and the wall. The seat's state is worked out here, once, so the API, the board, the wall and the wall
 * link agree on it.
 */

/**
 * A seat's state, the most urgent first: a report not yet resolved, then one resolved (the team has seen to
 * the seat), then everyone there arrived, else still expected.
 */
export const seatStates = ['reported', 'resolved', 'arrived', 'expected'] as const;
export type SeatState = (typeof seatStates)[number];

/** A person at a seat, and when they pressed 'I'm here' (null: not yet). */
export interface MoveDayMapPerson {
  personId: string;
  name: string;
  arrivedAt: string | null;
}

/** A seat: a table, or a space where people sit without a table (its marker), where it is on the plan (in %), and who sits there. */
export interface MoveDayMapSeat {
  markerId: string;
  space: string;
  table: string | null;
  positionX: number;
  positionY: number;
  state: SeatState;
  /** The categories of the seat's reports not resolved (none unless `reported`), in the order of the categories. */
  categories: ReportCategory[];
  people: MoveDayMapPerson[];
}

export interface MoveDayMapFloor {
  floorId: string;
  floor: string;
  /** The plan's version (the `v` of the floor's image address) and size in pixels. */
  image: { version: string; width: number; height: number };
  expected: number;
  arrived: number;
  seats: MoveDayMapSeat[];
}

/** GET /v1/moves/{moveId}/move-day/map: the published floors with their seats and states, and the reports of the people seated. */
export interface MoveDayMap {
  floors: MoveDayMapFloor[];
  /** Every report of a person with a seat, newest first (as the board's list has them, with their ETag). */
  reports: MoveDayReport[];
  lastChange: string | null;
  /**
   * Where this answer leaves the map: sent back as `since`, the next read answers only what changed after
   * it. Opaque to the board (the server compares it, see `moveDayMapOf`).
   */
  version: string;
  /**
   * True for an answer to `since` that could be told apart: each floor with its counts but only its seats
   * whose state or people changed, and only the reports that changed. False: the whole map (first read, or
   * the server could not tell what changed, e.g. an arrival taken back or a plan published again).
   */
  changesOnly: boolean;
}

/** A seat's people and reports as one string: two reads of a seat with the same key show the same seat. */
const seatKey = (seat: MoveDayMapSeat) => JSON.stringify(seat);

/**
 * The map after an answer: a whole map replaces it; the changes of a `since` answer are laid over it, the
 * seats and reports not named kept as they were (the same objects, so what did not change is not drawn
 * again), the floors' counts taken from the answer, and the reports kept newest first.
 */
export function applyMapAnswer(current: MoveDayMap | undefined, answer: MoveDayMap): MoveDayMap {
  if (!answer.changesOnly) return answer;
  if (!current) throw new Error('a map of changes needs the map it changes');
  if (answer.version === current.version) return current;
  const changedFloors = new Map(answer.floors.map((f) => [f.floorId, f]));
  const floors = current.floors.map((floor) => {
    const changed = changedFloors.get(floor.floorId);
    if (!changed) return floor;
    const seats = new Map(changed.seats.map((s) => [s.markerId, s]));
    const next = floor.seats.map((seat) => {
      const seen = seats.get(seat.markerId);
      return seen && seatKey(seen) !== seatKey(seat) ? seen : seat;
    });
    const same = next.every((s, i) => s === floor.seats[i]) && changed.expected === floor.expected && changed.arrived === floor.arrived;
    return same ? floor : { ...floor, expected: changed.expected, arrived: changed.arrived, seats: next };
  });
  const changedReports = new Map(answer.reports.map((r) => [r.id, r]));
  const kept = current.reports.filter((r) => !changedReports.has(r.id));
  const reports = answer.reports.length
    ? [...answer.reports, ...kept].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
    : current.reports;
  return { ...current, floors, reports, lastChange: answer.lastChange, version: answer.version, changesOnly: false };
}

/** What decides a seat's state: its people's arrivals and their reports' statuses. */
export function seatStateOf(people: readonly { arrivedAt: string | null }[], reports: readonly { status: ReportStatus }[]): SeatState {
  if (reports.some((r) => r.status !== 'resolved')) return 'reported';
  if (reports.length > 0) return 'resolved';
  return people.length > 0 && people.every((p) => p.arrivedAt !== null) ? 'arrived' : 'expected';
}

/** The categories of the reports not resolved, each once, in the categories' order. */
export function openCategoriesOf(reports: readonly { status: ReportStatus; category: ReportCategory }[], order: readonly ReportCategory[]): ReportCategory[] {
  const open = new Set(reports.filter((r) => r.status !== 'resolved').map((r) => r.category));
  return order.filter((c) => open.has(c));
}

/** What the map shows: every state or one, every category or one (a category shows the seats with an open report of it), and a person searched. */
export interface SeatFilter {
  state?: SeatState;
  category?: ReportCategory;
}

export function seatMatches(seat: Pick<MoveDayMapSeat, 'state' | 'categories'>, filter: SeatFilter): boolean {
  if (filter.state && seat.state !== filter.state) return false;
  if (filter.category && !seat.categories.includes(filter.category)) return false;
  return true;
}

/** The seats per state on a floor: the legend's counts. */
export function stateCounts(seats: readonly Pick<MoveDayMapSeat, 'state'>[]): Record<SeatState, number> {
  const counts = { reported: 0, resolved: 0, arrived: 0, expected: 0 } as Record<SeatState, number>;
  for (const seat of seats) counts[seat.state] += 1;
  return counts;
}

/**
 * The floor the board's map opens on (issue 55): the one with the most people expected, the first of those
 * on a tie; the first floor when none has anyone. It opened on the first floor listed, an empty one.
 */
export function openingFloor<F extends { expected: number }>(floors: readonly F[]): F | undefined {
  let best = floors[0];
  for (const floor of floors) if (best && floor.expected > best.expected) best = floor;
  return best;
}

/** How many of the newest reports the wall shows. */
export const WALL_NEWEST_REPORTS = 8;

/**
 * What the wall shows (the signed-in team's wall mode, and the read-only wall link): the floors with their
 * seats' states and counts, and the newest reports. Never a photo; `who` is a name or only the seat, as the
 * team chose for the link.
 */
export interface MoveDayWall {
  floors: {
    floorId: string;
    floor: string;
    image: { version: string; width: number; height: number };
    expected: number;
    arrived: number;
    seats: { markerId: string; positionX: number; positionY: number; state: SeatState; categories: ReportCategory[]; label: string }[];
  }[];
  expected: number;
  arrived: number;
  /** Newest first, at most `WALL_NEWEST_REPORTS`, resolved ones left out. */
  newestReports: { id: string; category: ReportCategory; status: ReportStatus; createdAt: string; floor: string; who: string }[];
  lastChange: string | null;
}

/**
 * The wall's figures from the map: `names` shows the people's names, `seats` only the seats (the wall link
 * can be read by anyone in the hall). A seat's label is its seat, with the names when asked for. Floors
 * with no seat are left out. The counts are people with a seat (the board's), the legend's are seats.
 */
export function wallOf(map: MoveDayMap, shown: 'names' | 'seats'): MoveDayWall {
  // A floor with no seat has nothing to show from across a hall: the rotation skips it (issue 55).
  const floors = map.floors
    .filter((floor) => floor.seats.length > 0)
    .map((floor) => ({
      floorId: floor.floorId,
      floor: floor.floor,
      image: floor.image,
      expected: floor.expected,
      arrived: floor.arrived,
      seats: floor.seats.map((seat) => {
        const where = placeName(seat);
        return {
          markerId: seat.markerId,
          positionX: seat.positionX,
          positionY: seat.positionY,
          state: seat.state,
          categories: seat.categories,
          label: shown === 'names' && seat.people.length ? `${where}: ${seat.people.map((p) => p.name).join(', ')}` : where,
        };
      }),
    }));
  const newestReports = map.reports
    .filter((r) => r.status !== 'resolved')
    .slice(0, WALL_NEWEST_REPORTS)
    .map((r) => ({
      id: r.id,
      category: r.category,
      status: r.status,
      createdAt: r.createdAt,
      floor: r.seat ? r.seat.floor : '',
      who: shown === 'names' ? r.personName : r.seat ? placeName({ space: r.seat.space, table: r.seat.table }) : '',
    }));
  return {
    floors,
    expected: floors.reduce((n, f) => n + f.expected, 0),
    arrived: floors.reduce((n, f) => n + f.arrived, 0),
    newestReports,
    lastChange: map.lastChange,
  };
}
