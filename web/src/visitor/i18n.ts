import type { ItemTranslations } from '@movers/contracts/src/itemTranslations.ts';
import type { ContentLocale } from '@movers/contracts/src/locales.ts';
import { da } from './strings/da.ts';
import { de } from './strings/de.ts';
import { en, type Strings } from './strings/en.ts';
import { nn } from './strings/nn.ts';
import { no } from './strings/no.ts';
import { se } from './strings/se.ts';

/** The proper language tag of a data code (decisions.md): `se` is Swedish (`sv`), `no` is bokmål (`nb`). */
export const langTag = (code: ContentLocale): string => (code === 'se' ? 'sv' : code === 'no' ? 'nb' : code);

const strings: Record<ContentLocale, Strings> = { en, no, nn, de, da, se };

/**
 * A text of a FAQ question, contact, detail or timeline item as the visitor reads it (issue 39): its
 * translation in the visitor's language, else the item's own text in the move's default language, then
 * marked with that language (`lang`) so a screen reader says it in the right voice. Spread onto the element
 * that shows it: `<summary {...textIn(q, 'question', language, move.defaultLanguage)} />`.
 */
export function textIn<K extends string>(
  item: { [P in K]?: string | null } & { translations?: ItemTranslations<K> },
  field: K,
  language: ContentLocale,
  defaultLanguage: ContentLocale,
): { children: string; lang?: string } {
  const translated = item.translations?.[language]?.[field];
  if (translated?.trim()) return { children: translated };
  const own = item[field] ?? '';
  return language === defaultLanguage || !own ? { children: own } : { children: own, lang: langTag(defaultLanguage) };
}

export const stringsOf = (code: ContentLocale): Strings => strings[code] ?? en;

/**
 * The language a move's site was last shown in on this phone: the page that says the site cannot open
 * (its configuration unreachable, before any move is known) speaks it rather than the browser's.
 */
const shownLanguageKey = (path: string) => `visit:${path.toLowerCase()}:shown-language`;
export const rememberShownLanguage = (path: string, code: ContentLocale) => localStorage.setItem(shownLanguageKey(path), code);
export function lastShownLanguage(path: string): ContentLocale | null {
  const code = localStorage.getItem(shownLanguageKey(path)) as ContentLocale | null;
  return code && code in strings ? code : null;
}
export type { Strings };

/** The content of a translation list in the visitor's language, else the move's default, else the first. */
export function pick<T extends { locale: string; title: string }>(translations: T[], language: string, fallback: string): T | undefined {
  return (
    translations.find((t) => t.locale === language && t.title.trim()) ?? translations.find((t) => t.locale === fallback && t.title.trim()) ?? translations[0]
  );
}

/** Whether rich text has anything to show: text, an image or a video (the form sends ' ' for an empty editor). */
const hasContent = (html: string) => /<(?:img|video)\b/i.test(html) || html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';

/**
 * A page's translation for the visitor: their language when it has content, else the page's own default
 * language (spec: a move page's `defaultLanguage`), else the move's. Every translation has a title (the
 * form requires six), so a language without a translation is one whose content was left empty.
 */
export function pickPage<T extends { locale: string; title: string; content: string }>(
  page: { translations: T[]; defaultLanguage?: string },
  language: string,
  moveDefault: string,
): T | undefined {
  const written = (code: string) => page.translations.find((t) => t.locale === code && t.title.trim() && hasContent(t.content));
  const fallback = page.defaultLanguage ?? moveDefault;
  return written(language) ?? written(fallback) ?? written(moveDefault) ?? pick(page.translations, language, fallback);
}
