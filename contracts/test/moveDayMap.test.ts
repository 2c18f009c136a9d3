import { describe, expect, it } from 'vitest';
import {
  type MoveDayMap,
  type MoveDayReport,
  openCategoriesOf,
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
});
