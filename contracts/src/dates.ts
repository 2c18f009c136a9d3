/**
 * Day-only dates (spec decisions: dates travel as ISO 8601 UTC timestamps; day-only fields are stored at
 * 00:00:00.000Z of that day; forms show DD.MM.YYYY). Shared by the web forms and the API.
 */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:T00:00(?::00(?:\.0{1,3})?)?(?:Z|[+-]00:?00)?)?$/;
const DOTTED = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/;

function validDay(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  if (y < 1900 || y > 2200) return null;
  return date.toISOString();
}

/**
 * Normalises a day to `YYYY-MM-DDT00:00:00.000Z`; null when it is not a real calendar day.
 * Accepts `YYYY-MM-DD` and a midnight-UTC timestamp; a time other than midnight is refused, so a
 * timestamp from another time zone cannot silently move a date by a day.
 */
export function toIsoDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = ISO_DAY.exec(value.trim());
  return m ? validDay(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** `DD.MM.YYYY` → ISO day; null when invalid. */
export function parseDottedDay(text: string): string | null {
  const m = DOTTED.exec(text);
  return m ? validDay(Number(m[3]), Number(m[2]), Number(m[1])) : null;
}

/** ISO timestamp → `DD.MM.YYYY` (the UTC day); '' when empty or invalid. */
export function formatDottedDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}.${p(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}

/** 00:00:00.000Z of the UTC day `now` falls on. */
export function startOfUtcDay(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
}
