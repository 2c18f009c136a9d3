/** Locales that page and template content is held in. */
export const contentLocales = ['en', 'no', 'nn', 'de', 'da', 'se'] as const;
export type ContentLocale = (typeof contentLocales)[number];

/** The admin language menu offers English only and forces it. */
export const adminLanguages = [{ code: 'en', name: 'English' }] as const;

/** Language names of the data's codes, for the settings and the visitor site's menu. */
export const localeNames: Record<ContentLocale, string> = {
  en: 'English',
  no: 'Norsk (bokmål)',
  nn: 'Norsk (nynorsk)',
  de: 'Deutsch',
  da: 'Dansk',
  se: 'Svenska',
};
