import { IDEMPOTENCY_KEY_SHAPE } from '@movers/contracts';
import type { HttpResponseInit } from '@azure/functions';
import { createHash } from 'node:crypto';
import { container, readDoc, statusOf } from '../cosmos/client.ts';
import { badRequest, conflict, HttpError } from './errors.ts';

/** How long a create answered for a key is remembered (also the container's TTL in Azure). */
export const IDEMPOTENCY_WINDOW_SECONDS = 24 * 60 * 60;

interface KeyDoc {
  id: string;
  /** Hash of the request it was first used with: the same key with another request is refused. */
  request: string;
  state: 'pending' | 'done';
  createdAt: string;
  ttl: number;
  answer?: { status: number; jsonBody: unknown; headers: Record<string, string> };
}

const keys = () => container('idempotencyKeys');
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const expired = (doc: KeyDoc) => Date.now() - Date.parse(doc.createdAt) > IDEMPOTENCY_WINDOW_SECONDS * 1000;
const replay = (doc: KeyDoc): HttpResponseInit => ({ ...doc.answer!, headers: { ...doc.answer!.headers, 'Idempotent-Replayed': 'true' } });

/**
 * Runs a create once per `Idempotency-Key` of a user: a repeat within 24 hours answers the first
 * result (same status, same body) and stores nothing new. The store decides who was first: the key's
 * document is created before the handler runs, and a second create of the same id fails (409), so
 * two requests at once cannot both run. A failed create releases the key so that it can be retried.
 */
export async function runOnce(
  key: string,
  scope: { userId: string; route: string; body: unknown },
  run: () => Promise<HttpResponseInit>,
): Promise<HttpResponseInit> {
  if (!IDEMPOTENCY_KEY_SHAPE.test(key)) throw badRequest('Idempotency-Key must be 8 to 128 letters, digits or . _ : -');
  const id = sha256(`${scope.userId}\n${scope.route}\n${key}`);
  const request = sha256(JSON.stringify(scope.body ?? null));
  const claim: KeyDoc = { id, request, state: 'pending', createdAt: new Date().toISOString(), ttl: IDEMPOTENCY_WINDOW_SECONDS };

  for (let attempt = 0; ; attempt++) {
    try {
      await keys().items.create(claim);
      break;
    } catch (error) {
      if (statusOf(error) !== 409) throw error;
    }
    const seen = await readDoc<KeyDoc>(keys(), id, id);
    if (!seen) continue;
    if (expired(seen)) {
      await keys()
        .item(id, id)
        .delete()
        .catch(() => undefined);
      continue;
    }
    if (seen.request !== request) throw new HttpError(422, 'unprocessable', 'this Idempotency-Key was used with a different request');
    if (seen.state === 'done') return replay(seen);
    // The first request is still running: wait for its answer a little, then say so.
    if (attempt >= 25) throw conflict('a request with this Idempotency-Key is still being processed');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  let answer: HttpResponseInit;
  try {
    answer = await run();
  } catch (error) {
    await keys()
      .item(id, id)
      .delete()
      .catch(() => undefined);
    throw error;
  }
  if (answer.status !== undefined && answer.status >= 200 && answer.status < 300) {
    const done: KeyDoc = {
      ...claim,
      state: 'done',
      answer: { status: answer.status, jsonBody: answer.jsonBody, headers: { ...(answer.headers as Record<string, string>) } },
    };
    await keys().item(id, id).replace(done);
  } else {
    await keys()
      .item(id, id)
      .delete()
      .catch(() => undefined);
  }
  return answer;
}
