import { type Feedback, type FeedbackPage, feedbackAnswerSchema, feedbackCreateSchema, feedbackListQuery } from '../../feedback.ts';
import { defineRoute, jsonReply, noReply } from '../contract.ts';
import { idShapes } from '../ids.ts';
import { feedbackPageSchema, feedbackSchema } from '../answers/moves.ts';

// A move's feedback inbox (spec part 2): 'any signed-in' for the move's client, like the rest of its content.
export const feedbackRoutes = {
  list: defineRoute({
    name: 'feedback-list',
    method: 'GET',
    path: 'v1/moves/{moveId}/feedback',
    access: 'signedIn',
    summary: "One page of a move's feedback, newest first, filtered by type and status on the server",
    params: { moveId: idShapes.move },
    query: feedbackListQuery,
    response: jsonReply<FeedbackPage>('the page and how many match', feedbackPageSchema),
  }),
  create: defineRoute({
    name: 'feedback-create',
    method: 'POST',
    path: 'v1/moves/{moveId}/feedback',
    access: 'signedIn',
    summary: 'Register a question, feedback or an error report (pending)',
    params: { moveId: idShapes.move },
    body: feedbackCreateSchema,
    status: 201,
    response: jsonReply<Feedback>('the new item, with its ETag', feedbackSchema),
  }),
  get: defineRoute({
    name: 'feedback-get',
    method: 'GET',
    path: 'v1/feedback/{feedbackId}',
    access: 'signedIn',
    summary: 'One item with its answers',
    params: { feedbackId: idShapes.moveItem },
    response: jsonReply<Feedback>('the item, with its ETag', feedbackSchema),
  }),
  answer: defineRoute({
    name: 'feedback-answer',
    method: 'PATCH',
    path: 'v1/feedback/{feedbackId}',
    access: 'signedIn',
    summary: 'Save a response: it is added to the answers with who wrote it, and the item is answered',
    params: { feedbackId: idShapes.moveItem },
    body: feedbackAnswerSchema,
    response: jsonReply<Feedback>('the item, with its new ETag', feedbackSchema),
  }),
  delete: defineRoute({
    name: 'feedback-delete',
    method: 'DELETE',
    path: 'v1/feedback/{feedbackId}',
    access: 'signedIn',
    summary: 'Delete an item with its answers',
    params: { feedbackId: idShapes.moveItem },
    status: 204,
    response: noReply('deleted'),
  }),
  mail: defineRoute({
    name: 'feedback-mail',
    method: 'POST',
    path: 'v1/feedback/{feedbackId}/mail',
    access: 'signedIn',
    errors: { 409: 'mail is turned off (no sender configured)', 502: 'Microsoft Graph did not send the mail; the answer was kept' },
    summary: 'Save a response and e-mail it to the person who asked (Graph sendMail); once per press (If-Match, Idempotency-Key)',
    params: { feedbackId: idShapes.moveItem },
    body: feedbackAnswerSchema,
    conditional: true,
    response: jsonReply<Feedback>('the item with the mailed answer, with its new ETag', feedbackSchema),
  }),
};
