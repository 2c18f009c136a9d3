import type { FloorWithMarkers } from '@movers/contracts';
import { type PeopleWithSeats, peopleWithSeatsOf, publishedFloorsOf, readPlannerDocs } from '../planner/index.ts';
import { type ArrivalDoc, listArrivals, listReports, moveDayWrites, type ReportDoc, type Stored } from './moveDay.data.ts';

/**
 * What move day's board, map and chart are each made of (issue 56): the move's planner documents (its
 * floors, 2,100 markers and 2,000 people at a head office), its arrivals and its reports. The board opens
 * with all three asked for at once, and each refresh asks for all three again: read separately, that was
 * three reads of the same documents, and the seats' places and the floors worked out twice. Here a read of
 * a move that is under way is shared by every request that asks meanwhile, and what is made of it once
 * (the people with their seats, the published floors) is made once for all of them. Nothing is kept after
 * the read's requests are answered: the next one reads again, as before.
 *
 * A request that joins a read begun a moment before it sees what was stored when that read began, as if
 * it had come that moment earlier; but not across a write of move day in this process (an arrival, a
 * report made or changed): a read begun before it is not joined after it, so the team's own change is in
 * the next answer. What is shared is the readers' only to read (callers copy before they sort).
 */
export interface DayReads {
  arrivals: readonly Stored<ArrivalDoc>[];
  reports: readonly Stored<ReportDoc>[];
  /** Every person of the move with their seat on the published floors, sorted by name (made once). */
  seated(): Readonly<PeopleWithSeats>;
  /** The published floors with their markers and people (made once). */
  floors(): readonly FloorWithMarkers[];
}

const underWay = new Map<string, { writes: number; reads: Promise<DayReads> }>();

async function read(moveId: string): Promise<DayReads> {
  const [planner, arrivals, reports] = await Promise.all([readPlannerDocs(moveId), listArrivals(moveId), listReports(moveId)]);
  let seated: PeopleWithSeats | undefined;
  let floors: FloorWithMarkers[] | undefined;
  return {
    arrivals,
    reports,
    seated: () => (seated ??= peopleWithSeatsOf(planner)),
    floors: () => (floors ??= publishedFloorsOf(planner)),
  };
}

/** The move's documents for move day, read once for every request that asks while the read is under way. */
export function readDay(moveId: string): Promise<DayReads> {
  const held = underWay.get(moveId);
  if (held && held.writes === moveDayWrites()) return held.reads;
  const reads = read(moveId);
  const entry = { writes: moveDayWrites(), reads };
  underWay.set(moveId, entry);
  const done = () => {
    if (underWay.get(moveId) === entry) underWay.delete(moveId);
  };
  reads.then(done, done);
  return reads;
}
