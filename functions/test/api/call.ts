import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { inject } from 'vitest';
import type { Caller } from '@movers/local/src/testing/testStack.ts';
import { checkConformance } from './conformance.ts';

export type AnyCaller = Caller | 'anonymous' | 'badToken';

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

/** Calls the API as a caller through the dev host, which serves the route table as Azure does. */
export async function call(
  caller: AnyCaller,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; headers?: Record<string, string>; from?: string } = {},
): Promise<Answer> {
  const stack = inject('stack');
  const headers: Record<string, string> = { ...options.headers };
  if (caller === 'badToken') headers.Authorization = `Bearer ${stack.tokens.staff.slice(0, -8)}AAAAAAAA`;
  else if (caller !== 'anonymous') headers.Authorization = `Bearer ${stack.tokens[caller]}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
  const url = `${stack.apiOrigin}/api${path}`;
  const response = options.from ? await fetchFrom(options.from, url, { method, headers, body }) : await fetch(url, { method, headers, body });
  const type = response.headers.get('content-type') ?? '';
  const parsed = type.includes('json') ? await response.json() : await response.arrayBuffer();
  // Every answer any API test receives is held to the served OpenAPI document; the global fetch does it
  // for the answers it brings (setup.ts), this for those from another address.
  if (options.from) await checkConformance(method, url, response.status, response.headers, type.includes('json') ? parsed : undefined);
  return { status: response.status, body: parsed, headers: response.headers };
}

/**
 * A request sent from another loopback address (127.x.y.z): the dev host, like Azure's front end,
 * appends the address it was called from to X-Forwarded-For, and rate limits key on that, so a test
 * that needs two callers calls from two addresses (a forged header changes nothing).
 */
export function loopbackAddress(): string {
  const n = (addressCount++ * 7919 + process.pid) % 16_000_000;
  return `127.${1 + (n >> 16)}.${(n >> 8) & 255}.${1 + (n % 250)}`;
}
let addressCount = Date.now() % 1_000_000;

function fetchFrom(localAddress: string, url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: init.method, headers: init.headers, localAddress }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const headers = new Headers();
        for (const [key, value] of Object.entries(incoming.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(key, v);
        }
        const status = incoming.statusCode ?? 0;
        // Decoded as fetch decodes (the header stays, as fetch leaves it).
        const raw = Buffer.concat(chunks);
        const encoding = incoming.headers['content-encoding'];
        const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve(new Response([204, 304].includes(status) ? null : body, { status, headers }));
      });
      incoming.on('error', reject);
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

// The seeded clients that the seeded External accounts belong to.
export { CLIENT_A_ID as CLIENT_A, CLIENT_B_ID as CLIENT_B } from '@movers/local/src/directory.ts';

/** An If-Match for updates and deletes whose outcome does not depend on it (unknown ids, bad input). */
export const ANY_ETAG = { 'If-Match': '"any"' };
/** The If-Match header for an ETag read earlier. */
export const ifMatch = (etag: string | null | undefined) => ({ 'If-Match': etag ?? '' });

/**
 * Rate limits count in fixed 15-minute windows (rateLimit.ts): a test that counts attempts up to a limit
 * must not straddle two of them, so within 20 s of the next window it waits for it.
 */
export async function awayFromWindowEdge() {
  const left = 900_000 - (Date.now() % 900_000);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
}
