import { createHash, type Hash } from 'node:crypto';

/**
 * A version of a move-day answer (the map, the board): the time of its last change, and a digest of what it
 * holds up to then. Arrivals and reports only ever carry a time of their own change, so what came after a
 * version is what is newer than its time; what went away (an arrival taken back) or changed without a time
 * (a plan published again, a person moved) changes the digest of what is not newer, and then the whole
 * answer is sent. `write` feeds the digest.
 */
export function dayVersion(upTo: string | null, write: (hash: Hash) => void): string {
  const hash = createHash('sha256');
  write(hash);
  return `${Buffer.from(upTo ?? '').toString('base64url')}.${hash.digest('base64url').slice(0, 32)}`;
}

/** The time a version was made up to (null: before any change). */
export function upToOf(since: string): string | null {
  const [time = ''] = since.split('.');
  return time ? Buffer.from(time, 'base64url').toString() : null;
}

/** Whether a change made at `at` is in a version made up to `upTo`. */
export const notNewer = (upTo: string | null) => (at: string) => upTo !== null && at <= upTo;
