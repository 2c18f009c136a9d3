import type { ContentLocale } from './locales.ts';

/**
 * A wave's times as people read them (issue 48): in their letter, on their own page, on the visitor
 * site. No yup here, so the visitor build can import it. Times are the move's local wall-clock times
 * (`YYYY-MM-DDTHH:mm`), shown as they are, with the time zone named once.
 */

export interface WaveWindowTimes {
  start: string;
  end: string;
}

/** A person's wave as the person reads it: the name in their language, the times, the move's time zone. */
export interface PersonWave {
  id: string;
  name: string;
  day: string;
  packBy: string | null;
  pickUp: WaveWindowTimes | null;
  arrival: WaveWindowTimes | null;
  /** A label colour (`labelColors`; not imported here: planner.ts reaches this file through moveDay.ts). */
  color: string | null;
  timeZone: string;
}

/** Intl's tag of a content language. */
export const intlTag = (language: ContentLocale | string) => (language === 'no' ? 'nb' : language === 'se' ? 'sv' : language);

// A wall-clock time is formatted as UTC: what is written is what is shown, whatever the reader's zone.
const asUtc = (local: string) => new Date(`${local.length === 10 ? `${local}T00:00` : local}:00Z`);

/** 'lørdag 5. desember' of a day or a local time. */
export const formatWaveDay = (local: string, language: string) =>
  new Intl.DateTimeFormat(intlTag(language), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(asUtc(local));

const clock = (local: string, language: string) =>
  new Intl.DateTimeFormat(intlTag(language), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(asUtc(local));

/** 'fredag 4. desember 16:00' of a local time. */
export const formatWaveTime = (local: string, language: string) => `${formatWaveDay(local, language)} ${clock(local, language)}`;

/** A window: 'lørdag 5. desember 08:00–10:00', or both ends in full when they are on different days. */
export function formatWaveWindow(window: WaveWindowTimes, language: string): string {
  if (window.start === window.end) return formatWaveTime(window.start, language);
  return window.start.slice(0, 10) === window.end.slice(0, 10)
    ? `${formatWaveTime(window.start, language)}–${clock(window.end, language)}`
    : `${formatWaveTime(window.start, language)} – ${formatWaveTime(window.end, language)}`;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/** An instant's wall-clock parts in a time zone (one formatter per zone: a wall shows many times). */
function partsIn(at: number, timeZone: string): Record<string, string> {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormats.set(timeZone, format);
  }
  return Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
}

function zoneOffsetMs(at: number, timeZone: string): number {
  const parts = partsIn(at, timeZone);
  return Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second) - Math.floor(at / 1000) * 1000;
}

/**
 * An instant (an arrival, a report, 'packed') on the move's clock: its wall-clock minute in the move's time
 * zone, `YYYY-MM-DDTHH:mm`, as a wave's times are written (issue 55: one clock, the move's, on every
 * screen; never the device's).
 */
export function localMinuteAt(at: string | number | Date, timeZone: string): string {
  const p = partsIn(new Date(at).getTime(), timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** '2026-12-05 11:57': an instant on the move's clock as the admin writes times ('' for none). */
export const formatMoveDayTime = (at: string | null | undefined, timeZone: string) => (at ? localMinuteAt(at, timeZone).replace('T', ' ') : '');

/** '11:57': an instant on the move's clock, in the reader's language. */
export const formatMoveClock = (at: string | number | Date, timeZone: string, language: string) => clock(localMinuteAt(at, timeZone), language);

/**
 * The last second of a day (`YYYY-MM-DD`) on a time zone's clock, as an ISO instant: the second before the
 * next day begins there (issue 55: a pass or a wall link ends as the day ends for the move, not in UTC).
 */
export function endOfDayIn(day: string, timeZone: string): string {
  const nextDay = new Date(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return new Date(instantOf(`${nextDay}T00:00`, timeZone).getTime() - 1000).toISOString();
}

/** The instant of a local wall-clock time in a time zone (a time a clock change skips is read after it). */
export function instantOf(local: string, timeZone: string): Date {
  const wall = asUtc(local).getTime();
  const first = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(first, timeZone));
}

/** A wave's moments in order: when to have packed, when the movers come, when to arrive. */
export function waveMoments(wave: Pick<PersonWave, 'packBy' | 'pickUp' | 'arrival'>): { kind: 'packBy' | 'pickUp' | 'arrival'; at: string }[] {
  return [
    ...(wave.packBy ? [{ kind: 'packBy' as const, at: wave.packBy }] : []),
    ...(wave.pickUp ? [{ kind: 'pickUp' as const, at: wave.pickUp.start }] : []),
    ...(wave.arrival ? [{ kind: 'arrival' as const, at: wave.arrival.start }] : []),
  ];
}

type WaveStepKind = 'packBy' | 'pickUp' | 'arrival';

/**
 * Where a person's countdown goes (issue 55): the steps come in order (pack, the movers take the desk,
 * arrive) and a step is done when the person did it or a step after it: 'I'm here' does them all, 'My
 * crates are packed' the packing; the pick-up is the movers' and is done once its time has come. `allDone`
 * when every step of the wave is; else the first step not done whose moment is still ahead, or null when
 * what is left is late (the page says the rest) or the wave has no times.
 */
export function nextWaveStep<M extends { kind: WaveStepKind; at: string }>(
  moments: readonly M[],
  done: { packed: boolean; arrived: boolean },
  now: number,
): { next: M | null } | { allDone: true } {
  const isDone = (m: M) => done.arrived || (m.kind === 'packBy' && done.packed) || (m.kind === 'pickUp' && Date.parse(m.at) <= now);
  if (moments.length > 0 && (done.arrived || moments.every(isDone))) return { allDone: true };
  return { next: moments.find((m) => !isDone(m) && Date.parse(m.at) > now) ?? null };
}
