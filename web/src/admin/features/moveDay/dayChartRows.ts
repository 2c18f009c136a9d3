import type { MoveDaySeries, MoveDayTimeline } from '@movers/contracts';

/** One quarter of an hour as the chart and its table show it. */
export interface DayChartRow {
  /** The bucket's start on the move's clock: '08:15', with its offset on a day the clocks change ('02:15 (UTC+02:00)'). */
  label: string;
  arrivals: number;
  /** Arrived of expected by the quarter's end, in percent. */
  share: number;
  reports: number;
}

/** A bucket's start as the move's clock reads it; the server wrote it as `2026-11-28T08:15:00+01:00`. */
const clock = (start: string) => start.slice(11, 16);
const offset = (start: string) => start.slice(19);

/**
 * The rows of one series. The label is the move's own wall-clock time, not the browser's; where the
 * series crosses a change of the clocks the same time can come twice (02:00 to 03:00 on the night the
 * clocks go back), so on such a day every label carries its offset.
 */
export function dayChartRows(timeline: Pick<MoveDayTimeline, 'buckets'>, series: MoveDaySeries): DayChartRow[] {
  const offsets = new Set(timeline.buckets.map(offset));
  return timeline.buckets.map((start, i) => ({
    label: offsets.size > 1 ? `${clock(start)} (UTC${offset(start)})` : clock(start),
    arrivals: series.arrivals[i] ?? 0,
    share: series.arrivedShare[i] ?? 0,
    reports: series.reports[i] ?? 0,
  }));
}

/** The series the floor chooser names: the whole move (`all`) or one group's. */
export const seriesOf = (timeline: MoveDayTimeline, group: string): MoveDaySeries =>
  (group === 'all' ? undefined : timeline.groups.find((g) => g.id === group)) ?? timeline.all;

/**
 * Where a wave's arrival (`YYYY-MM-DDTHH:mm` on the move's clock) falls on the chart's x axis, in quarters
 * from the first bucket (7.5: halfway through the eighth); null with no buckets. Both times are read as the
 * move's wall clock, so the browser's own zone plays no part.
 */
export function arrivalPosition(buckets: readonly string[], arrival: string): number | null {
  const first = buckets[0];
  if (!first) return null;
  const minutes = (Date.parse(`${arrival.slice(0, 16)}:00Z`) - Date.parse(`${first.slice(0, 16)}:00Z`)) / 60_000;
  return Number.isFinite(minutes) ? minutes / 15 : null;
}
