import type { MoveDayTimeline } from '@movers/contracts';
import { describe, expect, it } from 'vitest';
import { arrivalPosition, dayChartRows, seriesOf } from '../src/admin/features/moveDay/dayChartRows.ts';

const series = (arrivals: number[], arrivedShare: number[], reports: number[]) => ({ expected: 4, arrivals, arrivedShare, reports });

describe("the day's chart rows", () => {
  it("are labelled with the move's own clock, whatever the browser's zone", () => {
    const timeline = { buckets: ['2026-11-28T07:45:00+01:00', '2026-11-28T08:00:00+01:00'] };
    expect(dayChartRows(timeline, series([1, 2], [25, 75], [0, 1]))).toEqual([
      { label: '07:45', arrivals: 1, share: 25, reports: 0 },
      { label: '08:00', arrivals: 2, share: 75, reports: 1 },
    ]);
  });

  it('name their offset on the night the clocks go back, so 02:00 twice is told apart', () => {
    const timeline = { buckets: ['2026-10-25T02:45:00+02:00', '2026-10-25T02:00:00+01:00'] };
    expect(dayChartRows(timeline, series([1, 1], [25, 50], [0, 0])).map((r) => r.label)).toEqual(['02:45 (UTC+02:00)', '02:00 (UTC+01:00)']);
  });

  it("show the whole move's series, or the chosen floor's", () => {
    const timeline: MoveDayTimeline = {
      by: 'floor',
      timeZone: 'Europe/Oslo',
      bucketMinutes: 15,
      buckets: ['2026-11-28T08:00:00+01:00'],
      all: series([2], [50], [1]),
      groups: [{ id: 'f4', name: '4', arrival: null, ...series([1], [33.3], [1]) }],
    };
    expect(seriesOf(timeline, 'all').arrivals).toEqual([2]);
    expect(seriesOf(timeline, 'f4').arrivedShare).toEqual([33.3]);
    expect(seriesOf(timeline, 'gone').arrivals).toEqual([2]);
  });
});

describe("a wave's arrival on the chart", () => {
  it("falls in quarters from the first bucket on the move's clock, whatever the browser's zone", () => {
    const buckets = ['2026-11-28T07:45:00+01:00', '2026-11-28T08:00:00+01:00'];
    expect(arrivalPosition(buckets, '2026-11-28T08:00')).toBe(1);
    expect(arrivalPosition(buckets, '2026-11-28T08:07')).toBeCloseTo(1.4667, 3);
    expect(arrivalPosition(buckets, '2026-11-28T07:15')).toBe(-2);
    expect(arrivalPosition([], '2026-11-28T08:00')).toBeNull();
  });
});
