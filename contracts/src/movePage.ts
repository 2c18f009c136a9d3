import * as yup from './yup.ts';
import { idField } from './api/idField.ts';
import { idShapes } from './api/ids.ts';
import type { Audit } from './entities.ts';
import { type ContentLocale, contentLocales } from './locales.ts';
import { messages } from './messages.ts';
import { type Template, templateSchema, type Translation, translationsSchema } from './template.ts';

/** A page of a move's visitor site, made from a template (spec part 2, section 3). */
export interface MovePage extends Partial<Audit> {
  /** `{moveId}_{uuid}`: carries its move (and so its partition). */
  id: string;
  moveId: string;
  templateId: string | null;
  published: boolean;
  /** The six translations, in the order of `contentLocales`; contents sanitised by the API. */
  translations: Translation[];
  /**
   * The language a visitor gets when the page has nothing in theirs (spec: the page's own default
   * language); one of the move's languages when it was set. Absent: the move's default language.
   */
  defaultLanguage?: ContentLocale;
  /** 0-based and contiguous within the move. */
  position: number;
  etag?: string;
}

/** The templates a caller may make pages from (spec part 2, section 6): internal ones only for internal users. */
export interface PageTemplates {
  forInternal: Template[];
  forCustomer: Template[];
}

const v = messages.validation;
export const PAGES_MAX = 200;

/** One of the six codes; the API also requires it to be one of the move's languages. */
const pageLanguage = yup.string().oneOf([...contentLocales], v.pleaseSelect) as yup.StringSchema<ContentLocale | undefined>;

/** The message when a page's default language is not one the move offers. */
export const pageLanguageNotOfMove = "not one of the move's languages";
const pageLanguageRule = `one of the move's languages, else 400 '${pageLanguageNotOfMove}'`;
const templateRule = "a template the caller may use (available to customers, or to internal users for one), else 400 'not a template you can use'";

/** POST /v1/moves/{id}/pages: a page from a template (published at once, as the spec's create path does). */
export const movePageCreateSchema = yup
  .object({
    published: yup.boolean().default(true),
    templateId: idField().nullable().default(null).meta({ rule: templateRule }),
    translations: translationsSchema,
    defaultLanguage: pageLanguage.optional().meta({ rule: pageLanguageRule }),
  })
  .noUnknown(true, 'unknown field: ${unknown}');

/**
 * The page form: the six translations and the page's default language, one of the move's (the API checks
 * that), or '' to follow the move's default language.
 */
export const movePageFormSchema = templateSchema.shape({ defaultLanguage: yup.string().oneOf(['', ...contentLocales], v.pleaseSelect) });

/** PATCH /v1/pages/{id}: any of published, templateId, translations and defaultLanguage. */
export const movePageUpdateSchema = yup
  .object({
    published: yup.boolean().optional(),
    templateId: idField().nullable().optional().meta({ rule: templateRule }),
    translations: translationsSchema.optional().default(undefined),
    /** null: the page no longer has a language of its own and follows the move's default again. */
    defaultLanguage: pageLanguage.nullable().optional().meta({ rule: pageLanguageRule }),
  })
  .noUnknown(true, 'unknown field: ${unknown}')
  .meta({ openapi: { minProperties: 1 } })
  .test('not-empty', 'nothing to update', (value) => value !== undefined && Object.values(value).some((x) => x !== undefined));

/** PATCH /v1/moves/{id}/pages/position: the moved page and its new 0-based index (past the end: last). */
export const movePagePositionSchema = yup
  .object({
    movePageId: idField(idShapes.movePage).required(v.required),
    newPosition: yup
      .number()
      .required(v.required)
      .integer('must be a whole number')
      .min(0, v.notNegative)
      .max(PAGES_MAX - 1, `maximum ${PAGES_MAX - 1}`),
  })
  .noUnknown(true, 'unknown field: ${unknown}');

/** What PATCH /v1/pages/{id} takes: any of these. */
export interface MovePageUpdate {
  published?: boolean;
  templateId?: string | null;
  translations?: Translation[];
  /** null: the move's default language again. */
  defaultLanguage?: ContentLocale | null;
}
