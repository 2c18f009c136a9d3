import { MOVE_DAY_BUCKETS_MAX, MOVE_DAY_NO_WAVE } from '@movers/contracts';
import { describe, expect, it } from 'vitest';
import { bucketStart, groupOfReporter, timelineOf, waveGroupOf, waveOrder } from '../../src/features/moveDay/timeline.ts';

/** The day's chart (issue 49): arrivals and reports per quarter of an hour of the move's own clock, and the running share. */
const fourth = { id: 'f4', name: '4' };
const fifth = { id: 'f5', name: '5' };
const people = [
  { id: 'ann', group: fourth },
  { id: 'bo', group: fourth },
  { id: 'cy', group: fourth },
  { id: 'di', group: fifth },
  // Without a seat on a published floor: not expected, and their arrival is not counted (as on the board).
  { id: 'eve', group: undefined },
];
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
const timeline = (input: {
  arrivals?: { personId: string; arrivedAt: string }[];
  reports?: { createdAt: string; group: string | undefined }[];
  timeZone?: string;
}) =>
  timelineOf({ by: 'floor', timeZone: input.timeZone ?? 'Europe/Oslo', people, arrivals: input.arrivals ?? [], reports: input.reports ?? [], order: byName });

describe('the quarter of an hour an arrival falls in', () => {
  it("is cut on the move's wall clock: 07:59:59 is the 07:45 bucket, 08:00 the next", () => {
    const t = timeline({
      arrivals: [
        { personId: 'ann', arrivedAt: '2026-11-28T06:59:59.999Z' },
        { personId: 'bo', arrivedAt: '2026-11-28T07:00:00.000Z' },
      ],
    });
    expect(t.buckets).toEqual(['2026-11-28T07:45:00+01:00', '2026-11-28T08:00:00+01:00']);
    expect(t.all.arrivals).toEqual([1, 1]);
  });

  it('keeps quarters of a zone whose offset is not whole hours (Kathmandu, +05:45)', () => {
    expect(new Date(bucketStart('2026-11-28T01:20:00Z', 'Asia/Kathmandu')).toISOString()).toBe('2026-11-28T01:15:00.000Z');
    expect(timeline({ timeZone: 'Asia/Kathmandu', arrivals: [{ personId: 'ann', arrivedAt: '2026-11-28T01:20:00Z' }] }).buckets).toEqual([
      '2026-11-28T07:00:00+05:45',
    ]);
  });

  it('on the day the clocks go back, the hour from 02:00 twice is two sets of buckets, each with its offset', () => {
    // Oslo, 25 October 2026: 03:00 summer time (01:00 UTC) becomes 02:00 winter time.
    const t = timeline({
      arrivals: [
        { personId: 'ann', arrivedAt: '2026-10-25T00:10:00Z' },
        { personId: 'bo', arrivedAt: '2026-10-25T01:10:00Z' },
      ],
    });
    expect(t.buckets).toEqual([
      '2026-10-25T02:00:00+02:00',
      '2026-10-25T02:15:00+02:00',
      '2026-10-25T02:30:00+02:00',
      '2026-10-25T02:45:00+02:00',
      '2026-10-25T02:00:00+01:00',
    ]);
    expect(t.all.arrivals).toEqual([1, 0, 0, 0, 1]);
  });

  it('on the day the clocks go forward, 01:45 is followed by 03:00', () => {
    // Oslo, 29 March 2026: 02:00 winter time (01:00 UTC) becomes 03:00 summer time.
    const t = timeline({
      arrivals: [
        { personId: 'ann', arrivedAt: '2026-03-29T00:50:00Z' },
        { personId: 'bo', arrivedAt: '2026-03-29T01:05:00Z' },
      ],
    });
    expect(t.buckets).toEqual(['2026-03-29T01:45:00+01:00', '2026-03-29T03:00:00+02:00']);
  });

  it("keeps UTC's time for a move whose country the time-zone data does not know", () => {
    expect(timeline({ timeZone: 'UTC', arrivals: [{ personId: 'ann', arrivedAt: '2026-11-28T07:29:00Z' }] }).buckets).toEqual(['2026-11-28T07:15:00+00:00']);
  });
});

