import { describe, expect, it } from 'vitest';
import {
  applyMapAnswer,
  type MoveDayMap,
  type MoveDayReport,
  openCategoriesOf,
  openingFloor,
  reportCategories,
  seatMatches,
  seatStateOf,
  stateCounts,
  WALL_NEWEST_REPORTS,
  wallOf,
} from '../src/index.ts';

const here = { arrivedAt: '2026-11-28T08:00:00.000Z' };
const notYet = { arrivedAt: null };

describe("a seat's state on move day's map", () => {
  it('is expected until everyone seated there has arrived, then arrived', () => {
    expect(seatStateOf([notYet], [])).toBe('expected');
    expect(seatStateOf([here, notYet], [])).toBe('expected');
    expect(seatStateOf([here, here], [])).toBe('arrived');
  });

  it('is reported while any of its reports is not resolved, arrived or not; resolved once all are', () => {
    expect(seatStateOf([notYet], [{ status: 'new' }])).toBe('reported');
    expect(seatStateOf([here], [{ status: 'resolved' }, { status: 'inProgress' }])).toBe('reported');
    expect(seatStateOf([here], [{ status: 'resolved' }, { status: 'resolved' }])).toBe('resolved');
  });

  it("names its open reports' categories once each, in the categories' order", () => {
    const reports = [
      { status: 'new', category: 'it' },
      { status: 'resolved', category: 'boxes' },
      { status: 'inProgress', category: 'furniture' },
      { status: 'new', category: 'it' },
    ] as const;
    expect(openCategoriesOf(reports, reportCategories)).toEqual(['furniture', 'it']);
  });

  it('is shown by the filter of its state or of an open category, and counted per state', () => {
    const chair = { state: 'reported', categories: ['furniture'] } as const;
    const done = { state: 'arrived', categories: [] } as const;
    expect(seatMatches(chair, {})).toBe(true);
    expect(seatMatches(chair, { state: 'reported', category: 'furniture' })).toBe(true);
    expect(seatMatches(chair, { category: 'it' })).toBe(false);
    expect(seatMatches(done, { state: 'expected' })).toBe(false);
    expect(seatMatches(done, { category: 'furniture' })).toBe(false);
    expect(stateCounts([chair, done, done])).toEqual({ reported: 1, resolved: 0, arrived: 2, expected: 0 });
  });
});

describe("the wall's figures", () => {
  const report = (n: number, status: MoveDayReport['status']): MoveDayReport => ({
    id: `r${n}`,
    moveId: 'm',
    personId: 'p1',
    personName: 'Ann Arrival',
    seat: { floorId: 'f1', floor: '4', space: '101', table: 'A', markerId: 's1', positionX: 1, positionY: 2 },
    category: 'it',
    text: 'secret text',
    status,
    assigneeId: null,
    answer: '',
    answeredAt: null,
    photo: '/v1/reports/r/photo?v=1',
    createdAt: `2026-11-28T08:${String(59 - n).padStart(2, '0')}:00.000Z`,
    updatedAt: '2026-11-28T09:00:00.000Z',
  });
  const map: MoveDayMap = {
    floors: [
      {
        floorId: 'f1',
        floor: '4',
        image: { version: 'v', width: 10, height: 10 },
        expected: 2,
        arrived: 1,
        seats: [
          {
            markerId: 's1',
            space: '101',
            table: 'A',
            positionX: 1,
            positionY: 2,
            state: 'reported',
            categories: ['it'],
            people: [{ personId: 'p1', name: 'Ann Arrival', arrivedAt: null }],
          },
          {
            markerId: 's2',
            space: '102',
            table: null,
            positionX: 3,
            positionY: 4,
            state: 'arrived',
            categories: [],
            people: [{ personId: 'p2', name: 'Bo', arrivedAt: here.arrivedAt }],
          },
        ],
      },
    ],
    reports: [report(0, 'resolved'), ...Array.from({ length: 12 }, (_, n) => report(n + 1, 'new'))],
    lastChange: '2026-11-28T09:00:00.000Z',
    version: 'v1',
    changesOnly: false,
  };

  it('shows only seats, never a name, a text or a photo, when the team chose seats', () => {
    const wall = wallOf(map, 'seats');
    const text = JSON.stringify(wall);
    expect(text).not.toContain('Ann');
    expect(text).not.toContain('secret text');
    expect(text).not.toContain('photo');
    expect(wall.floors[0].seats.map((s) => s.label)).toEqual(['101 A', '102']);
    expect(wall.newestReports[0]).toMatchObject({ id: 'r1', who: '101 A', floor: '4', category: 'it' });
    expect({ expected: wall.expected, arrived: wall.arrived }).toEqual({ expected: 2, arrived: 1 });
  });

  it('shows the newest open reports only, at most a few, with names when the team chose names', () => {
    const wall = wallOf(map, 'names');
    expect(wall.newestReports).toHaveLength(WALL_NEWEST_REPORTS);
    expect(wall.newestReports.map((r) => r.id)).not.toContain('r0');
    expect(wall.newestReports[0].who).toBe('Ann Arrival');
    expect(wall.floors[0].seats[0].label).toBe('101 A: Ann Arrival');
  });

  it('leaves out a floor with no seats, so the rotation gives it no time (issue 55)', () => {
    const empty = { floorId: 'f5', floor: '5', image: { version: 'v', width: 10, height: 10 }, expected: 0, arrived: 0, seats: [] };
    const wall = wallOf({ ...map, floors: [empty, ...map.floors] }, 'seats');
    expect(wall.floors.map((f) => f.floor)).toEqual(['4']);
    expect({ expected: wall.expected, arrived: wall.arrived }).toEqual({ expected: 2, arrived: 1 });
  });
});

