import * as yup from './yup.ts';
import { type ItemTranslations, translationMessages } from './itemTranslations.ts';
import { contentLocales } from './locales.ts';

/** An empty text is no translation: it is dropped (undefined), so the default language shows. */
const emptyToUndefined = (_v: unknown, original: unknown) => (typeof original === 'string' && original.trim() === '' ? undefined : original);

/**
 * The body field `translations`: per language code, the given text fields (each optional, limited as the
 * item's own). Codes are checked against the content locales here, against the move's languages by the API.
 */
export function itemTranslationsSchema<K extends string>(fields: Record<K, number>) {
  const perLanguage = yup
    .object(
      Object.fromEntries(
        Object.entries<number>(fields).map(([name, max]) => [
          name,
          yup.string().transform(emptyToUndefined).trim().max(max, `maximum ${max} characters`).optional(),
        ]),
      ),
    )
    .noUnknown(true, 'unknown field: ${unknown}')
    .optional()
    .default(undefined);
  return yup
    .object(Object.fromEntries(contentLocales.map((code) => [code, perLanguage])))
    .noUnknown(true, 'unknown language: ${unknown}')
    .optional()
    .default(undefined)
    .meta({
      rule: `languages of the move other than its default language, else 400 '<code> ${translationMessages.notOfMove}' or '<code> ${translationMessages.isDefault}'; a brokering's timeline takes none, else 400 '${translationMessages.oneLanguage}'`,
    }) as unknown as yup.ObjectSchema<ItemTranslations<K> | undefined, yup.AnyObject, undefined, ''>;
}
