import { localMinuteAt, type TimelineEvent } from '@movers/contracts';

/** Days travel as midnight-UTC timestamps: formatted in UTC so that no time zone moves them. */
const day = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

/**
 * The language Intl writes dates in: Chromium ships no Nynorsk data (its Intl falls back to English for
 * `nn`), so Nynorsk dates are written in bokmål, whose month names a Nynorsk reader shares.
 */
export function dateTag(tag: string, supported: (tag: string) => boolean = (t) => Intl.DateTimeFormat.supportedLocalesOf([t]).length > 0): string {
  return tag === 'nn' && !supported('nn') ? 'nb' : tag;
}

export function formatDay(iso: string, tag: string): string {
  return new Intl.DateTimeFormat(dateTag(tag), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(day(iso));
}

/**
 * Today on the move's clock (`YYYY-MM-DD` in its time zone, issue 55); without a zone, the device's own day
 * (a move's site always has one: `VisitMove.timeZone`).
 */
export function todayOf(now: Date, timeZone?: string): string {
  if (timeZone) return localMinuteAt(now, timeZone).slice(0, 10);
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * A single day, or a range: within one month abbreviated by Intl ('7.–11. desember'), across months in
 * full; with the year when the event is not all in the current year (the move's).
 */
export function formatEventDays(event: Pick<TimelineEvent, 'startDate' | 'endDate'>, tag: string, now = new Date(), timeZone?: string): string {
  const thisYear = todayOf(now, timeZone).slice(0, 4);
  const otherYear = [event.startDate, event.endDate].some((d) => d && d.slice(0, 4) !== thisYear);
  const format = new Intl.DateTimeFormat(dateTag(tag), { day: 'numeric', month: 'long', ...(otherYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });
  if (!event.endDate || event.endDate.slice(0, 10) === event.startDate.slice(0, 10)) return format.format(day(event.startDate));
  return format.formatRange(day(event.startDate), day(event.endDate));
}

/**
 * Current (bold): started today or before and ends after today, or open-ended and starts today (spec part 2,
 * section 4); today is the move's.
 */
export function isCurrent(event: Pick<TimelineEvent, 'startDate' | 'endDate'>, now = new Date(), timeZone?: string): boolean {
  const today = todayOf(now, timeZone);
  const start = event.startDate.slice(0, 10);
  if (!event.endDate) return start === today;
  return start <= today && event.endDate.slice(0, 10) > today;
}

/**
 * 'Offline — saved 14:02 (Europe/Oslo)': when the phone's saved copy was saved, on the move's clock with its
 * zone named (issue 55); a saved move answer from before the zone was sent shows the phone's time, unnamed.
 */
export function savedLine(text: string, savedAt: string, tag: string, timeZone?: string): string {
  const time = new Intl.DateTimeFormat(dateTag(tag), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(timeZone ? { timeZone } : {}) }).format(
    new Date(savedAt),
  );
  return text.replace('{time}', time).replace(timeZone ? '{zone}' : ' ({zone})', timeZone ?? '');
}