describe('the series', () => {
  it('fills the quarters without arrivals, and the running share climbs to what has arrived of the expected', () => {
    const t = timeline({
      arrivals: [
        { personId: 'ann', arrivedAt: '2026-11-28T07:01:00Z' },
        { personId: 'di', arrivedAt: '2026-11-28T07:40:00Z' },
        { personId: 'bo', arrivedAt: '2026-11-28T07:44:00Z' },
        { personId: 'eve', arrivedAt: '2026-11-28T09:00:00Z' },
      ],
      reports: [
        { createdAt: '2026-11-28T07:20:00Z', group: 'f4' },
        { createdAt: '2026-11-28T07:35:00Z', group: undefined },
      ],
    });
    expect(t.buckets).toEqual(['2026-11-28T08:00:00+01:00', '2026-11-28T08:15:00+01:00', '2026-11-28T08:30:00+01:00']);
    expect(t.all).toEqual({ expected: 4, arrivals: [1, 0, 2], arrivedShare: [25, 25, 75], reports: [0, 1, 1] });
    expect(t.groups).toEqual([
      { id: 'f4', name: '4', arrival: null, expected: 3, arrivals: [1, 0, 1], arrivedShare: [33.3, 33.3, 66.7], reports: [0, 1, 0] },
      { id: 'f5', name: '5', arrival: null, expected: 1, arrivals: [0, 0, 1], arrivedShare: [0, 0, 100], reports: [0, 0, 0] },
    ]);
  });

  it('has no buckets before the first arrival or report, and every floor with its expected', () => {
    const t = timeline({});
    expect(t.buckets).toEqual([]);
    expect(t.all).toEqual({ expected: 4, arrivals: [], arrivedShare: [], reports: [] });
    expect(t.groups.map((g) => [g.name, g.expected])).toEqual([
      ['4', 3],
      ['5', 1],
    ]);
  });

  it('spans at most a week; an arrival before it still counts in the running share', () => {
    const t = timeline({
      arrivals: [
        { personId: 'ann', arrivedAt: '2026-11-10T07:00:00Z' },
        { personId: 'bo', arrivedAt: '2026-11-28T07:00:00Z' },
      ],
    });
    expect(t.buckets).toHaveLength(MOVE_DAY_BUCKETS_MAX);
    expect(t.all.arrivals.reduce((a, b) => a + b)).toBe(1);
    expect(t.all.arrivedShare[0]).toBe(25);
    expect(t.all.arrivedShare.at(-1)).toBe(50);
  });
});

describe('the day by wave', () => {
  const waves = [
    { id: 'w-it', name: 'IT', arrival: { start: '2026-11-28T08:00' } },
    { id: 'w-fin', name: 'Finance', arrival: null },
  ];
  const seated = [
    { id: 'ann', waveId: 'w-fin' },
    { id: 'bo', waveId: 'w-it' },
    { id: 'cy', waveId: null },
    // A wave since deleted: the person counts with the people in no wave.
    { id: 'di', waveId: 'w-gone' },
  ];
  const byWave = () =>
    timelineOf({
      by: 'wave',
      timeZone: 'Europe/Oslo',
      people: seated.map((p) => ({ id: p.id, group: waveGroupOf(p.waveId, waves) })),
      arrivals: [
        { personId: 'bo', arrivedAt: '2026-11-28T07:05:00.000Z' },
        { personId: 'cy', arrivedAt: '2026-11-28T07:20:00.000Z' },
      ],
      reports: [{ createdAt: '2026-11-28T07:06:00.000Z', group: groupOfReporter('bo', new Map(seated.map((p) => [p.id, p])), waves) }],
      order: waveOrder(waves),
    });

  it("groups each person in their wave in the waves' order, the people in no wave last, with the wave's arrival time", () => {
    const t = byWave();
    expect(t.by).toBe('wave');
    expect(t.groups.map((g) => [g.id, g.name, g.expected, g.arrival])).toEqual([
      ['w-it', 'IT', 1, '2026-11-28T08:00'],
      ['w-fin', 'Finance', 1, null],
      [MOVE_DAY_NO_WAVE, 'no wave', 2, null],
    ]);
  });

  it("counts an arrival and a report in the person's wave", () => {
    const [it_, fin, none] = byWave().groups;
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect([sum(it_.arrivals), sum(it_.reports), it_.arrivedShare.at(-1)]).toEqual([1, 1, 100]);
    expect([sum(fin.arrivals), sum(fin.reports)]).toEqual([0, 0]);
    expect([sum(none.arrivals), none.arrivedShare.at(-1)]).toEqual([1, 50]);
  });
});