describe("the floor the board's map opens on (issue 55)", () => {
  const floor = (name: string, expected: number) => ({ floor: name, expected });
  it('is the floor with the most people expected, the first of them on a tie, not an empty floor listed first', () => {
    expect(openingFloor([floor('5', 0), floor('3', 40), floor('4', 60), floor('6', 60)])?.floor).toBe('4');
  });
  it('is the first floor when no floor has anyone, and none without floors', () => {
    expect(openingFloor([floor('5', 0), floor('3', 0)])?.floor).toBe('5');
    expect(openingFloor([])).toBeUndefined();
  });
});

describe('a refresh of the map that answers only what changed', () => {
  const seat = (markerId: string, arrivedAt: string | null): MoveDayMap['floors'][number]['seats'][number] => ({
    markerId,
    space: markerId,
    table: null,
    positionX: 1,
    positionY: 1,
    state: arrivedAt ? 'arrived' : 'expected',
    categories: [],
    people: [{ personId: `p-${markerId}`, name: markerId, arrivedAt }],
  });
  const floor = (floorId: string, seats: MoveDayMap['floors'][number]['seats']) => ({
    floorId,
    floor: floorId,
    image: { version: 'v', width: 10, height: 10 },
    expected: seats.length,
    arrived: seats.filter((s) => s.state === 'arrived').length,
    seats,
  });
  const held: MoveDayMap = {
    floors: [floor('1', [seat('a', null), seat('b', null)]), floor('2', [seat('c', null)])],
    reports: [],
    lastChange: null,
    version: 'v1',
    changesOnly: false,
  };

  it('lays the changed seats and counts over the map held, keeping every other seat and floor as it was', () => {
    const changes: MoveDayMap = {
      floors: [floor('1', [seat('b', '2026-11-28T08:00:00.000Z')]), floor('2', [])],
      reports: [],
      lastChange: '2026-11-28T08:00:00.000Z',
      version: 'v2',
      changesOnly: true,
    };
    changes.floors[0].expected = 2;
    changes.floors[1].expected = 1;
    const after = applyMapAnswer(held, changes);
    expect(after.version).toBe('v2');
    expect(after.floors[0]).toMatchObject({ expected: 2, arrived: 1 });
    expect(after.floors[0].seats.map((s) => s.state)).toEqual(['expected', 'arrived']);
    expect(after.floors[0].seats[0]).toBe(held.floors[0].seats[0]);
    expect(after.floors[1]).toBe(held.floors[1]);
    expect(after.changesOnly).toBe(false);
  });

  it('takes a whole map as it is, and keeps the map held when nothing changed', () => {
    const whole = { ...held, version: 'v3', floors: [floor('1', [seat('a', null)])] };
    expect(applyMapAnswer(held, whole)).toBe(whole);
    expect(applyMapAnswer(held, { ...held, floors: [], changesOnly: true })).toBe(held);
  });

  it('puts a changed report in place of the one held and keeps them newest first', () => {
    const report = (id: string, createdAt: string, status: MoveDayReport['status']) =>
      ({ id, createdAt, updatedAt: createdAt, status, personId: 'p-a' }) as MoveDayReport;
    const withReports = { ...held, reports: [report('r2', '2026-11-28T09:00:00.000Z', 'new'), report('r1', '2026-11-28T08:00:00.000Z', 'new')] };
    const after = applyMapAnswer(withReports, {
      ...held,
      floors: [],
      reports: [report('r3', '2026-11-28T10:00:00.000Z', 'new'), report('r1', '2026-11-28T08:00:00.000Z', 'resolved')],
      version: 'v2',
      changesOnly: true,
    });
    expect(after.reports.map((r) => [r.id, r.status])).toEqual([
      ['r3', 'new'],
      ['r2', 'new'],
      ['r1', 'resolved'],
    ]);
  });
});
