import type { BrowserContext, Response } from 'playwright-core';
import { expect, inject } from 'vitest';
import { OpenApiConformance } from '@movers/local/src/testing/openapiConformance.ts';

/*
 * Every answer the portal's pages receive from the API is held to the served /api/openapi.json (status,
 * media type, required headers, JSON body), as the API tests hold theirs: `watchAnswers` (every context
 * support/browser.ts opens) records each difference, and `assertAnswersConform` (after each test, in
 * support/setup.ts) fails the test with the route and what differs.
 */

let conformance: Promise<OpenApiConformance> | undefined;
const pending = new Set<Promise<void>>();
const differences: string[] = [];

const document = () => {
  conformance ??= OpenApiConformance.load(inject('stack').apiOrigin);
  return conformance;
};

async function check(response: Response, apiBase: string): Promise<void> {
  const request = response.request();
  const url = new URL(response.url());
  // Preflights are the host's CORS answers, outside the document.
  if (request.method() === 'OPTIONS' || !response.url().startsWith(apiBase)) return;
  // The page's answer from the visitor site's service worker is the worker's (a cached copy, or 202 for a
  // form kept while offline): the worker's own request to the API is seen, and checked, by itself. An
  // answer a test made up (page.route's fulfil, to provoke a failure) came from no server: not the API's either.
  // A page or browser closed before its answer could be looked at leaves nothing to judge.
  if (response.fromServiceWorker() || (await response.serverAddr().catch(() => null)) === null) return;
  const headers = new Headers();
  const sent = await response.headersArray().catch(() => undefined);
  if (!sent) return;
  for (const { name, value } of sent) headers.append(name, value);
  const type = headers.get('content-type') ?? '';
  let body: unknown;
  if (/[/+]json\b/i.test(type) && response.status() !== 304) {
    // The page may be gone before its answer is read; then only the status and headers are judged.
    body = await response.json().catch(() => undefined);
  }
  // A revalidated copy of the browser's cache: the API answered 304 to the browser's If-None-Match, and the
  // browser hands the page its cached 200 with the 304's headers (no media type). Judged as the 304 it was.
  let status = response.status();
  if (status === 200 && !headers.has('content-type') && ((await request.allHeaders().catch(() => ({}))) as Record<string, string>)['if-none-match'])
    status = 304;
  const checker = await document();
  // A slice of the browser's cache: a video's range request ('Range: bytes=…') that Chromium's HTTP cache
  // answers 206 from the whole 200 it holds. The API answers no ranges (no route declares 206), so a 206
  // with Content-Range is judged as the 200 it was cut from; a route that declares 206 is judged as sent.
  const range = ((await request.allHeaders().catch(() => ({}))) as Record<string, string>).range;
  if (status === 206 && range && headers.has('content-range') && !checker.operationOf(request.method(), url.pathname)?.responses['206']) status = 200;
  const exchange = { method: request.method(), path: `${url.pathname}${url.search}`, status, headers, body };
  const found = checker.differences(exchange);
  if (found.length > 0) differences.push(checker.describe(exchange, found));
}

/** Checks every API answer the context's pages (and their workers) receive. */
export function watchAnswers(context: BrowserContext): void {
  // The address the web app calls the API at (localhost, where the tests' own calls use 127.0.0.1).
  const apiBase = `${inject('stack').web.apiBaseUrl}/v1/`;
  context.on('response', (response) => {
    if (!response.url().startsWith(apiBase)) return;
    const checking = check(response, apiBase).catch((error: unknown) => {
      differences.push(`${response.request().method()} ${response.url()}: the answer could not be checked: ${String(error)}`);
    });
    pending.add(checking);
    void checking.finally(() => pending.delete(checking));
  });
}

/** Fails with every API answer since the last call that the served OpenAPI document does not declare. */
export async function assertAnswersConform(): Promise<void> {
  // An answer still being read is given a moment; one whose page has closed settles at once.
  await Promise.race([Promise.allSettled([...pending]), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  const found = [...new Set(differences)];
  differences.length = 0;
  expect(found, `API answers outside /api/openapi.json:\n${found.join('\n')}\n`).toEqual([]);
}
