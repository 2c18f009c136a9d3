import type { HttpRequest } from '@azure/functions';
import { createHash } from 'node:crypto';
import { json, type Result } from './responses.ts';

/**
 * Who may keep a copy: shared caches (a move without protection), only the visitor's browser (a session's
 * answer), or the browser only to ask again each time (a session that can be ended at any moment).
 */
export type CacheScope = 'public' | 'private' | 'revalidate';

const CACHE_SECONDS = 60;

/**
 * A JSON answer that caches can keep for a short time: an ETag of its content, `Cache-Control` for
 * the scope, and 304 with no body when the caller's If-None-Match names the same content. Answers
 * that depend on the visitor session vary by Authorization.
 */
export function cachedJson<T>(request: HttpRequest, body: T, scope: CacheScope): Result<T> {
  const etag = `W/"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 32)}"`;
  const headers: Record<string, string> = {
    ETag: etag,
    'Cache-Control': scope === 'revalidate' ? 'private, no-cache' : `${scope}, max-age=${CACHE_SECONDS}`,
    ...(scope !== 'public' ? { Vary: 'Authorization' } : {}),
  };
  if (matches(request.headers.get('if-none-match'), etag)) return { status: 304, headers } as unknown as Result<T>;
  return json(body, 200, headers);
}

/** If-None-Match names the ETag (weak comparison, as RFC 9110 asks for If-None-Match), or is `*`. */
function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
