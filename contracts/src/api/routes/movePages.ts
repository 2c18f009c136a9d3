import { type MovePage, movePageCreateSchema, movePagePositionSchema, movePageUpdateSchema, type PageTemplates } from '../../movePage.ts';
import { defineRoute, jsonReply, noReply } from '../contract.ts';
import { idShapes } from '../ids.ts';
import { movePageAnswerSchema, pageTemplatesSchema } from '../answers/moves.ts';
import { arrayOf } from '../answers/shape.ts';

/** Six rich-text translations: more than the default JSON body limit allows. */
const PAGE_BODY_BYTES = 1024 * 1024;
/** A page is written with its history entry (the changed fields before and after) in one Cosmos write. */
const PAGE_TOO_LARGE_WITH_HISTORY =
  'the page with its history entry (each changed field before and after) is over 2 MB, the most Cosmos DB writes at once: a large page changed in full';

// A move's pages are 'any signed-in' (spec part 2): the client's own External users manage them too.
export const movePageRoutes = {
  list: defineRoute({
    name: 'move-pages-list',
    method: 'GET',
    path: 'v1/moves/{moveId}/pages',
    access: 'signedIn',
    summary: "A move's pages by position (0..n-1); the ETag is the order's, for a reorder",
    params: { moveId: idShapes.move },
    response: jsonReply<MovePage[]>('the pages', arrayOf(movePageAnswerSchema)),
  }),
  templates: defineRoute({
    name: 'move-pages-templates',
    method: 'GET',
    path: 'v1/moves/{moveId}/page-templates',
    access: 'signedIn',
    summary: 'The templates the caller may make pages from: those for internal users (internal callers only) and those for customers',
    params: { moveId: idShapes.move },
    response: jsonReply<PageTemplates>('the templates', pageTemplatesSchema),
  }),
  create: defineRoute({
    name: 'move-pages-create',
    method: 'POST',
    path: 'v1/moves/{moveId}/pages',
    access: 'signedIn',
    summary: 'Add a page (it goes last); its contents are sanitised',
    params: { moveId: idShapes.move },
    body: movePageCreateSchema,
    maxBodyBytes: PAGE_BODY_BYTES,
    errors: { 413: PAGE_TOO_LARGE_WITH_HISTORY },
    status: 201,
    response: jsonReply<MovePage>('the new page, with its ETag', movePageAnswerSchema),
  }),
  position: defineRoute({
    name: 'move-pages-position',
    method: 'PATCH',
    path: 'v1/moves/{moveId}/pages/position',
    access: 'signedIn',
    summary: 'Move a page to a 0-based position; the others close up (If-Match: the list ETag)',
    params: { moveId: idShapes.move },
    body: movePagePositionSchema,
    response: jsonReply<MovePage[]>('the pages in their new order', arrayOf(movePageAnswerSchema)),
  }),
  get: defineRoute({
    name: 'move-pages-get',
    method: 'GET',
    path: 'v1/pages/{movePageId}',
    access: 'signedIn',
    summary: 'A move page',
    params: { movePageId: idShapes.movePage },
    response: jsonReply<MovePage>('the page, with its ETag', movePageAnswerSchema),
  }),
  update: defineRoute({
    name: 'move-pages-update',
    method: 'PATCH',
    path: 'v1/pages/{movePageId}',
    access: 'signedIn',
    summary: 'Change any of published, template and translations; contents are sanitised',
    params: { movePageId: idShapes.movePage },
    body: movePageUpdateSchema,
    maxBodyBytes: PAGE_BODY_BYTES,
    errors: { 413: PAGE_TOO_LARGE_WITH_HISTORY },
    response: jsonReply<MovePage>('the saved page, with its new ETag', movePageAnswerSchema),
  }),
  delete: defineRoute({
    name: 'move-pages-delete',
    method: 'DELETE',
    path: 'v1/pages/{movePageId}',
    access: 'signedIn',
    summary: 'Delete a page; the ones after it move up',
    params: { movePageId: idShapes.movePage },
    status: 204,
    response: noReply('deleted'),
  }),
};
