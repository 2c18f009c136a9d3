import { contentLocales } from '../../locales.ts';
import type { JsonSchema } from '../contract.ts';
import { arrayOf, auditFields, bool, etagField, int, nullable, object, oneOf, str, translationsOf } from './shape.ts';

/** The answers of the templates, timeline and brokering routes, beside their types. */

export const translationSchema = object({ locale: oneOf(...contentLocales), title: str, content: str });

export const templateAnswerSchema = object(
  { id: str, position: int, translations: arrayOf(translationSchema), availableForInternal: bool, availableForCustomer: bool },
  { ...auditFields, ...etagField },
);

export const timelineEventSchema = object(
  { id: str, title: str, description: nullable(str), startDate: str, endDate: nullable(str) },
  { translations: translationsOf(contentLocales, ['title', 'description']), waves: arrayOf(str) },
);

export const timelineSectionAnswerSchema = object(
  { id: str, ownerId: str, title: str, date: str, events: arrayOf(timelineEventSchema) },
  { translations: translationsOf(contentLocales, ['title']), ...auditFields, ...etagField },
);

export const personRefSchema = object({ id: str }, { displayName: str, mail: str });

export const brokeringAnswerSchema = object(
  {
    id: str,
    clientId: str,
    name: str,
    documentPrefix: str,
    documentProjectId: str,
    clientContact: nullable(personRefSchema),
    projectManager: nullable(personRefSchema),
    teamMembers: arrayOf(personRefSchema),
    externalTeamMembers: arrayOf(personRefSchema),
  },
  { ...auditFields, ...etagField },
);

const documentOfNode = object({ title: str, documentOpenPath: str, documentPath: str, documentModifiedBy: str, documentModifiedDate: str });

/**
 * A folder or document of the tree, written out to a fixed depth: a recursive `$ref` would point into
 * whichever document embeds the schema, and the document libraries nest only a few folders deep.
 */
function documentNode(depth: number): JsonSchema {
  const children = depth > 0 ? arrayOf(documentNode(depth - 1)) : arrayOf({ type: 'object' });
  return object({ id: str, title: str, children, document: nullable(documentOfNode) });
}

export const brokeringDocumentsSchema = object({
  filetree: arrayOf(object({ title: str, nodes: arrayOf(documentNode(4)) })),
  baseUrl: str,
});

export const editorUploadSchema = object({ url: str });
