import { type ContentLocale, localeNames } from './locales.ts';

/**
 * The texts a visitor reads of a FAQ question, a contact, a detail or a timeline section or event, in the
 * move's other languages (issue 39). The item's own fields (`question`, `title`, ...) keep the spec's shape
 * and hold the move's default language; `translations` adds, per language code of the move, the same
 * fields in that language. A field a language lacks is shown in the default language.
 * No yup here: the visitor build may import this file as it is (the body schema is `itemTranslationsSchema.ts`);
 * the visitor site picks a text's language with `textIn` (`web/src/visitor/i18n.ts`).
 */
export type ItemTranslations<K extends string> = Partial<Record<ContentLocale, Partial<Record<K, string>>>>;

export const translationMessages = {
  notOfMove: 'is not one of the move’s languages',
  isDefault: 'is the move’s default language: its text goes in the item’s own fields',
  oneLanguage: 'this timeline has one language: it takes no translations',
} as const;

/** Translations without empty texts and languages without any: what is stored and answered. */
export function cleanTranslations<K extends string>(translations: ItemTranslations<K> | undefined | null): ItemTranslations<K> {
  const out: ItemTranslations<K> = {};
  for (const [code, texts] of Object.entries(translations ?? {}) as [ContentLocale, Partial<Record<K, string>> | undefined][]) {
    const kept = Object.fromEntries(Object.entries(texts ?? {}).filter(([, text]) => typeof text === 'string' && text.trim() !== '')) as Partial<
      Record<K, string>
    >;
    if (Object.keys(kept).length > 0) out[code] = kept;
  }
  return out;
}

/**
 * What is wrong with the languages of a body's translations for a move of these languages, as field
 * errors (`translations.de`); null when nothing is. The default language's text is the item's own field.
 */
export function translationLanguageErrors(
  translations: ItemTranslations<string> | undefined | null,
  move: { languages: readonly ContentLocale[]; defaultLanguage: ContentLocale } | null,
  path = 'translations',
): Record<string, string> | null {
  const errors: Record<string, string> = {};
  for (const code of Object.keys(cleanTranslations(translations)) as ContentLocale[]) {
    if (!move) errors[`${path}.${code}`] = translationMessages.oneLanguage;
    else if (code === move.defaultLanguage) errors[`${path}.${code}`] = `${code} ${translationMessages.isDefault}`;
    else if (!move.languages.includes(code)) errors[`${path}.${code}`] = `${code} ${translationMessages.notOfMove} (${move.languages.join(', ')})`;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * The move's other languages an item lacks a text in, for the admin's 'Missing: …' note: a language is
 * missing when a field that has a default-language text has no translation in it.
 */
export function missingLanguages<K extends string>(
  item: { [P in K]?: string | null } & { translations?: ItemTranslations<K> },
  fields: readonly K[],
  move: { languages: readonly ContentLocale[]; defaultLanguage: ContentLocale },
): ContentLocale[] {
  const filled = fields.filter((field) => (item[field] ?? '').trim() !== '');
  if (filled.length === 0) return [];
  return move.languages.filter((code) => code !== move.defaultLanguage && filled.some((field) => !(item.translations?.[code]?.[field] ?? '').trim()));
}

/** 'Missing: Norsk (nynorsk)' for the admin's lists; '' when nothing is missing. */
export const missingNote = (codes: readonly ContentLocale[]) => (codes.length ? `Missing: ${codes.map((c) => localeNames[c]).join(', ')}` : '');
