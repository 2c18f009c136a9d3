import { createHash } from 'node:crypto';
import { container, readDoc, statusOf } from '../cosmos/client.ts';
import { tooManyRequests } from './errors.ts';

/**
 * Attempt counters shared by every API instance, in Cosmos ('rateLimits'): one document per key and
 * fixed time window, counted with the store's atomic increment (patch `incr`), so that instances
 * racing on the same key never lose a count. A key over its limit is refused (429 with Retry-After)
 * until its window ends; past `slowAfter` each counted attempt is answered later and later. The
 * limiter knows nothing of what it counts: features name a kind and a key (`move:…`, `move:…|1.2.3.4`).
 * Documents carry a TTL of their window, so Cosmos removes them; the reader ignores an old window anyway.
 */
export interface Limit {
  /** What is counted, e.g. 'visit-password'; part of the document id. */
  kind: string;
  windowSeconds: number;
  /** Attempts in one window; the next is refused until the window ends. */
  max: number;
  /** Attempts after which each further one waits `delayMs` more (0 or absent: never slowed). */
  slowAfter?: number;
  delayMs?: number;
  /** The message of the 429 ({minutes} is filled in). */
  message: string;
}

interface CounterDoc {
  id: string;
  count: number;
  ttl: number;
}

const counters = () => container('rateLimits');
const windowOf = (limit: Limit, now: number) => Math.floor(now / (limit.windowSeconds * 1000));
const idOf = (limit: Limit, key: string, now: number) =>
  createHash('sha256')
    .update(`${limit.kind}\n${key}\n${windowOf(limit, now)}`)
    .digest('base64url');
const secondsLeft = (limit: Limit, now: number) => (windowOf(limit, now) + 1) * limit.windowSeconds - now / 1000;

function refuse(limit: Limit, now: number): never {
  const seconds = secondsLeft(limit, now);
  throw tooManyRequests(limit.message.replace('{minutes}', String(Math.max(1, Math.ceil(seconds / 60)))), seconds);
}

/** Throws 429 when any of the keys has used up its window (read only: nothing is counted). */
export async function assertUnderLimit(checks: { limit: Limit; key: string }[], now = Date.now()): Promise<void> {
  const counts = await Promise.all(checks.map(({ limit, key }) => readDoc<CounterDoc>(counters(), idOf(limit, key, now), idOf(limit, key, now))));
  checks.forEach(({ limit }, i) => {
    if ((counts[i]?.count ?? 0) >= limit.max) refuse(limit, now);
  });
}

/** Counts one attempt for the key and returns the count in this window. */
async function increment(limit: Limit, key: string, now: number): Promise<number> {
  const id = idOf(limit, key, now);
  const ttl = Math.ceil(secondsLeft(limit, now)) + 60;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const { resource } = await counters()
        .item(id, id)
        .patch<CounterDoc>([{ op: 'incr', path: '/count', value: 1 }]);
      return resource?.count ?? 1;
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
    }
    try {
      await counters().items.create<CounterDoc>({ id, count: 1, ttl });
      return 1;
    } catch (error) {
      // Another instance created it first: count on it.
      if (statusOf(error) !== 409) throw error;
    }
  }
  return 1;
}

/**
 * Counts an attempt against each key (a failed sign-in, a link request): slows the answer past
 * `slowAfter`; the attempt that goes over `max` is itself refused.
 */
export async function countAttempt(checks: { limit: Limit; key: string }[], now = Date.now()): Promise<void> {
  const counts = await Promise.all(checks.map(({ limit, key }) => increment(limit, key, now)));
  let delay = 0;
  checks.forEach(({ limit }, i) => {
    if (counts[i] > limit.max) refuse(limit, now);
    if (limit.slowAfter && limit.delayMs && counts[i] > limit.slowAfter) delay = Math.max(delay, (counts[i] - limit.slowAfter) * limit.delayMs);
  });
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(delay, 5000)));
}
