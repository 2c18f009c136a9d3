import { feedbackStatuses, feedbackTypes } from '../../feedback.ts';
import { contentLocales } from '../../locales.ts';
import { authorizationSchemes, moveColorKeys, moveImageKinds } from '../../move.ts';
import { moveDetailTypes } from '../../moveContent.ts';
import type { JsonSchema } from '../contract.ts';
import { personRefSchema, templateAnswerSchema, translationSchema } from './content.ts';
import { arrayOf, auditFields, bool, etagField, int, nullable, object, oneOf, str, translationsOf } from './shape.ts';

/** The answers of a move's routes and of its pages, documents, content and feedback, beside their types. */

const locale = oneOf(...contentLocales);
/** A record with exactly the given keys, each of the same schema (`Record<K, T>`). */
const keyed = (keys: readonly string[], value: JsonSchema) => object(Object.fromEntries(keys.map((k) => [k, value])));

export const moveAnswerSchema = object(
  {
    id: str,
    clientId: str,
    locationId: str,
    path: str,
    isEnabled: bool,
    authorizationScheme: oneOf(...authorizationSchemes),
    whitelistedDomains: arrayOf(str),
    hasPassword: bool,
    languages: arrayOf(locale),
    defaultLanguage: locale,
    teamMembers: arrayOf(personRefSchema),
    clientContact: arrayOf(personRefSchema),
    hideFloorSelection: bool,
    stickersCount: int,
    unassignedPeople: arrayOf(str),
    notificationText: str,
    notificationTranslations: object({}, Object.fromEntries(contentLocales.map((l) => [l, str]))),
    notificationColor: nullable(str),
    showNotification: bool,
    colors: keyed(moveColorKeys, nullable(str)),
    images: keyed(moveImageKinds, nullable(str)),
  },
  { ...auditFields, ...etagField },
);

export const moveOverviewSchema = object(
  {
    id: str,
    path: str,
    name: str,
    company: str,
    generalInfos: object({ title: str, content: str }),
    language: locale,
    languages: arrayOf(locale),
    stickersCount: int,
    timeZone: str,
  },
  etagField,
);

export const movePageAnswerSchema = object(
  { id: str, moveId: str, templateId: nullable(str), published: bool, translations: arrayOf(translationSchema), position: int },
  { defaultLanguage: locale, ...auditFields, ...etagField },
);

export const pageTemplatesSchema = object({ forInternal: arrayOf(templateAnswerSchema), forCustomer: arrayOf(templateAnswerSchema) });

export const documentUploadAnswerSchema = object({ uploadId: str, url: str, blockBytes: int, blocks: int, expiresOn: str });
export const documentUploadStateAnswerSchema = object({ uploadId: str, blocks: int, storedBlocks: arrayOf(int), url: str, expiresOn: str });

export const moveDocumentAnswerSchema = object(
  {
    id: str,
    moveId: str,
    originalFilename: str,
    documentPath: str,
    contentType: str,
    size: int,
    position: int,
    createdAt: str,
    createdBy: str,
    updatedAt: str,
    updatedBy: str,
  },
  etagField,
);

const item = { id: str, moveId: str, position: int };
const itemOptional = { ...auditFields, ...etagField };

const texts = (...fields: string[]) => ({ translations: translationsOf(contentLocales, fields) });
export const faqQuestionSchema = object({ ...item, question: str, answer: str, published: bool }, { ...texts('question', 'answer'), ...itemOptional });
export const moveContactAnswerSchema = object(
  { ...item, name: str, title: nullable(str), phonenumber: nullable(str), email: nullable(str) },
  { ...texts('title'), ...itemOptional },
);
export const moveDetailAnswerSchema = object(
  { ...item, title: str, description: str, type: oneOf(...moveDetailTypes) },
  { ...texts('title', 'description'), ...itemOptional },
);

const feedbackAnswerItem = object({ id: str, user: object({ id: str, displayName: str }), createdAt: str, response: str, mailed: bool });

export const feedbackSchema = object(
  {
    id: str,
    moveId: str,
    feedbackType: oneOf(...feedbackTypes),
    question: str,
    name: nullable(str),
    email: nullable(str),
    phone: nullable(str),
    status: oneOf(...feedbackStatuses),
    answers: arrayOf(feedbackAnswerItem),
    answer: str,
  },
  { ...auditFields, ...etagField },
);

export const feedbackPageSchema = object({ items: arrayOf(feedbackSchema), total: int, page: int, pageSize: int });

/** A move's colours with the move's ETag (`MoveColors & { etag?: string }`). */
export const moveColorsSchema = object(Object.fromEntries(moveColorKeys.map((k) => [k, nullable(str)])), etagField);

export const moveImageSchema = object({ kind: oneOf(...moveImageKinds), version: str, discriminator: nullable(str) });
