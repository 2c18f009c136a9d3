import { safeDownloadTypes } from '@movers/contracts';
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

/** Types a browser may be told as they are when a file is downloaded (the OpenAPI document lists them too). */
const safeDownloadSet: ReadonlySet<string> = new Set(safeDownloadTypes);

/** The type a download is sent with: the stored one when it is safe (no SVG, HTML, XML, script), else octet-stream. */
export function downloadType(stored: string): string {
  const type = stored.split(';')[0].trim().toLowerCase();
  if (!safeDownloadSet.has(type)) return 'application/octet-stream';
  return type === 'text/plain' ? 'text/plain; charset=utf-8' : type;
}

/** Letters that have no ASCII decomposition, spelled as they usually are in ASCII. */
const asciiSpellings: Record<string, string> = {
  Æ: 'AE',
  æ: 'ae',
  Ø: 'O',
  ø: 'o',
  Œ: 'OE',
  œ: 'oe',
  ß: 'ss',
  Đ: 'D',
  đ: 'd',
  Ł: 'L',
  ł: 'l',
  Þ: 'Th',
  þ: 'th',
};

/**
 * `Content-Disposition: attachment` for a file name (RFC 6266): an ASCII `filename` for old clients
 * (accents dropped, other letters spelled in ASCII or `_`, no quotes, backslashes or control
 * characters) and the exact name as `filename*` in UTF-8, percent-encoded as RFC 5987 asks.
 */
export function attachmentDisposition(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'download';
  const fallback = [...clean.normalize('NFKD').replace(/\p{M}/gu, '')]
    .map((c) => asciiSpellings[c] ?? (/[\u0020-\u007e]/.test(c) && c !== '"' && c !== '\\' ? c : '_'))
    .join('');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Headers of a user's file sent as a download: attachment, a safe type, not sniffed, nothing that could run, not cached. */
export function downloadHeaders(name: string, storedType: string, length?: number): Record<string, string> {
  return {
    'Content-Type': downloadType(storedType),
    'Content-Disposition': attachmentDisposition(name),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "sandbox; default-src 'none'",
    'Cache-Control': 'private, no-store',
    ...(length !== undefined ? { 'Content-Length': String(length) } : {}),
  };
}
