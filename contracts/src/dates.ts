import moment from 'moment';

/**
 * The one date module of the admin app and the API (spec decisions: dates travel as ISO 8601 UTC
 * timestamps; day-only fields are stored at 00:00:00.000Z of that day; forms show DD.MM.YYYY; the
 * screens show DD.MM.YYYY, D MMMM YYYY and YYYY-MM-DD HH:mm). One rule for "a day": `YYYY-MM-DD` or
 * a midnight-UTC timestamp; any other time of day is refused, never truncated, so that a timestamp
 * from another time zone cannot silently move a date by a day. The visitor site formats with `Intl`
 * instead, to stay within its size budget.
 */

const ISO_DAY = /^(\d{4}-\d{2}-\d{2})(?:T00:00(?::00(?:\.0{1,3})?)?(?:Z|[+-]00:?00)?)?$/;
const FIRST_YEAR = 1900;
const LAST_YEAR = 2200;

const day = (m: moment.Moment): string | null => (m.isValid() && m.year() >= FIRST_YEAR && m.year() <= LAST_YEAR ? m.toISOString() : null);

/** Normalises a day to `YYYY-MM-DDT00:00:00.000Z`; null when it is not a real calendar day at midnight UTC. */
export function toIsoDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = ISO_DAY.exec(value.trim());
  return match ? day(moment.utc(match[1], 'YYYY-MM-DD', true)) : null;
}

/** `DD.MM.YYYY` as typed (one-digit day and month allowed) → ISO day; null when it is not a real day. */
export function parseDottedDay(text: string): string | null {
  return day(moment.utc(text.trim(), ['DD.MM.YYYY', 'D.M.YYYY'], true));
}

const format = (iso: string | null | undefined, pattern: string, zone: 'utc' | 'local' = 'utc'): string => {
  if (!iso) return '';
  const m = zone === 'utc' ? moment.utc(iso, moment.ISO_8601, true) : moment(iso, moment.ISO_8601, true);
  return m.isValid() ? m.format(pattern) : '';
};

/** `DD.MM.YYYY` of a stored day (its UTC day); '' when empty or invalid. */
export const formatDottedDay = (iso: string | null | undefined): string => format(iso, 'DD.MM.YYYY');

/** `D MMMM YYYY` of a stored day. */
export const formatLongDay = (iso: string | null | undefined): string => format(iso, 'D MMMM YYYY');

/** `YYYY-MM-DD HH:mm` of a moment in time, in the viewer's time zone (an upload, a change). */
export const formatDayTime = (iso: string | null | undefined): string => format(iso, 'YYYY-MM-DD HH:mm', 'local');

/** One day, or a range; a range within one month is abbreviated: `3–7 March 2026`. */
export function formatDayRange(startIso: string, endIso: string | null): string {
  const start = moment.utc(startIso);
  const end = endIso ? moment.utc(endIso) : null;
  if (!end || end.isSame(start, 'day')) return formatLongDay(startIso);
  if (start.isSame(end, 'month')) return `${start.format('D')}–${end.format('D MMMM YYYY')}`;
  if (start.isSame(end, 'year')) return `${start.format('D MMMM')} – ${end.format('D MMMM YYYY')}`;
  return `${formatLongDay(startIso)} – ${formatLongDay(endIso)}`;
}

/** 00:00:00.000Z of the UTC day `now` falls on. */
export const startOfUtcDay = (now: Date): string => moment.utc(now).startOf('day').toISOString();

/** `YYYY-MM-DD` of the viewer's calendar day. */
export const localDayKey = (now: Date): string => moment(now).format('YYYY-MM-DD');
