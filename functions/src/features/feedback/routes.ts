import { api, type FeedbackAnswer, feedbackPaging, type FeedbackStatus, type FeedbackType, messages } from '@movers/contracts';
import { randomUUID } from 'node:crypto';
import type { Principal } from '../../platform/auth/principal.ts';
import { readSetting } from '../../platform/config/config.ts';
import { sendTextMail } from '../../platform/graph/mail.ts';
import { badGateway, badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { noContent, ok, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { getLocationDoc } from '../locations/index.ts';
import { moveAccess, readableMove } from '../moves/index.ts';
import { addAnswer, createFeedback, deleteFeedback, listFeedback, markMailed, moveIdOfFeedback, readFeedback } from './feedback.data.ts';

const m = messages.feedback;

/** An item the caller may read: its move's client is checked first (403), then the item (404). */
async function readableFeedback(principal: Principal, id: string) {
  const moveId = moveIdOfFeedback(id);
  if (!moveId) throw notFound('feedback not found');
  const move = await readableMove(principal, moveId);
  const doc = await readFeedback(id);
  if (!doc) throw notFound('feedback not found');
  return { doc, move };
}

const answerBy = (principal: Principal, response: string): FeedbackAnswer => ({
  id: randomUUID(),
  user: { id: principal.userId, displayName: principal.name },
  createdAt: new Date().toISOString(),
  response,
  mailed: false,
});

export const feedbackRoutes: BoundRoute[] = [
  bind(api.feedback.list, async ({ principal, params, query }) => {
    await readableMove(principal, params.moveId);
    return ok(
      await listFeedback(params.moveId, {
        type: query.type as FeedbackType | undefined,
        status: query.status as FeedbackStatus | undefined,
        ...feedbackPaging(query),
      }),
    );
  }),
  bind(
    api.feedback.create,
    async ({ principal, params, body }) => {
      await readableMove(principal, params.moveId);
      return withEtag(await createFeedback(params.moveId, body, principal.userId), 201);
    },
    { authorize: moveAccess },
  ),
  bind(api.feedback.get, async ({ principal, params }) => withEtag((await readableFeedback(principal, params.feedbackId)).doc)),
  bind(
    api.feedback.answer,
    async ({ principal, params, body, ifMatch }) => {
      const { doc } = await readableFeedback(principal, params.feedbackId);
      return withEtag(await addAnswer(doc, answerBy(principal, body.response), body.status as FeedbackStatus, ifMatch()));
    },
    { authorize: ({ principal, params }) => readableFeedback(principal, params.feedbackId) },
  ),
  bind(api.feedback.delete, async ({ principal, params, ifMatch }) => {
    const { doc } = await readableFeedback(principal, params.feedbackId);
    await deleteFeedback(doc, ifMatch());
    return noContent();
  }),
  /**
   * Once per press: the answer is stored first, with the ETag the caller read, so a second press of the
   * same state (a double click, a retry) is 412 and sends nothing; then the mail goes out; then the answer
   * is marked mailed. A failed mail leaves the answer saved and unmailed (502); a failure after the mail
   * went out can only under-report it, never claim a mail that was not sent.
   */
  bind(
    api.feedback.mail,
    async ({ principal, params, body, ifMatch }) => {
      const { doc, move } = await readableFeedback(principal, params.feedbackId);
      // Asked for once the caller's access to the record is settled: a stranger gets 403/404, not 428.
      const etag = ifMatch();
      if (!doc.email) throw badRequest(m.noEmail, { email: m.noEmail });
      const sender = readSetting('VISITOR_MAIL_SENDER');
      if (!sender || sender.toLowerCase() === 'disabled') throw conflict(m.mailOff);
      const answer = answerBy(principal, body.response);
      await addAnswer(doc, answer, body.status as FeedbackStatus, etag);
      const location = await getLocationDoc(move.clientId, move.locationId);
      const site = location?.name ?? move.path;
      try {
        await sendTextMail({
          from: sender,
          to: doc.email,
          subject: `Answer from the move team: ${site}`,
          lines: [
            doc.name ? `Hello ${doc.name},` : 'Hello,',
            '',
            'you wrote:',
            ...doc.question.split('\n').map((line) => `> ${line}`),
            '',
            body.response,
            '',
            `${principal.name}, for the move team of ${site}`,
          ],
        });
      } catch {
        throw badGateway(m.mailFailed);
      }
      const saved = await markMailed(doc.id, answer.id);
      if (!saved) throw notFound('feedback not found');
      return withEtag(saved);
    },
    { authorize: ({ principal, params }) => readableFeedback(principal, params.feedbackId) },
  ),
];
