import * as yup from './yup.ts';
import { idField } from './api/idField.ts';
import { idShapes } from './api/ids.ts';
import type { Audit } from './entities.ts';
import { format, messages } from './messages.ts';

/** The header that carries the signed-in user's delegated token for the document store (Graph). */
export const DOCUMENT_STORE_TOKEN_HEADER = 'X-Document-Store-Token';

/** A person on a brokering project. The API adds displayName and mail when it reads the project. */
export interface PersonRef {
  id: string;
  displayName?: string;
  mail?: string;
}

/** Brokering project (spec part 1, section 3). */
export interface Brokering extends Partial<Audit> {
  id: string;
  clientId: string;
  name: string;
  documentPrefix: string;
  documentProjectId: string;
  clientContact: PersonRef | null;
  projectManager: PersonRef | null;
  teamMembers: PersonRef[];
  externalTeamMembers: PersonRef[];
  etag?: string;
}

/** A brokering project's body: its schema's type, so a field is declared once (in `brokeringSchema`). */
export type BrokeringInput = yup.InferType<typeof brokeringSchema>;

/** One entry of the document tree: a folder (document null) or a document (no children). */
export interface DocumentNode {
  /** The path below the project folder, e.g. `Contracts/Lease.pdf`; unique within the answer. */
  id: string;
  title: string;
  children: DocumentNode[];
  document: {
    title: string;
    documentOpenPath: string;
    documentPath: string;
    documentModifiedBy: string;
    documentModifiedDate: string;
  } | null;
}

/** GET /v1/brokerings/{id}/documents: groups (one per top-level folder) and the store's base url. */
export interface BrokeringDocuments {
  filetree: { title: string; nodes: DocumentNode[] }[];
  baseUrl: string;
}

const required = messages.validation.required;
const ref = yup.object({ id: idField(idShapes.userId).required(required) }).noUnknown(true, 'unknown field: ${unknown}');
/** Library path segments: no characters SharePoint refuses, no `..`, no query or fragment. */
// A segment holds no character the store refuses (a backslash, : * ? " < > | # % or a control character), is not blank, not . or ..
const segment = '(?!\\.\\.?(?:/|$))[^/\\\\:*?"<>|#%\\u0000-\\u001f]*[^/\\\\:*?"<>|#%\\u0000-\\u001f\\s][^/\\\\:*?"<>|#%\\u0000-\\u001f]*';
const paths = { one: new RegExp(`^${segment}$`), many: new RegExp(`^${segment}(?:/${segment})*$`) };
const safePath = (segments: 'one' | 'many') =>
  yup.string().trim().max(300).required(required).matches(paths[segments], { message: messages.brokering.invalidPath, excludeEmptyString: true });

// The people a brokering names are checked against the directory (functions' brokerings/people.ts).
const internalUser = "Internal users of the directory (GET /v1/users), else 400 'please select'";
const externalOfClient = "External users of this client (GET /v1/users/external?client=), else 400 'please select'";

/** Create and edit brokering project (spec part 1, section 5). Used by the form and again by the API. */
export const brokeringSchema = yup
  .object({
    name: yup.string().trim().max(200).required(required),
    clientContact: ref.nullable().default(null).meta({ rule: externalOfClient }),
    projectManager: ref.nullable().default(null).meta({ rule: internalUser }),
    // Required in the document as it is in effect: left out, it is the empty list, which min(1) refuses.
    teamMembers: yup
      .array(ref.required())
      .default([])
      .required(required)
      .min(1, format(messages.validation.minimum, { minimum: 1 }))
      .meta({ rule: internalUser }),
    externalTeamMembers: yup.array(ref.required()).default([]).meta({ rule: externalOfClient }),
    documentPrefix: safePath('many'),
    documentProjectId: safePath('one'),
  })
  .noUnknown(true, 'unknown field: ${unknown}')
  .strict(false);
