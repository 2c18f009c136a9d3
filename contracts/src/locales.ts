/** Locales that page and template content is held in. */
export const contentLocales = ['en', 'no', 'nn', 'de', 'da', 'se'] as const;
export type ContentLocale = (typeof contentLocales)[number];

/** The admin language menu offers English only and forces it. */
export const adminLanguages = [{ code: 'en', name: 'English' }] as const;
