import { contentLocales } from '@movers/contracts';

/** A valid template body: the six translations, each with a title. */
export const templateBody = (title: string, content = '<p>Hello</p>', extra: Record<string, unknown> = {}) => ({
  translations: contentLocales.map((locale) => ({ locale, title: `${title} (${locale})`, content })),
  ...extra,
});
