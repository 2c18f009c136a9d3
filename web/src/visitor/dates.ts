import type { TimelineEvent } from '@movers/contracts';

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
 * A single day, or a range: within one month abbreviated by Intl ('7.–11. desember'), across months in
 * full; with the year when the event is not all in the current year.
 */
export function formatEventDays(event: Pick<TimelineEvent, 'startDate' | 'endDate'>, tag: string, now = new Date()): string {
  const thisYear = String(now.getFullYear());
  const otherYear = [event.startDate, event.endDate].some((d) => d && d.slice(0, 4) !== thisYear);
  const format = new Intl.DateTimeFormat(dateTag(tag), { day: 'numeric', month: 'long', ...(otherYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });
  if (!event.endDate || event.endDate.slice(0, 10) === event.startDate.slice(0, 10)) return format.format(day(event.startDate));
  return format.formatRange(day(event.startDate), day(event.endDate));
}

const localKey = (now: Date) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** Current (bold): started today or before and ends after today, or open-ended and starts today (spec part 2, section 4). */
export function isCurrent(event: Pick<TimelineEvent, 'startDate' | 'endDate'>, now = new Date()): boolean {
  const today = localKey(now);
  const start = event.startDate.slice(0, 10);
  if (!event.endDate) return start === today;
  return start <= today && event.endDate.slice(0, 10) > today;
}
