import { type MoveDayBoard, type ReportStatus, reportStatuses } from '@movers/contracts';
import type { PersonSeat } from '../planner/index.ts';
import { readDay } from './dayReads.ts';
import { dayVersion, notNewer, upToOf } from './dayVersion.ts';

// One collator each, made once: localeCompare with a locale builds one per comparison (≈ 5× slower over 2,000 names).
const byName = new Intl.Collator('nb');
const byNumber = new Intl.Collator('nb', { numeric: true });
const byId = new Intl.Collator();

/**
 * The move team's board (issue 36): arrived of expected, by floor, with who has not arrived; of one wave's
 * people when `wave` is given (issue 48). `since` (issue 56): only what changed after that version of it.
 */
export async function moveDayBoardOf(moveId: string, wave?: string, since?: string): Promise<MoveDayBoard> {
  // Read once with the map's and the chart's, asked for at the same time (dayReads.ts).
  const day = await readDay(moveId);
  const { reports } = day;
  const people = day.seated().people.filter((p) => !wave || p.waveId === wave);
  const onBoard = new Set(people.map((p) => p.id));
  // Only this board's people's arrivals: another wave's arrival changes nothing here.
  const arrivals = day.arrivals.filter((a) => onBoard.has(a.personId));
  const arrivedIds = new Set(arrivals.map((a) => a.personId));
  const floors = new Map<string, MoveDayBoard['floors'][number]>();
  let expected = 0;
  let arrived = 0;
  // Counted alike on every screen (issue 55): 'expected' is people with a seat; the others are listed as such.
  const withoutSeat: MoveDayBoard['withoutSeat'] = [];
  for (const person of people) {
    if (!person.seat) {
      withoutSeat.push({
        personId: person.id,
        name: person.name,
        email: person.email,
        phone: person.phone,
        waveId: person.waveId ?? null,
        arrived: arrivedIds.has(person.id),
      });
      continue;
    }
    const floor = floors.get(person.seat.floorId) ?? { floorId: person.seat.floorId, floor: person.seat.floor, expected: 0, arrived: 0, notArrived: [] };
    floor.expected += 1;
    expected += 1;
    if (arrivedIds.has(person.id)) {
      floor.arrived += 1;
      arrived += 1;
    } else
      floor.notArrived.push({
        personId: person.id,
        name: person.name,
        space: person.seat.space,
        table: person.seat.table,
        email: person.email,
        phone: person.phone,
        waveId: person.waveId ?? null,
      });
    floors.set(floor.floorId, floor);
  }
  for (const floor of floors.values()) floor.notArrived.sort((a, b) => byName.compare(a.name, b.name) || byId.compare(a.personId, b.personId));
  const counts = Object.fromEntries(reportStatuses.map((s) => [s, 0])) as Record<ReportStatus, number>;
  for (const report of reports) counts[report.status] += 1;
  const lastChange = [...day.arrivals.map((a) => a.arrivedAt), ...reports.map((r) => r.updatedAt)].sort().at(-1) ?? null;
  const board: MoveDayBoard = {
    expected,
    arrived,
    floors: [...floors.values()].sort((a, b) => byNumber.compare(a.floor, b.floor)),
    withoutSeat: withoutSeat.sort((a, b) => byName.compare(a.name, b.name) || byId.compare(a.personId, b.personId)),
    reports: counts,
    openReportSeats: [...new Set(reports.filter((r) => r.status !== 'resolved' && r.seat).map((r) => r.seat!.markerId))].sort(),
    lastChange,
    version: boardVersion(people, arrivals, lastChange),
    changesOnly: false,
    arrivedSince: [],
  };
  return since ? boardChangesSince(board, people, arrivals, since) : board;
}

type Arrivals = readonly { personId: string; arrivedAt: string }[];

/**
 * A board's version (`dayVersion`): its people as it lists them (name, seat, how to reach them, wave) and
 * their arrivals up to `upTo`. The reports are not in it: their counts are in every answer.
 */
export function boardVersion(people: readonly PersonSeat[], arrivals: Arrivals, upTo: string | null): string {
  const inVersion = notNewer(upTo);
  return dayVersion(upTo, (hash) => {
    for (const p of [...people].sort((x, y) => byId.compare(x.id, y.id))) {
      const seat = p.seat ? `${p.seat.floorId}|${p.seat.floor}|${p.seat.space}|${p.seat.table}` : '';
      hash.update(`P${p.id}|${p.name}|${p.email}|${p.phone}|${p.waveId}|${seat}\n`);
    }
    for (const a of arrivals.filter((a) => inVersion(a.arrivedAt)).sort((x, y) => byId.compare(x.personId, y.personId)))
      hash.update(`A${a.personId}|${a.arrivedAt}\n`);
  });
}

/** What changed after `since` (see `MoveDayBoard.changesOnly`); the whole board when `since` is no version of what is here now. */
function boardChangesSince(board: MoveDayBoard, people: readonly PersonSeat[], arrivals: Arrivals, since: string): MoveDayBoard {
  const upTo = upToOf(since);
  // Asked again with nothing new (most polls), `since` is up to the board's own last change: its version already made.
  const then = upTo === board.lastChange ? board.version : boardVersion(people, arrivals, upTo);
  if (then !== since) return board;
  const inVersion = notNewer(upTo);
  const arrivedSince = arrivals.filter((a) => !inVersion(a.arrivedAt)).map((a) => a.personId);
  const now = new Set(arrivedSince);
  return {
    ...board,
    floors: board.floors.map((floor) => ({ ...floor, notArrived: [] })),
    withoutSeat: board.withoutSeat.filter((p) => now.has(p.personId)),
    changesOnly: true,
    arrivedSince: arrivedSince.sort((a, b) => byId.compare(a, b)),
  };
}
