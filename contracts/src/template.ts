import * as yup from './yup.ts';
import type { Audit } from './entities.ts';
import { type ContentLocale, contentLocales } from './locales.ts';
import { messages } from './messages.ts';

/** One locale's title and rich-text content of a template or a move page (spec part 2, section 3). */
export interface Translation {
  locale: ContentLocale;
  title: string;
  /** HTML from the editor, sanitised by the API before it is stored. */
  content: string;
}

/** An information page written once by Internal.Super users, from which teams make move pages. */
export interface Template extends Partial<Audit> {
  id: string;
  /** 0-based and contiguous across all templates; the server decides it (a new one goes last). */
  position: number;
  /** The six translations, in the order of `contentLocales`. */
  translations: Translation[];
  availableForInternal: boolean;
  availableForCustomer: boolean;
  etag?: string;
}

/** A template's body: its schema's type, so a field is declared once (in `templateSchema`). */
export type TemplateInput = yup.InferType<typeof templateSchema>;

export const TITLE_MAX = 200;
/** Characters of HTML per translation: room for long pages; images and videos are uploads, not inline data. */
export const CONTENT_MAX = 100_000;
/** More templates than anyone keeps; bounds a reorder's index. */
export const TEMPLATES_MAX = 1000;

const v = messages.validation;
export const templateMessages = {
  sixTranslations: `needs the six translations ${contentLocales.join(', ')}, each once`,
} as const;

/** One translation: the title is required in each ('field is required'); the content is not validated. */
export const translationSchema = yup
  .object({
    locale: yup
      .string()
      .oneOf([...contentLocales], v.pleaseSelect)
      .required(v.required),
    title: yup.string().trim().required(v.required).max(TITLE_MAX, `maximum ${TITLE_MAX} characters`),
    content: yup.string().max(CONTENT_MAX, `maximum ${CONTENT_MAX} characters`).meta({ multiline: true }).default(''),
  })
  .noUnknown(true, 'unknown field: ${unknown}');

/** The six translations of a template or a move page: every locale of `contentLocales` exactly once. */
export const translationsSchema = yup
  .array(translationSchema.required())
  .required(v.required)
  .test('six-locales', templateMessages.sixTranslations, (list) => {
    if (!list) return true;
    const locales = list.map((t) => t?.locale);
    return list.length === contentLocales.length && contentLocales.every((l) => locales.includes(l));
  })
  // Six items that contain each locale: each exactly once.
  .meta({
    openapi: {
      minItems: contentLocales.length,
      maxItems: contentLocales.length,
      allOf: contentLocales.map((locale) => ({ contains: { type: 'object', required: ['locale'], properties: { locale: { const: locale } } } })),
      description: templateMessages.sixTranslations,
    },
  });

/** POST and PUT /v1/templates: the template form; the position is the server's. */
export const templateSchema = yup
  .object({
    translations: translationsSchema,
    availableForInternal: yup.boolean().optional(),
    availableForCustomer: yup.boolean().optional(),
  })
  .noUnknown(true, 'unknown field: ${unknown}');

/** POST /v1/templates/{id}/position: the template's new 0-based index (past the end means last). */
export const templatePositionSchema = yup
  .object({
    position: yup
      .number()
      .required(v.required)
      .integer('must be a whole number')
      .min(0, v.notNegative)
      .max(TEMPLATES_MAX - 1, `maximum ${TEMPLATES_MAX - 1}`),
  })
  .noUnknown(true, 'unknown field: ${unknown}');

export const templateAvailableForInternalSchema = yup
  .object({ availableForInternal: yup.boolean().required(v.required) })
  .noUnknown(true, 'unknown field: ${unknown}');

export const templateAvailableForCustomerSchema = yup
  .object({ availableForCustomer: yup.boolean().required(v.required) })
  .noUnknown(true, 'unknown field: ${unknown}');

/** The translations in the order of `contentLocales`, as they are stored and answered. */
export const inLocaleOrder = <T extends { locale: string }>(translations: T[]): T[] =>
  [...translations].sort((a, b) => contentLocales.indexOf(a.locale as ContentLocale) - contentLocales.indexOf(b.locale as ContentLocale));
