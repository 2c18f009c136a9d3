import { appendFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { inject } from 'vitest';
import { OpenApiConformance } from '@movers/local/src/testing/openapiConformance.ts';

/*
 * Every answer the API tests receive is held to the served /api/openapi.json (status, media type,
 * required headers, JSON body): the shared `call` checks its answers, and support/setup.ts wraps the
 * global fetch so a test's own request to the API (an upload, a raw body) is checked the same way.
 */

let loading: Promise<OpenApiConformance> | undefined;

/** The served document, read once per test file. */
export function servedDocument(): Promise<OpenApiConformance> {
  loading ??= OpenApiConformance.load(inject('stack').apiOrigin);
  return loading;
}

/** Throws, with the route and what differs, when an answer is not what the served document declares. */
export async function checkConformance(method: string, url: string, status: number, headers: Headers, body: unknown): Promise<void> {
  const conformance = await servedDocument();
  const { pathname, search } = new URL(url);
  const exchange = { method, path: `${pathname}${search}`, status, headers, body };
  // OPENAPI_DIFFERENCES=<file>: collect every difference of a run in the file instead of failing at the first.
  const survey = process.env.OPENAPI_DIFFERENCES;
  if (!survey) return conformance.assert(exchange);
  const found = conformance.differences(exchange);
  if (found.length > 0) appendFileSync(survey, `${conformance.describe(exchange, found)}\n`);
}

/** The same check for an answer read through node:http (a GET with a body, an upload sent in chunks). */
export async function checkIncoming(method: string, url: string, incoming: IncomingMessage, text: string): Promise<void> {
  const headers = new Headers();
  for (const [key, value] of Object.entries(incoming.headers)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(key, v);
  }
  const json = /[/+]json\b/i.test(headers.get('content-type') ?? '');
  await checkConformance(method, url, incoming.statusCode ?? 0, headers, json && text ? JSON.parse(text) : undefined);
}
