import type { FloorWithMarkers, MarkerUser } from '@movers/contracts';
import { describe, expect, it } from 'vitest';
import { departmentsOf, filterPeople, toggleShown } from '../src/admin/features/planner/peopleFilter.ts';
import { placesOf } from '../src/admin/features/planner/places.ts';

const marker = (id: string, marker_type: 'room' | 'table', title: string, spaceId: string | null = null) =>
  ({ id, marker_type, title, spaceId, coordinates: { positionX: 0, positionY: 0 }, openSpace: false }) as unknown as FloorWithMarkers['markers'][number];
const floors = [
  { id: 'f2', floor_name: '2', markers: [marker('s201', 'room', '201'), marker('t201a', 'table', 'A', 's201')] },
  { id: 'f3', floor_name: '3', markers: [marker('s301', 'room', '301')] },
] as unknown as FloorWithMarkers[];
const person = (id: string, seat: string | null, waveId: string | null) => ({ id, name: id, move_layout_marker_id: seat, waveId }) as MarkerUser;
const people = [person('ann', 't201a', 'w1'), person('bo', 's201', null), person('cy', 's301', 'w2'), person('di', null, null)];
const ids = (list: MarkerUser[]) => list.map((p) => p.id);

describe("the people step's filters (issue 48)", () => {
  const places = placesOf(floors);

  it('lets everyone through without a filter', () => {
    expect(ids(filterPeople(people, places, {}))).toEqual(['ann', 'bo', 'cy', 'di']);
  });

  it("filters by floor and by space, a table's person in its space", () => {
    expect(ids(filterPeople(people, places, { floor: 'f2' }))).toEqual(['ann', 'bo']);
    expect(ids(filterPeople(people, places, { space: 's301' }))).toEqual(['cy']);
    expect(ids(filterPeople(people, places, { floor: 'f3', space: 's201' }))).toEqual([]);
  });

  it("filters by wave, and 'No wave' finds the people in none", () => {
    expect(ids(filterPeople(people, places, { wave: 'w1' }))).toEqual(['ann']);
    expect(ids(filterPeople(people, places, { wave: 'none' }))).toEqual(['bo', 'di']);
    expect(ids(filterPeople(people, places, { wave: 'none', floor: 'f2' }))).toEqual(['bo']);
  });

  it("filters by department, and lists the move's departments once each, in order (issue 48)", () => {
    const staffed = [
      { ...person('ann', 't201a', 'w1'), department: 'Finance' },
      { ...person('bo', 's201', null), department: 'IT' },
      { ...person('cy', 's301', 'w2'), department: 'Finance' },
      { ...person('di', null, null), department: null },
    ];
    expect(ids(filterPeople(staffed, places, { department: 'Finance' }))).toEqual(['ann', 'cy']);
    expect(ids(filterPeople(staffed, places, { department: 'Finance', floor: 'f3' }))).toEqual(['cy']);
    expect(departmentsOf(staffed)).toEqual(['Finance', 'IT']);
    expect(departmentsOf(people)).toEqual([]);
  });

  it("'select all shown' adds the people shown to the choice and takes them out again, leaving the others chosen", () => {
    const chosen = new Set(['cy']);
    const all = toggleShown(chosen, [{ id: 'ann' }, { id: 'bo' }], true);
    expect([...all].sort()).toEqual(['ann', 'bo', 'cy']);
    expect([...toggleShown(all, [{ id: 'ann' }, { id: 'bo' }], false)]).toEqual(['cy']);
  });
});
