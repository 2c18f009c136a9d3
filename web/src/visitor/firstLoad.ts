/**
 * The visitor site's first requests, started by a script of their own that visitor.html loads beside the
 * site's script: on a weak network that script takes seconds to arrive, and the first screen needs the
 * API's address and then the move's answer. The site takes both over (api.ts) instead of asking again.
 * Imports nothing, so that it stays a few hundred bytes.
 */
export interface FirstAnswer {
  ok: boolean;
  status: number;
  body: unknown;
}
export interface FirstLoad {
  config: Promise<FirstAnswer>;
  /** The move's answer for `path`, when there was a move path and no saved copy to draw from. */
  move?: { path: string; answer: Promise<FirstAnswer | undefined> };
}
declare global {
  interface Window {
    visitFirstLoad?: FirstLoad;
  }
}

const answer = (response: Response): Promise<FirstAnswer> =>
  response.json().then(
    (body: unknown) => ({ ok: response.ok, status: response.status, body }),
    () => ({ ok: false, status: response.status, body: undefined }),
  );

const config = fetch('/config.json').then(answer);
const first: FirstLoad = { config };
const segment = location.pathname.split('/')[1] ?? '';
// A repeat visit draws the move from the phone's saved copy (the service worker) at once: nothing to win.
if (segment && segment !== 'admin' && !navigator.serviceWorker?.controller) {
  const path = decodeURIComponent(segment);
  first.move = {
    path,
    answer: config.then(({ ok, body }) =>
      ok
        ? fetch(`${(body as { apiBaseUrl: string }).apiBaseUrl.replace(/\/$/, '')}/v1/visit/${encodeURIComponent(path)}`, {
            headers: { Accept: 'application/json' },
          }).then(answer, () => undefined)
        : undefined,
    ),
  };
}
// The site takes these over and handles their failure, but a rejection with no handler yet is an uncaught
// error to the browser (Firefox logs it as the page's): each has one that does nothing.
for (const asked of [first.config, first.move?.answer]) asked?.catch(() => undefined);
window.visitFirstLoad = first;
