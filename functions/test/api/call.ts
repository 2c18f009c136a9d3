import { inject } from 'vitest';
import type { Caller } from '@movers/local/src/testing/testStack.ts';

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
  options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const stack = inject('stack');
  const headers: Record<string, string> = { ...options.headers };
  if (caller === 'badToken') headers.Authorization = `Bearer ${stack.tokens.staff.slice(0, -8)}AAAAAAAA`;
  else if (caller !== 'anonymous') headers.Authorization = `Bearer ${stack.tokens[caller]}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${stack.apiOrigin}/api${path}`, { method, headers, body });
  const type = response.headers.get('content-type') ?? '';
  const parsed = type.includes('json') ? await response.json() : await response.arrayBuffer();
  return { status: response.status, body: parsed, headers: response.headers };
}

// The seeded clients that the seeded External accounts belong to.
export { CLIENT_A_ID as CLIENT_A, CLIENT_B_ID as CLIENT_B } from '@movers/local/src/directory.ts';

/** An If-Match for updates and deletes whose outcome does not depend on it (unknown ids, bad input). */
export const ANY_ETAG = { 'If-Match': '"any"' };
/** The If-Match header for an ETag read earlier. */
export const ifMatch = (etag: string | null | undefined) => ({ 'If-Match': etag ?? '' });
