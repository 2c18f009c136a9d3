import { type MoveDayMap, type MoveDayMapFloor, openCategoriesOf, reportCategories, seatStateOf } from '@movers/contracts';
import { publishedFloors } from '../planner/index.ts';
import { listArrivals, listReports } from './moveDay.data.ts';
import { newestFirst, toBoardReport } from './views.ts';

/**
 * Move day on the plan (issue 49): the published floors with every seat that has people, each with its
 * state, from the planner's floors and the move's arrivals and reports (three reads, as the board's).
 * The board's map and wall read it; the wall link makes its answer of it (`wallOf` in contracts). A wave
 * (issue 48) narrows it as it narrows the board: its people only, so a seat shared with another wave shows
 * this wave's people and their reports, and a seat with none of them is left out.
 */
export async function moveDayMapOf(moveId: string, wave?: string): Promise<MoveDayMap> {
  const [floors, arrivals, reports] = await Promise.all([publishedFloors(moveId), listArrivals(moveId), listReports(moveId)]);
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
        .sort((a, b) => a.name.localeCompare(b.name, 'nb'));
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
  return {
    floors: mapFloors,
    reports: reports
      .filter((r) => seated.has(r.personId))
      .sort(newestFirst)
      .map(toBoardReport),
    lastChange: changes.at(-1) ?? null,
  };
}
