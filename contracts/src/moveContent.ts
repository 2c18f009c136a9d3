import * as yup from './yup.ts';
import { idField } from './api/idField.ts';
import { idShapes } from './api/ids.ts';
import type { Audit } from './entities.ts';
import { messages } from './messages.ts';
import { emailAddress, phoneNumber } from './contactRules.ts';
import type { ItemTranslations } from './itemTranslations.ts';
import { itemTranslationsSchema } from './itemTranslationsSchema.ts';

/**
 * A move's ordered lists (spec part 2, sections 3 and 5): FAQ questions, contacts and details. Each item's
 * id is `{moveId}_{uuid}`; positions are 0-based and contiguous within the move.
 */
interface MoveItem extends Partial<Audit> {
  id: string;
  moveId: string;
  position: number;
  etag?: string;
}

export interface FaqQuestion extends MoveItem {
  question: string;
  answer: string;
  published: boolean;
  /** The question and answer in the move's other languages (the fields above are the default language's). */
  translations?: ItemTranslations<'question' | 'answer'>;
}

export interface MoveContact extends MoveItem {
  name: string;
  title: string | null;
  phonenumber: string | null;
  email: string | null;
  /** The title in the move's other languages (`title` is the default language's). */
  translations?: ItemTranslations<'title'>;
}

export const moveDetailTypes = ['text'] as const;
export type MoveDetailType = (typeof moveDetailTypes)[number];

export interface MoveDetail extends MoveItem {
  title: string;
  description: string;
  /** Fixed 'text' (the only kind the spec shows). */
  type: MoveDetailType;
  /** Title and description in the move's other languages (the fields above are the default language's). */
  translations?: ItemTranslations<'title' | 'description'>;
}

/** The texts of each list a visitor reads, which have a version per language of the move. */
export const faqTexts = ['question', 'answer'] as const;
export const contactTexts = ['title'] as const;
export const detailTexts = ['title', 'description'] as const;

/** Items one list of a move can hold. */
export const MOVE_ITEMS_MAX = 500;
/** The longest FAQ, contact or detail text the API takes. */
export const MOVE_TEXT_MAX = 10_000;
const TEXT_MAX = MOVE_TEXT_MAX;

const v = messages.validation;
const unknownField = 'unknown field: ${unknown}';
const emptyToNull = (_v: unknown, original: unknown) => (typeof original === 'string' && original.trim() === '' ? null : original);
/** An optional one-line text: '' is stored as null. */
const optionalLine = (max: number) => yup.string().transform(emptyToNull).trim().max(max, `maximum ${max} characters`).nullable().default(null);
const longText = () => yup.string().trim().max(TEXT_MAX, `maximum ${TEXT_MAX} characters`).meta({ multiline: true });

/** The body of a reorder: the moved item's id under the spec's name, and its new 0-based index (past the end: last). */
const positionSchema = <K extends string>(idName: K) =>
  yup
    .object({
      [idName]: idField(idShapes.moveItem).required(v.required),
      newPosition: yup
        .number()
        .required(v.required)
        .integer('must be a whole number')
        .min(0, v.notNegative)
        .max(MOVE_ITEMS_MAX - 1, `maximum ${MOVE_ITEMS_MAX - 1}`),
    } as Record<K | 'newPosition', yup.AnySchema>)
    .noUnknown(true, unknownField) as unknown as yup.ObjectSchema<{ [P in K]: string } & { newPosition: number }>;

// FAQ: question and answer required on add; new questions are unpublished (sections 4 and 5).
export const faqCreateSchema = yup
  .object({
    question: longText().required(v.required),
    answer: longText().required(v.required),
    published: yup.boolean().default(false),
    translations: itemTranslationsSchema({ question: TEXT_MAX, answer: TEXT_MAX }),
  })
  .noUnknown(true, unknownField);

/** The edit: the answer is required; the question, when sent, must not be empty; published as the toggle says. */
export const faqUpdateSchema = yup
  .object({
    question: longText().min(1, v.required).optional(),
    answer: longText().required(v.required),
    published: yup.boolean().optional(),
    translations: itemTranslationsSchema({ question: TEXT_MAX, answer: TEXT_MAX }),
  })
  .noUnknown(true, unknownField);

export const faqPositionSchema = positionSchema('faqQuestionId');

// Contacts: name required; e-mail optional but valid when given.
export const moveContactSchema = yup
  .object({
    name: yup.string().trim().max(200, 'maximum 200 characters').required(v.required),
    title: optionalLine(200),
    phonenumber: optionalLine(50).test(phoneNumber(v.phone)),
    email: optionalLine(254).test(emailAddress(v.email)),
    translations: itemTranslationsSchema({ title: 200 }),
  })
  .noUnknown(true, unknownField);

export const moveContactPositionSchema = positionSchema('contactId');

// Details: no validation beyond the types; the type is always 'text'.
export const moveDetailSchema = yup
  .object({
    title: yup.string().trim().max(200, 'maximum 200 characters').default(''),
    description: longText().default(''),
    type: yup.string().oneOf(moveDetailTypes, "must be 'text'").default('text'),
    translations: itemTranslationsSchema({ title: 200, description: TEXT_MAX }),
  })
  .noUnknown(true, unknownField);

export const moveDetailPositionSchema = positionSchema('moveDetailId');

export type FaqInput = yup.InferType<typeof faqCreateSchema>;
export type FaqUpdate = yup.InferType<typeof faqUpdateSchema>;
export type MoveContactInput = yup.InferType<typeof moveContactSchema>;
export type MoveDetailInput = yup.InferType<typeof moveDetailSchema>;
