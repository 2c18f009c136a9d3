import { type Brokering, type BrokeringDocuments, brokeringSchema, DOCUMENT_STORE_TOKEN_HEADER } from '../../brokering.ts';
import { defineRoute, jsonReply } from '../contract.ts';
import { idShapes } from '../ids.ts';
import { brokeringAnswerSchema, brokeringDocumentsSchema } from '../answers/content.ts';

export const brokeringRoutes = {
  create: defineRoute({
    name: 'brokerings-create',
    method: 'POST',
    path: 'v1/clients/{clientId}/brokerings',
    access: 'internal',
    summary: 'Create a brokering project for a client',
    params: { clientId: idShapes.id },
    body: brokeringSchema,
    status: 201,
    response: jsonReply<Brokering>('the new project, with its ETag', brokeringAnswerSchema),
  }),
  get: defineRoute({
    name: 'brokerings-get',
    method: 'GET',
    path: 'v1/brokerings/{brokeringId}',
    access: 'signedIn',
    summary: 'A brokering project with its people',
    params: { brokeringId: idShapes.childOfClient },
    response: jsonReply<Brokering>('the project, with its ETag', brokeringAnswerSchema),
  }),
  update: defineRoute({
    name: 'brokerings-update',
    method: 'PUT',
    path: 'v1/brokerings/{brokeringId}',
    access: 'internal',
    summary: 'Edit a brokering project',
    params: { brokeringId: idShapes.childOfClient },
    body: brokeringSchema,
    response: jsonReply<Brokering>('the saved project, with its new ETag', brokeringAnswerSchema),
  }),
  documents: defineRoute({
    name: 'brokerings-documents',
    method: 'GET',
    path: 'v1/brokerings/{brokeringId}/documents',
    access: 'signedIn',
    errors: { 502: 'the document store (SharePoint, through Microsoft Graph) is not available' },
    summary: "The project's document tree, read from the document store as the caller (send the store token in X-Document-Store-Token)",
    params: { brokeringId: idShapes.childOfClient },
    requestHeaders: {
      [DOCUMENT_STORE_TOKEN_HEADER]: {
        required: true,
        description: "the caller's own delegated token for the document store (Microsoft Graph), bare or as `Bearer <token>`; missing, or another user's, 401",
      },
    },
    response: jsonReply<BrokeringDocuments>('the tree and its base address', brokeringDocumentsSchema),
  }),
};
