import type { HistoryAction, HistoryChange, HistoryEntry } from '@movers/contracts';

/** How a value reads in a history line: text as it is, nothing as '—', anything else as short JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string')
    return (
      value
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim() || '—'
    );
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** Nothing at all: no value, empty text, or a list or object holding only such. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return valueText(value) === '—';
  if (Array.isArray(value)) return value.every(isEmptyValue);
  if (typeof value === 'object') return Object.values(value).every(isEmptyValue);
  return false;
}

/**
 * Fields that tie a record to its owner (the move, client, location, lease, timeline): set once when it is
 * made and never changed by a person, so a history shows none of them as a change.
 */
export const internalFields: ReadonlySet<string> = new Set(['moveId', 'clientId', 'locationId', 'leaseId', 'ownerId']);

/** A change a person would call one: not an internal field, and not from nothing to nothing. */
export const shownChange = (change: HistoryChange) => !internalFields.has(change.field) && !(isEmptyValue(change.from) && isEmptyValue(change.to));

/** Long text is shown as a diff rather than twice in full. */
export const isLongText = (from: unknown, to: unknown) => typeof from === 'string' && typeof to === 'string' && Math.max(from.length, to.length) > 80;

export const actionWords: Record<HistoryAction, string> = { create: 'created', update: 'changed', delete: 'deleted', restore: 'restored' };

/**
 * Every word the History panel shows, in English by default; a screen that speaks another language (the
 * planner's Norwegian) passes its own (`{what}`, `{time}` are filled in). `locale` formats days and times.
 */
export const historyWords = {
  locale: 'en-GB',
  heading: 'History',
  field: 'Field',
  allFields: 'All fields',
  loading: 'Loading history…',
  failed: 'The history could not be loaded.',
  tryAgain: 'Try again',
  none: 'No changes recorded yet.',
  restoreField: 'Restore this field',
  restore: 'Restore',
  restoreLabel: 'Restore the values from before this change ({time})',
  bringBack: 'Bring back',
  bringBackLabel: 'Bring back {what}',
  backInPlace: 'Back in place',
  someone: 'someone',
  /** After a record's current name, the name an entry knew it by: "person 'Kari Nordmann' (then 'Kari')". */
  formerly: 'then',
  showOlder: 'Show older',
  loadingMore: 'Loading…',
  restored: 'Restored',
  broughtBack: 'Brought back',
  stale: 'Someone changed this since you opened it. Reload to see their change, then restore again if you still want to.',
  restoreFailed: 'The restore failed: try again',
  restoreTitle: 'Restore?',
  restoreText: '{what} get back the values from before it. Later changes to other fields stay.',
  theFields: 'The fields this change made',
  bringBackTitle: 'Bring it back?',
  bringBackText: 'The item comes back as it was when it was deleted.',
  confirmRestore: 'restore',
  confirmBringBack: 'bring back',
  cancel: 'cancel',
  removed: 'removed: ',
  added: 'added: ',
  actions: actionWords,
};
export type HistoryWords = typeof historyWords;

/** A text and one more sentence after it, with the stop the text may lack ('… this action' + '. You can …'). */
export const withSentence = (text: string, sentence: string) => `${text}${/[.!?]$/.test(text.trim()) ? '' : '.'} ${sentence}`;

/** Who made a change: their name as it was; where the token named nobody, 'someone', never their user id. */
export const whoOf = (by: { id: string; name: string }, someone: string = historyWords.someone) =>
  by.name || (/^(?:system|import|visitor)$/.test(by.id) ? by.id : someone);

/** Fills `{name}` placeholders (a function replacement: a value's `$&` stays text). */
export const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * Entries grouped by their day, newest first as they come: the day on the move's clock when `timeZone` is
 * given (a move's records, issue 55), else the screen's.
 */
export function byDay(entries: HistoryEntry[], locale = 'en-GB', timeZone?: string): { day: string; entries: HistoryEntry[] }[] {
  const groups: { day: string; entries: HistoryEntry[] }[] = [];
  const dayFormat = dayFormatOf(locale, timeZone);
  for (const entry of entries) {
    const day = dayFormat.format(new Date(entry.at));
    const last = groups[groups.length - 1];
    if (last?.day === day) last.entries.push(entry);
    else groups.push({ day, entries: [entry] });
  }
  return groups;
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per locale, zone and kind (a History formats many times). */
function formatOf(kind: 'day' | 'time', locale: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind}|${locale}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    const zone = timeZone ? { timeZone } : {};
    format =
      kind === 'day'
        ? new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', ...zone })
        : new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...zone });
    formats.set(key, format);
  }
  return format;
}
const dayFormatOf = (locale: string, timeZone?: string) => formatOf('day', locale, timeZone);
/** A time of day, '10:02' (the same in the planner's languages), on the move's clock when `timeZone` is given. */
export const timeOf = (at: string, timeZone?: string) => formatOf('time', 'en-GB', timeZone).format(new Date(at));
