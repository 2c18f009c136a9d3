import { type MoveDayMap, type MoveDayMapFloor, openCategoriesOf, reportCategories, seatStateOf } from '@movers/contracts';
import { readDay } from './dayReads.ts';
import { dayVersion, notNewer, upToOf } from './dayVersion.ts';
import { newestFirst, toBoardReport } from './views.ts';

// Made once: localeCompare with a locale builds a collator per comparison.
const byName = new Intl.Collator('nb');
const byId = new Intl.Collator();

/**
 * Move day on the plan (issue 49): the published floors with every seat that has people, each with its
 * state, from the planner's floors and the move's arrivals and reports (read with the board's: `readDay`).
 * The board's map and wall read it; the wall link makes its answer of it (`wallOf` in contracts). A wave
 * (issue 48) narrows it as it narrows the board: its people only, so a seat shared with another wave shows
 * this wave's people and their reports, and a seat with none of them is left out.
 */
export async function moveDayMapOf(moveId: string, wave?: string, since?: string): Promise<MoveDayMap> {
  // Read once with the board's and the chart's, asked for at the same time (dayReads.ts).
  const day = await readDay(moveId);
  const { arrivals, reports } = day;
  const floors = day.floors();
  const arrivedAt = new Map(arrivals.map((a) => [a.personId, a.arrivedAt]));
  const reportsOf = new Map<string, typeof reports>();
  for (const report of reports) reportsOf.set(report.personId, [...(reportsOf.get(report.personId) ?? []), report]);
  const seated = new Set<string>();
  const mapFloors = floors.map((floor): MoveDayMapFloor => {
    const spaces = new Map(floor.markers.filter((m) => m.marker_type === 'room').map((m) => [m.id, m.title]));
    let expected = 0;
    let arrived = 0;
    const seats: MoveDayMapFloor['seats'] = [];
    for (const marker of floor.markers) {
      const users = wave ? marker.users.filter((u) => u.waveId === wave) : marker.users;
      if (users.length === 0) continue;
      // A table whose space is gone is no seat a person can find (as the seat letters read it).
      const space = marker.marker_type === 'room' ? marker.title : spaces.get(marker.spaceId ?? '');
      if (space === undefined) continue;
      const people = users
        .map((u) => ({ personId: u.id, name: u.name, arrivedAt: arrivedAt.get(u.id) ?? null }))
        .sort((a, b) => byName.compare(a.name, b.name));
      const seatReports = people.flatMap((p) => reportsOf.get(p.personId) ?? []);
      for (const person of people) {
        seated.add(person.personId);
        expected += 1;
        if (person.arrivedAt) arrived += 1;
      }
      seats.push({
        markerId: marker.id,
        space,
        table: marker.marker_type === 'table' ? marker.title : null,
        positionX: marker.coordinates.positionX,
        positionY: marker.coordinates.positionY,
        state: seatStateOf(people, seatReports),
        categories: openCategoriesOf(seatReports, reportCategories),
        people,
      });
    }
    return {
      floorId: floor.id,
      floor: floor.floor_name,
      image: { version: floor.image.version, width: floor.image.width, height: floor.image.height },
      expected,
      arrived,
      seats,
    };
  });
  const changes = [...arrivals.map((a) => a.arrivedAt), ...reports.map((r) => r.updatedAt)].sort();
  const lastChange = changes.at(-1) ?? null;
  const map: MoveDayMap = {
    floors: mapFloors,
    reports: reports
      .filter((r) => seated.has(r.personId))
      .sort(newestFirst)
      .map(toBoardReport),
    lastChange,
    version: mapVersion(mapFloors, arrivals, reports, lastChange),
    changesOnly: false,
  };
  return since ? changesSince(map, arrivals, reports, since) : map;
}

type Changes = { arrivals: readonly { personId: string; arrivedAt: string }[]; reports: readonly { id: string; updatedAt: string }[] };

/** A map's version (`dayVersion`): its seats and their people, the arrivals and the reports' last changes up to `upTo`. */
export function mapVersion(floors: readonly MoveDayMapFloor[], arrivals: Changes['arrivals'], reports: Changes['reports'], upTo: string | null): string {
  const inVersion = notNewer(upTo);
  return dayVersion(upTo, (hash) => {
    for (const floor of floors) {
      hash.update(`F${floor.floorId}|${floor.floor}|${floor.image.version}\n`);
      for (const seat of floor.seats) {
        hash.update(`S${seat.markerId}|${seat.space}|${seat.table}|${seat.positionX}|${seat.positionY}`);
        for (const person of seat.people) hash.update(`|${person.personId}|${person.name}`);
        hash.update('\n');
      }
    }
    for (const a of arrivals.filter((a) => inVersion(a.arrivedAt)).sort((x, y) => byId.compare(x.personId, y.personId)))
      hash.update(`A${a.personId}|${a.arrivedAt}\n`);
    for (const r of reports.filter((r) => inVersion(r.updatedAt)).sort((x, y) => byId.compare(x.id, y.id))) hash.update(`R${r.id}|${r.updatedAt}\n`);
  });
}

/**
 * What changed after `since`: each floor's counts with the seats whose people arrived or whose reports
 * changed after it, and those reports; the whole map when `since` is no version of what is here now
 * (something went away, or the seats changed).
 */
export function changesSince(map: MoveDayMap, arrivals: Changes['arrivals'], reports: Changes['reports'], since: string): MoveDayMap {
  const upTo = upToOf(since);
  // Asked again with nothing new (most polls), `since` is up to the map's own last change: its version already made.
  const then = upTo === map.lastChange ? map.version : mapVersion(map.floors, arrivals, reports, upTo);
  if (then !== since) return map;
  const inVersion = notNewer(upTo);
  const newer = (at: string) => !inVersion(at);
  const arrivedNow = new Set(arrivals.filter((a) => newer(a.arrivedAt)).map((a) => a.personId));
  const changedReports = new Set(reports.filter((r) => newer(r.updatedAt)).map((r) => r.id));
  const reportedNow = new Set(map.reports.filter((r) => changedReports.has(r.id)).map((r) => r.personId));
  return {
    ...map,
    floors: map.floors.map((floor) => ({
      ...floor,
      seats: floor.seats.filter((seat) => seat.people.some((p) => arrivedNow.has(p.personId) || reportedNow.has(p.personId))),
    })),
    reports: map.reports.filter((r) => changedReports.has(r.id)),
    changesOnly: true,
  };
}
