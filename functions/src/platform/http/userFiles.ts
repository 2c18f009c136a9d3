import type { HttpRequest } from '@azure/functions';
import { file, notModified, type Result } from './responses.ts';

/**
 * A file a user uploaded, answered so that nothing in it can run or be taken for another type: a
 * sandboxing CSP, nosniff, inline; with its version as ETag (304 when the caller has it). `cache`:
 * 'forever' for an address that names the version (a year, immutable), 'revalidate' otherwise;
 * `shared` when anyone may cache it (a public file) rather than only the caller's browser.
 */
export function userFile(
  request: HttpRequest,
  stored: { bytes: Uint8Array; type: string; version: string },
  options: { cache: 'forever' | 'revalidate'; shared?: boolean },
): Result<Blob> {
  const scope = options.shared ? 'public' : 'private';
  const headers = {
    'Content-Type': stored.type,
    'Content-Security-Policy': "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; media-src 'self'",
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': 'inline',
    // The visitor site is another origin: it may embed what it is allowed to read.
    'Cross-Origin-Resource-Policy': 'cross-origin',
    ETag: stored.version,
    'Cache-Control': options.cache === 'forever' ? `${scope}, max-age=31536000, immutable` : `${scope}, no-cache`,
  };
  if (request.headers.get('if-none-match') === stored.version) return notModified(headers);
  return file(stored.bytes, headers);
}
