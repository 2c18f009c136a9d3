import { type ContentLocale, formatDayRange, formatLongDay, localeNames } from '@movers/contracts';
import { valueText } from './historyText.ts';

const languageName = (code: string) => localeNames[code as ContentLocale] ?? code;

/**
 * How the history of a move's content shows its structured fields (a History panel's `formatValue`):
 * a page's texts per language, an item's translations per language, a timeline section's date and
 * events; anything else as `valueText` shows it.
 */
export function contentValue(field: string, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (field === 'date' && typeof value === 'string') return formatLongDay(value);
  if (field === 'events' && Array.isArray(value))
    return value.length === 0
      ? '—'
      : value
          .map(
            (e: { title?: string; startDate?: string; endDate?: string | null }) => `${formatDayRange(e.startDate ?? '', e.endDate ?? null)}: ${e.title ?? ''}`,
          )
          .join(' · ');
  if (field === 'translations' && Array.isArray(value))
    // A page: each language's title and content.
    return value
      .map((t: { locale?: string; title?: string; content?: string }) => `${languageName(t.locale ?? '')}: ${t.title ?? ''} — ${valueText(t.content ?? '')}`)
      .join(' · ');
  if (field === 'translations' && typeof value === 'object') {
    // An item: each other language's texts.
    const languages = Object.entries(value as Record<string, Record<string, string>>);
    return languages.length === 0 ? '—' : languages.map(([code, texts]) => `${languageName(code)}: ${Object.values(texts ?? {}).join(' / ')}`).join(' · ');
  }
  return undefined;
}
