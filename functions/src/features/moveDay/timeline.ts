import {
  MOVE_DAY_BUCKET_MINUTES,
  MOVE_DAY_NO_WAVE,
  MOVE_DAY_BUCKETS_MAX,
  type MoveDayGrouping,
  type MoveDaySeries,
  type MoveDayTimeline,
} from '@movers/contracts';
import { localTimestamp } from '../../platform/time/localTime.ts';

const BUCKET_MS = MOVE_DAY_BUCKET_MINUTES * 60_000;

/** The offset of `timeZone` at an instant, in minutes east of UTC (from the CSV's own formatting, so both agree). */
function offsetMinutes(ms: number, timeZone: string): number {
  const offset = localTimestamp(new Date(ms).toISOString(), timeZone).slice(-6);
  const minutes = Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6));
  return offset.startsWith('-') ? -minutes : minutes;
}

/**
 * The instant (ms) at which the quarter of an hour of the move's wall clock holding `iso` starts. Cut on
 * the wall clock, not on UTC, so a zone whose offset is not whole hours (+05:45) still gets 07:00, 07:15…;
 * on a day the clocks go back, 02:10 before and 02:10 after the change are two buckets, an hour apart.
 */
export function bucketStart(iso: string, timeZone: string): number {
  const ms = Date.parse(iso);
  const offset = offsetMinutes(ms, timeZone) * 60_000;
  return Math.floor((ms + offset) / BUCKET_MS) * BUCKET_MS - offset;
}

/** Percent with one decimal; nobody expected is 0 %. */
export const sharePercent = (arrived: number, expected: number) => (expected > 0 ? Math.round((arrived / expected) * 1000) / 10 : 0);

export interface TimelinePerson {
  id: string;
  /** The group the person counts in (their seat's floor, or their wave with its arrival's start), or undefined when they are not expected. */
  group: { id: string; name: string; arrival?: string | null } | undefined;
}

/**
 * Arrivals and reports per quarter of an hour for the move and each group, with the running share of the
 * expected arrived. Only expected people's arrivals count (as the board's 'arrived'); a report counts in
 * the group `reportGroup` names (its seat's floor), and always in the whole move's series.
 */
export function timelineOf(input: {
  by: MoveDayGrouping;
  timeZone: string;
  people: TimelinePerson[];
  arrivals: readonly { personId: string; arrivedAt: string }[];
  reports: { createdAt: string; group: string | undefined }[];
  /** The groups' order (the board's, or the waves'). */
  order: (a: { id: string; name: string }, b: { id: string; name: string }) => number;
}): MoveDayTimeline {
  const { timeZone } = input;
  const groupOfPerson = new Map(input.people.filter((p) => p.group).map((p) => [p.id, p.group!]));
  const arrivals = input.arrivals.filter((a) => groupOfPerson.has(a.personId) && !Number.isNaN(Date.parse(a.arrivedAt)));
  const reports = input.reports.filter((r) => !Number.isNaN(Date.parse(r.createdAt)));

  const starts = [...arrivals.map((a) => bucketStart(a.arrivedAt, timeZone)), ...reports.map((r) => bucketStart(r.createdAt, timeZone))];
  const last = starts.length ? Math.max(...starts) : 0;
  const first = starts.length ? Math.max(Math.min(...starts), last - (MOVE_DAY_BUCKETS_MAX - 1) * BUCKET_MS) : 0;
  const count = starts.length ? (last - first) / BUCKET_MS + 1 : 0;
  // Offsets are whole quarters of an hour (every zone in use today), so the wall clock's quarters are UTC's steps too.
  const indexOf = (start: number) => Math.round((start - first) / BUCKET_MS);

  const emptySeries = (expected: number) => ({ expected, arrivals: new Array<number>(count).fill(0), reports: new Array<number>(count).fill(0), before: 0 });
  type Building = ReturnType<typeof emptySeries>;
  const all = emptySeries(groupOfPerson.size);
  const groups = new Map<string, Building & { id: string; name: string; arrival: string | null }>();
  for (const group of groupOfPerson.values()) {
    const series = groups.get(group.id) ?? { ...emptySeries(0), id: group.id, name: group.name, arrival: group.arrival ?? null };
    series.expected += 1;
    groups.set(group.id, series);
  }

  for (const arrival of arrivals) {
    const index = indexOf(bucketStart(arrival.arrivedAt, timeZone));
    for (const series of [all, groups.get(groupOfPerson.get(arrival.personId)!.id)!]) {
      if (index < 0) series.before += 1;
      else series.arrivals[index] += 1;
    }
  }
  for (const report of reports) {
    const index = indexOf(bucketStart(report.createdAt, timeZone));
    if (index < 0) continue;
    all.reports[index] += 1;
    const group = report.group ? groups.get(report.group) : undefined;
    if (group) group.reports[index] += 1;
  }

  const finished = ({ expected, arrivals, reports, before }: Building): MoveDaySeries => {
    let arrived = before;
    const arrivedShare = arrivals.map((n) => {
      arrived += n;
      return sharePercent(arrived, expected);
    });
    return { expected, arrivals, arrivedShare, reports };
  };
  return {
    by: input.by,
    timeZone,
    bucketMinutes: MOVE_DAY_BUCKET_MINUTES,
    buckets: Array.from({ length: count }, (_, i) => localTimestamp(new Date(first + i * BUCKET_MS).toISOString(), timeZone)),
    all: finished(all),
    groups: [...groups.values()].sort(input.order).map((g) => ({ id: g.id, name: g.name, arrival: g.arrival, ...finished(g) })),
  };
}

/** What the chart needs of a wave, in the move's order of waves. */
export type WaveItem = { id: string; name: string; arrival: { start: string } | null };

/** The chart's group of a person by wave: their wave (with its arrival's start), else the people in no wave (a wave since deleted too). */
export function waveGroupOf(waveId: string | null | undefined, waves: readonly WaveItem[]) {
  const wave = waveId ? waves.find((w) => w.id === waveId) : undefined;
  return wave ? { id: wave.id, name: wave.name, arrival: wave.arrival?.start ?? null } : { id: MOVE_DAY_NO_WAVE, name: 'no wave', arrival: null };
}

/** A report's group by wave: its person's wave now (undefined when the person is gone). */
export function groupOfReporter(personId: string, people: ReadonlyMap<string, { waveId?: string | null }>, waves: readonly WaveItem[]) {
  const person = people.get(personId);
  return person ? waveGroupOf(person.waveId, waves).id : undefined;
}

/** The waves in the move's order, the people in no wave last. */
export const waveOrder = (waves: readonly WaveItem[]) => {
  const rank = (id: string) => {
    const at = waves.findIndex((w) => w.id === id);
    return at < 0 ? waves.length : at;
  };
  return (a: { id: string }, b: { id: string }) => rank(a.id) - rank(b.id);
};
