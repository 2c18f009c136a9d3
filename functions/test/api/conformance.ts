import { appendFileSync } from 'node:fs';
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
