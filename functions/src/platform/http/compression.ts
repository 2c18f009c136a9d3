import type { HttpResponseInit } from '@azure/functions';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Answers smaller than this are sent as they are: the saving would not pay for the work. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * The encoding to answer in from a request's Accept-Encoding: brotli, else gzip, when the client takes
 * it (a `q=0` refuses; `*` takes any); none otherwise.
 */
let lastChoice: { header: string; encoding: 'br' | 'gzip' | undefined } | undefined;
export function chooseEncoding(acceptEncoding: string | null): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  // A browser sends the same header with every request: read once.
  if (lastChoice?.header === acceptEncoding) return lastChoice.encoding;
  const encoding = readEncoding(acceptEncoding);
  lastChoice = { header: acceptEncoding, encoding };
  return encoding;
}

function readEncoding(acceptEncoding: string): 'br' | 'gzip' | undefined {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => weights.get(name) ?? (weights.has('*') ? weights.get('*')! : 0);
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

/**
 * Answers compressed lately: a list many callers read unchanged (the countries, the clients, a move's
 * floors) is compressed once, not on every request. Compressing the countries' 8 KB was most of the
 * pipeline's own cost per request (issue 40). Found by the text's length and ends, then compared whole
 * (hashing a long text on every request cost more than the look-up saved); only a caller who already has
 * the text gets its bytes. Bounded: the oldest go first beyond MEMO_BYTES of text.
 */
const MEMO_BYTES = 4 * 1024 * 1024;
const MEMO_ENTRY_MAX_BYTES = 256 * 1024;
const memo = new Map<string, { text: string; br?: Buffer; gzip?: Buffer }>();
let memoBytes = 0;
const fingerprint = (text: string) => `${text.length}:${text.slice(0, 64)}:${text.slice(-64)}`;

function compress(text: string, encoding: 'br' | 'gzip'): Buffer {
  const key = fingerprint(text);
  const kept = memo.get(key);
  const known = kept?.text === text ? kept[encoding] : undefined;
  if (known) return known;
  const bytes = Buffer.from(text, 'utf8');
  // Brotli at quality 4: most of the saving of the slower levels, in a few milliseconds for 1 MB.
  const body =
    encoding === 'br'
      ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
      : gzipSync(bytes, { level: 6 });
  if (text.length > MEMO_ENTRY_MAX_BYTES) return body;
  if (kept?.text === text) kept[encoding] = body;
  else {
    if (kept) {
      memo.delete(key);
      memoBytes -= kept.text.length;
    }
    memo.set(key, { text, [encoding]: body });
    memoBytes += text.length;
    for (const [oldest, entry] of memo) {
      if (memoBytes <= MEMO_BYTES) break;
      memo.delete(oldest);
      memoBytes -= entry.text.length;
    }
  }
  return body;
}

/**
 * The JSON text of an answer whose body is frozen (a list an instance keeps and hands every caller as it
 * is, frozen by its owner: the countries), written once rather than on every request (issue 40). A body
 * that is not frozen is written each time: it may have changed.
 */
const frozenTexts = new WeakMap<object, string>();
function jsonText(body: unknown): string {
  if (typeof body !== 'object' || body === null || !Object.isFrozen(body)) return JSON.stringify(body);
  let text = frozenTexts.get(body);
  if (text === undefined) {
    text = JSON.stringify(body);
    frozenTexts.set(body, text);
  }
  return text;
}

/**
 * A JSON or text answer over 1 KB, compressed as the request allows (Azure Functions compresses
 * nothing: the planner's 500-marker floor is 1 MB of JSON). Files (bytes, streams) go as they are:
 * images, PDFs and zips are compressed already, and a download streams.
 */
export function compressed(response: HttpResponseInit, acceptEncoding: string | null): HttpResponseInit {
  const given = response.headers as Record<string, string> | undefined;
  const isText = (response.jsonBody !== undefined && response.jsonBody !== null) || typeof response.body === 'string';
  if (!isText || (given && Object.keys(given).some((k) => k.toLowerCase() === 'content-encoding'))) return response;
  const headers = { ...given };
  const vary = headers.Vary ? `${headers.Vary}, Accept-Encoding` : 'Accept-Encoding';
  const encoding = chooseEncoding(acceptEncoding);
  // A client that takes no encoding gets the answer as it is: no need to write the JSON out here.
  if (!encoding) return { ...response, headers: { ...headers, Vary: vary } };
  const text = response.jsonBody !== undefined && response.jsonBody !== null ? jsonText(response.jsonBody) : (response.body as string);
  // The length in UTF-16 units is at most the UTF-8 length: a text under the threshold by the first
  // may still be over it in bytes, so only a clearly small one is left without counting its bytes.
  if (text.length < COMPRESS_FROM_BYTES && Buffer.byteLength(text, 'utf8') < COMPRESS_FROM_BYTES) return { ...response, headers: { ...headers, Vary: vary } };
  const body = compress(text, encoding);
  const type = headers['Content-Type'] ?? headers['content-type'] ?? (response.jsonBody !== undefined ? 'application/json' : 'text/plain;charset=UTF-8');
  const { jsonBody: _json, ...rest } = response;
  return {
    ...rest,
    body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
    headers: { ...headers, 'Content-Type': type, 'Content-Encoding': encoding, Vary: vary },
  };
}
