import type {
  VisitContact,
  VisitDetail,
  VisitDocument,
  VisitFaqQuestion,
  VisitLinkSent,
  VisitMove,
  VisitPage,
  VisitSession,
  VisitTimelineSection,
} from '../../visit.ts';
import { visitLinkSchema, visitSessionSchema } from '../../visit.ts';
import { defineRoute, fileReply, jsonReply } from '../contract.ts';
import { idShapes } from '../ids.ts';

/**
 * The visitor site's calls (decisions.md: under `/v1/visit/{path}/...`). Each answers only for an enabled
 * move, the same 404 for an unknown or a disabled path; content routes need a visitor session of the
 * move when it is protected. A new page of the site is one route here, one handler, one page.
 */
export const visitRoutes = {
  move: defineRoute({
    name: 'visit-move',
    method: 'GET',
    path: 'v1/visit/{path}',
    access: 'visitorEntry',
    summary: 'What the login page and the shell need: name, languages, scheme, colours, notice, images',
    params: { path: idShapes.movePath },
    response: jsonReply<VisitMove>('the move as visitors see it (ETag; 304 on If-None-Match)'),
  }),
  session: defineRoute({
    name: 'visit-session',
    method: 'POST',
    path: 'v1/visit/{path}/session',
    access: 'visitorEntry',
    summary: "Sign in to a move's site by its scheme (e-mail with password, password, or a sign-in link's token); rate-limited",
    params: { path: idShapes.movePath },
    body: visitSessionSchema,
    status: 201,
    response: jsonReply<VisitSession>('a session token to send as a bearer token'),
  }),
  signInLink: defineRoute({
    name: 'visit-sign-in-link',
    method: 'POST',
    path: 'v1/visit/{path}/sign-in-link',
    access: 'visitorEntry',
    summary: 'E-mail a single-use sign-in link (15 minutes) to an address of a whitelisted domain; the same answer for any address; rate-limited',
    params: { path: idShapes.movePath },
    body: visitLinkSchema,
    response: jsonReply<VisitLinkSent>('accepted'),
  }),
  pages: defineRoute({
    name: 'visit-pages',
    method: 'GET',
    path: 'v1/visit/{path}/pages',
    access: 'visitor',
    summary: "The move's published pages by position, contents sanitised",
    params: { path: idShapes.movePath },
    response: jsonReply<VisitPage[]>('the published pages'),
  }),
  timeline: defineRoute({
    name: 'visit-timeline',
    method: 'GET',
    path: 'v1/visit/{path}/timeline',
    access: 'visitor',
    summary: "The move's timeline sections with their events",
    params: { path: idShapes.movePath },
    response: jsonReply<VisitTimelineSection[]>('the sections'),
  }),
  faq: defineRoute({
    name: 'visit-faq',
    method: 'GET',
    path: 'v1/visit/{path}/faq',
    access: 'visitor',
    summary: "The move's published FAQ questions by position",
    params: { path: idShapes.movePath },
    response: jsonReply<VisitFaqQuestion[]>('the published questions'),
  }),
  contacts: defineRoute({
    name: 'visit-contacts',
    method: 'GET',
    path: 'v1/visit/{path}/contacts',
    access: 'visitor',
    summary: "The move's contacts by position",
    params: { path: idShapes.movePath },
    response: jsonReply<VisitContact[]>('the contacts'),
  }),
  details: defineRoute({
    name: 'visit-details',
    method: 'GET',
    path: 'v1/visit/{path}/details',
    access: 'visitor',
    summary: "The move's general information (its details) by position",
    params: { path: idShapes.movePath },
    response: jsonReply<VisitDetail[]>('the details'),
  }),
  documents: defineRoute({
    name: 'visit-documents',
    method: 'GET',
    path: 'v1/visit/{path}/documents',
    access: 'visitor',
    summary: "The move's documents by position",
    params: { path: idShapes.movePath },
    response: jsonReply<VisitDocument[]>('the documents'),
  }),
  document: defineRoute({
    name: 'visit-document',
    method: 'GET',
    path: 'v1/visit/{path}/documents/{documentId}',
    access: 'visitor',
    summary: 'Download a document (as an attachment, with the safe headers of the admin download)',
    params: { path: idShapes.movePath, documentId: idShapes.id },
    response: fileReply('application/octet-stream', 'the file'),
  }),
  image: defineRoute({
    name: 'visit-image',
    method: 'GET',
    path: 'v1/visit/{path}/images/{kind}',
    access: 'visitorEntry',
    summary: "The move's logo, login logo or background (kept for a year when addressed by its version)",
    params: { path: idShapes.movePath, kind: idShapes.imageKind },
    response: fileReply('image/png, image/jpeg, image/svg+xml', 'the image'),
  }),
};
