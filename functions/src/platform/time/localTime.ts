/**
 * A move's own clock. No move or location stores a time zone, so a move keeps the time of its location's
 * country: the country's only zone in the runtime's time-zone data (CLDR, through `Intl.Locale`), and for
 * a country spanning several zones the zone of its capital (below). A country the data does not know
 * keeps UTC, which the offset `+00:00` then says.
 */
const capitalZones: Record<string, string> = {
  AR: 'America/Argentina/Buenos_Aires',
  AU: 'Australia/Sydney',
  BR: 'America/Sao_Paulo',
  CA: 'America/Toronto',
  CD: 'Africa/Kinshasa',
  CL: 'America/Santiago',
  CN: 'Asia/Shanghai',
  CY: 'Asia/Nicosia',
  DE: 'Europe/Berlin',
  EC: 'America/Guayaquil',
  ES: 'Europe/Madrid',
  FM: 'Pacific/Ponape',
  GL: 'America/Godthab',
  ID: 'Asia/Jakarta',
  KI: 'Pacific/Tarawa',
  KZ: 'Asia/Almaty',
  MH: 'Pacific/Majuro',
  MN: 'Asia/Ulaanbaatar',
  MX: 'America/Mexico_City',
  MY: 'Asia/Kuala_Lumpur',
  NZ: 'Pacific/Auckland',
  PF: 'Pacific/Tahiti',
  PG: 'Pacific/Port_Moresby',
  PT: 'Europe/Lisbon',
  RU: 'Europe/Moscow',
  UA: 'Europe/Kiev',
  US: 'America/New_York',
  UZ: 'Asia/Tashkent',
};

// `timeZones` is the getter Node 22's V8 has; later engines renamed it `getTimeZones()`.
type LocaleZones = Intl.Locale & { getTimeZones?: () => string[]; timeZones?: string[] };

export function timeZoneOfCountry(countryId: string | undefined): string {
  if (!countryId || !/^[A-Z]{2}$/.test(countryId)) return 'UTC';
  if (capitalZones[countryId]) return capitalZones[countryId];
  try {
    const locale = new Intl.Locale(`und-${countryId}`) as LocaleZones;
    return (locale.getTimeZones?.() ?? locale.timeZones)?.[0] ?? 'UTC';
  } catch {
    return 'UTC';
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
const formatIn = (timeZone: string) => {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    formats.set(timeZone, format);
  }
  return format;
};

/** An ISO timestamp as the wall-clock time of `timeZone` with its offset: `2026-11-28T07:23:49+01:00`. */
export function localTimestamp(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  // 'GMT+01:00', or plain 'GMT' at offset zero.
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName.slice(3);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** The wall-clock minute of `timeZone` at `at`: `YYYY-MM-DDTHH:mm`, as a wave's times are written. */
export const localMinute = (timeZone: string, at: Date = new Date()) => localTimestamp(at.toISOString(), timeZone).slice(0, 16);
