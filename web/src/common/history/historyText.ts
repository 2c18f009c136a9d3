import type { HistoryAction, HistoryEntry } from '@movers/contracts';

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

/** Long text is shown as a diff rather than twice in full. */
export const isLongText = (from: unknown, to: unknown) => typeof from === 'string' && typeof to === 'string' && Math.max(from.length, to.length) > 80;

export const actionWords: Record<HistoryAction, string> = { create: 'created', update: 'changed', delete: 'deleted', restore: 'restored' };

/** Entries grouped by their day (local time), newest first as they come. */
export function byDay(entries: HistoryEntry[]): { day: string; entries: HistoryEntry[] }[] {
  const groups: { day: string; entries: HistoryEntry[] }[] = [];
  for (const entry of entries) {
    const day = dayFormat.format(new Date(entry.at));
    const last = groups[groups.length - 1];
    if (last?.day === day) last.entries.push(entry);
    else groups.push({ day, entries: [entry] });
  }
  return groups;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
export const timeOf = (at: string) => timeFormat.format(new Date(at));
