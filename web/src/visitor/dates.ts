import type { TimelineEvent } from '@movers/contracts';

/** Days travel as midnight-UTC timestamps: formatted in UTC so that no time zone moves them. */
const day = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

export function formatDay(iso: string, tag: string): string {
  return new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(day(iso));
}

/** A single day, or a range: within one month abbreviated by Intl ('7.–11. desember'), across months in full. */
export function formatEventDays(event: Pick<TimelineEvent, 'startDate' | 'endDate'>, tag: string): string {
  const format = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', timeZone: 'UTC' });
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
