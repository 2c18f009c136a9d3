import type { Audit, Feedback, FeedbackAnswer, FeedbackInput, FeedbackPage, FeedbackStatus, FeedbackType } from '@movers/contracts';
import { randomUUID } from 'node:crypto';
import { container, deleteIfMatch, fromStored, queryAll, readDoc, replaceIfMatch } from '../../platform/cosmos/client.ts';

/** An item as stored in 'feedback' (partition /moveId, id `{moveId}_{uuid}`). */
export type FeedbackDoc = Omit<Feedback, 'etag'> & Audit;
type Stored<T> = T & { etag?: string };

const inbox = () => container('feedback');

/** `{moveId}_{uuid}`: the move (and partition) an item id names. */
export function moveIdOfFeedback(id: string): string | null {
  const cut = id.lastIndexOf('_');
  return cut > 0 ? id.slice(0, cut) : null;
}

export async function readFeedback(id: string): Promise<Stored<FeedbackDoc> | undefined> {
  const moveId = moveIdOfFeedback(id);
  return moveId ? readDoc<FeedbackDoc>(inbox(), id, moveId) : undefined;
}

/**
 * One page of a move's inbox, newest first. The filter runs in the query, on the move's partition only;
 * the page is cut from the matching ids, so a page costs the same with 20 items or 2,000.
 */
export async function listFeedback(
  moveId: string,
  filter: { type?: FeedbackType; status?: FeedbackStatus; page: number; pageSize: number },
): Promise<FeedbackPage> {
  const where = ['c.moveId = @moveId'];
  const parameters: { name: string; value: string }[] = [{ name: '@moveId', value: moveId }];
  if (filter.type) {
    where.push('c.feedbackType = @type');
    parameters.push({ name: '@type', value: filter.type });
  }
  if (filter.status) {
    where.push('c.status = @status');
    parameters.push({ name: '@status', value: filter.status });
  }
  const matching = await queryAll<{ id: string; createdAt: string }>(inbox(), `SELECT c.id, c.createdAt FROM c WHERE ${where.join(' AND ')}`, parameters);
  matching.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  const ids = matching.slice((filter.page - 1) * filter.pageSize, filter.page * filter.pageSize).map((d) => d.id);
  const items = ids.length
    ? await queryAll<FeedbackDoc>(inbox(), `SELECT * FROM c WHERE c.moveId = @moveId AND ARRAY_CONTAINS(@ids, c.id)`, [
        { name: '@moveId', value: moveId },
        { name: '@ids', value: ids as unknown as string },
      ])
    : [];
  const byId = new Map(items.map((d) => [d.id, d]));
  return { items: ids.flatMap((id) => byId.get(id) ?? []), total: matching.length, page: filter.page, pageSize: filter.pageSize };
}

export async function createFeedback(moveId: string, input: FeedbackInput, by: string): Promise<Stored<FeedbackDoc>> {
  const now = new Date().toISOString();
  const doc: FeedbackDoc = {
    id: `${moveId}_${randomUUID()}`,
    moveId,
    feedbackType: input.feedbackType as FeedbackType,
    question: input.question,
    name: input.name ?? null,
    email: input.email ?? null,
    phone: input.phone ?? null,
    status: 'pending',
    answers: [],
    answer: '',
    createdAt: now,
    createdBy: by,
    updatedAt: now,
    updatedBy: by,
  };
  const { resource } = await inbox().items.create(doc);
  return fromStored<FeedbackDoc>(resource!);
}

/** Adds an answer (only while the item still has the ETag the caller read: 412 otherwise). */
export async function addAnswer(current: Stored<FeedbackDoc>, answer: FeedbackAnswer, status: FeedbackStatus, etag: string): Promise<Stored<FeedbackDoc>> {
  const { etag: _read, ...stored } = current;
  const next: FeedbackDoc = {
    ...stored,
    status,
    answers: [...stored.answers, answer],
    answer: answer.response,
    updatedAt: answer.createdAt,
    updatedBy: answer.user.id,
  };
  return replaceIfMatch(inbox(), next, current.moveId, etag, 'feedback');
}

/** Marks one answer as mailed: re-read and retried, since only this field changes and the mail is already out. */
export async function markMailed(id: string, answerId: string): Promise<Stored<FeedbackDoc> | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await readFeedback(id);
    if (!current?.etag) return current;
    const { etag, ...stored } = current;
    const next = { ...stored, answers: stored.answers.map((a) => (a.id === answerId ? { ...a, mailed: true } : a)) };
    try {
      return await replaceIfMatch(inbox(), next, current.moveId, etag, 'feedback');
    } catch {
      // Someone changed the item meanwhile: read it again.
    }
  }
  return readFeedback(id);
}

export async function deleteFeedback(current: FeedbackDoc, etag: string): Promise<void> {
  await deleteIfMatch(inbox(), current.id, current.moveId, etag, 'feedback');
}
