import { type ContentLocale, contentLocales, inLocaleOrder, type Template, type TemplateInput, type Translation } from '@movers/contracts';

export interface TemplateValues {
  translations: Translation[];
}

/** A new template's form: the six locales, each without title or content. */
export const emptyTemplate = (): TemplateValues => ({ translations: contentLocales.map((locale) => ({ locale, title: '', content: '' })) });

/** A saved template's form: its translations in the order of `contentLocales`, a missing one empty. */
export function templateValues(template: Pick<Template, 'translations'>): TemplateValues {
  const ordered = inLocaleOrder(template.translations);
  return {
    translations: contentLocales.map((locale: ContentLocale) => ordered.find((t) => t.locale === locale) ?? { locale, title: '', content: '' }),
  };
}

/**
 * What is sent: as the spec says, each translation's content with a trailing space, one: content saved
 * before already ends with it, and appending another at each save grew it by a space a save.
 */
export const templateInput = (values: TemplateValues): TemplateInput => ({
  translations: values.translations.map((t) => ({ locale: t.locale, title: t.title.trim(), content: `${t.content.trimEnd()} ` })),
});
