import { type Feedback, type FeedbackStatus, type FeedbackType, api as routes } from '@movers/contracts';
import { mutate } from 'swr';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { callRoute, keyOf, useRoute } from '../../../common/api/route.ts';

// A move's feedback inbox (spec part 2): every signed-in user of the move's client. Each change reads the
// move's pages again (an answer moves an item between 'pending' and 'answered').

export interface InboxFilter {
  type?: FeedbackType;
  status?: FeedbackStatus;
  page: number;
}

const pagesOf = (moveId: string) => keyOf(routes.feedback.list, { moveId });

export const useFeedbackPage = (moveId: string, filter: InboxFilter) =>
  useRoute(routes.feedback.list, { moveId }, { type: filter.type, status: filter.status, page: filter.page > 1 ? String(filter.page) : undefined });

/** Every cached page of the move's inbox is read again. */
const inboxChanged = (moveId: string) => mutate((key) => typeof key === 'string' && (key === pagesOf(moveId) || key.startsWith(`${pagesOf(moveId)}?`)));

/** Saves a response; sent with the ETag the item was read with, so an answer written meanwhile is not lost (412). */
export async function answerFeedback(api: ApiClient, item: Feedback, response: string) {
  const saved = await callRoute(api, routes.feedback.answer, { params: { feedbackId: item.id }, body: { status: 'answered', response }, etag: item.etag });
  await inboxChanged(item.moveId);
  return saved;
}

/** Saves a response and e-mails it to the person who asked: once per press (the ETag and the call's Idempotency-Key). */
export async function mailFeedback(api: ApiClient, item: Feedback, response: string) {
  const saved = await callRoute(api, routes.feedback.mail, { params: { feedbackId: item.id }, body: { status: 'answered', response }, etag: item.etag });
  await inboxChanged(item.moveId);
  return saved;
}

export async function deleteFeedback(api: ApiClient, item: Feedback) {
  await callRoute(api, routes.feedback.delete, { params: { feedbackId: item.id }, etag: item.etag });
  await inboxChanged(item.moveId);
}
