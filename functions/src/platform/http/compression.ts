import type { HttpResponseInit } from '@azure/functions';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Answers smaller than this are sent as they are: the saving would not pay for the work. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * The encoding to answer in from a request's Accept-Encoding: brotli, else gzip, when the client takes
 * it (a `q=0` refuses; `*` takes any); none otherwise.
 */
export function chooseEncoding(acceptEncoding: string | null): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
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
 * A JSON or text answer over 1 KB, compressed as the request allows (Azure Functions compresses
 * nothing: the planner's 500-marker floor is 1 MB of JSON). Files (bytes, streams) go as they are:
 * images, PDFs and zips are compressed already, and a download streams.
 */
export function compressed(response: HttpResponseInit, acceptEncoding: string | null): HttpResponseInit {
  const headers = { ...(response.headers as Record<string, string> | undefined) };
  const text =
    response.jsonBody !== undefined && response.jsonBody !== null
      ? JSON.stringify(response.jsonBody)
      : typeof response.body === 'string'
        ? response.body
        : undefined;
  if (text === undefined || Object.keys(headers).some((k) => k.toLowerCase() === 'content-encoding')) return response;
  const vary = [headers.Vary, 'Accept-Encoding'].filter(Boolean).join(', ');
  const encoding = chooseEncoding(acceptEncoding);
  const bytes = Buffer.from(text, 'utf8');
  if (!encoding || bytes.length < COMPRESS_FROM_BYTES) return { ...response, headers: { ...headers, Vary: vary } };
  // Brotli at quality 4: most of the saving of the slower levels, in a few milliseconds for 1 MB.
  const body =
    encoding === 'br'
      ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
      : gzipSync(bytes, { level: 6 });
  const type = headers['Content-Type'] ?? headers['content-type'] ?? (response.jsonBody !== undefined ? 'application/json' : 'text/plain;charset=UTF-8');
  const { jsonBody: _json, ...rest } = response;
  return {
    ...rest,
    body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
    headers: { ...headers, 'Content-Type': type, 'Content-Encoding': encoding, Vary: vary },
  };
}
