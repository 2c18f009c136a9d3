import { type ContentLocale, formatDayRange, formatLongDay, localeNames } from '@movers/contracts';
import { isEmptyValue, valueText } from './historyText.ts';

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
  if ((field === 'translations' || field.endsWith('Translations')) && typeof value === 'object') {
    // An item: each other language's texts (a move's notice: one text per language).
    const languages = Object.entries(value as Record<string, Record<string, string> | string>).filter(([, texts]) => !isEmptyValue(texts));
    return languages.length === 0
      ? '—'
      : languages.map(([code, texts]) => `${languageName(code)}: ${typeof texts === 'string' ? texts : Object.values(texts ?? {}).join(' / ')}`).join(' · ');
  }
  // A page made from a template keeps which one; templates are staff's own, so it is named by what it is.
  if (field === 'templateId') return typeof value === 'string' && value ? 'a template' : '—';
  if ((field === 'defaultLanguage' || field === 'locale') && typeof value === 'string') return languageName(value);
  return undefined;
}
