import { inject } from 'vitest';
import { checkConformance } from './conformance.ts';

// Every answer to a request any API test sends through fetch to the API (the shared `call` or a test's
// own upload, raw body, preflight) is held to the served OpenAPI document; a difference fails that call.
// The files share one module graph (isolate: false) and this file runs again before each: the fetch kept is
// always the platform's, never the last file's checking one.
const platform = globalThis as typeof globalThis & { uncheckedFetch?: typeof fetch };
platform.uncheckedFetch ??= globalThis.fetch;
const unchecked = platform.uncheckedFetch;
const apiBase = `${inject('stack').apiOrigin}/api/`;

globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const response = await unchecked(input, init);
  const url = input instanceof Request ? input.url : String(input);
  if (!url.startsWith(apiBase) || url.startsWith(`${apiBase}openapi.json`)) return response;
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  const type = response.headers.get('content-type') ?? '';
  // Only JSON is read (from a copy, so the test still reads the answer itself); files are judged by their headers.
  const body = /[/+]json\b/i.test(type)
    ? await response
        .clone()
        .json()
        .catch(() => undefined)
    : undefined;
  await checkConformance(method, url, response.status, response.headers, body);
  return response;
};
