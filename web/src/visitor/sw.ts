/// <reference lib="webworker" />
import { Queue } from 'workbox-background-sync';
import { clientsClaim } from 'workbox-core';
import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { RETRY_PARAMETER } from '../common/loadAgain.ts';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  CONFIG_CACHE,
  FORGET_MOVE,
  isEditorFile,
  isVisitorPage,
  KEPT_FORMS_SENT,
  moveCacheName,
  movePathOfPage,
  SAVED_AT_HEADER,
  SAVED_COPY_MESSAGE,
  SEND_KEPT_FORMS,
  type SavedCopyMessage,
  visitPathOf,
} from './offline.ts';

// The visitor site's service worker (Workbox): move day on a phone without coverage. The visitor shell
// (visitor.html and its scripts, listed by the build) is precached; every visitor page opens from it.
// The move's published content is kept as the visitor reads it: network first, the saved copy when
// the network fails or takes longer than 3 s. It never answers for the admin app or any admin API call
// (an editor image an admin page shows is passed to the network as it is).

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

/**
 * Every lookup of a saved copy ignores `Vary`. A copy is stored with the headers of the request that
 * fetched it and of the host's answer: with `Vary: Origin` (Vite's dev server, a CDN) a copy saved by
 * the worker's own request (no Origin) missed the page's preload (with one), and the move did not open
 * offline (issue 45). What is saved is one file per address whatever asked for it.
 */
const matchOptions: CacheQueryOptions = { ignoreVary: true };
// Precaching takes no matchOptions: a miss is looked up again without Vary before it goes to the network.
addPlugins([
  {
    cachedResponseWillBeUsed: async ({ cacheName, request, cachedResponse }) => cachedResponse ?? (await caches.match(request, { ...matchOptions, cacheName })),
  },
]);
// A chunk loaded again after a failed load (`?retry=N`, common/loadAgain.ts) is the precached file:
// Workbox's own ignored parameters, and that one.
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, new RegExp(`^${RETRY_PARAMETER}$`)] });

// A visitor page (`/{path}/...`) opens from the precached shell; the admin's pages (`/`, `/admin…`) and
// files go to the network as if there were no service worker.
registerRoute(({ request, url }) => request.mode === 'navigate' && isVisitorPage(url.href), createHandlerBoundToURL('/visitor.html'));

const NETWORK_TIMEOUT_S = 3;
/** A document larger than this is not kept on the phone. */
const MAX_SAVED_BYTES = 10 * 1024 * 1024;

/**
 * When each move was last forgotten (signed out, or refused by the API), by its cache's name. An answer asked for
 * before then and arriving after is not kept: a copy put after the cache was deleted would make it again,
 * and the signed-out visitor's content would stay on the phone.
 */
const forgottenAt = new Map<string, number>();
async function forget(path: string) {
  forgottenAt.set(moveCacheName(path), Date.now());
  await caches.delete(moveCacheName(path));
}

/** A copy is kept only of a complete, successful answer to a request made since the move was last forgotten, stamped with when it was saved. */
const keepStamped = (cacheName: string) => ({
  requestWillFetch: async ({ request, state }: { request: Request; state?: { askedAt?: number } }) => {
    if (state) state.askedAt = Date.now();
    return request;
  },
  cacheWillUpdate: async ({ response, state }: { response: Response; state?: { askedAt?: number } }) => {
    if (response.status !== 200) return null;
    if (Number(response.headers.get('content-length') ?? '0') > MAX_SAVED_BYTES) return null;
    if ((state?.askedAt ?? 0) <= (forgottenAt.get(cacheName) ?? -1)) return null;
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, new Date().toISOString());
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  },
});

/**
 * Tells the page whether an answer is the saved copy (and from when) or the network's: the page shows
 * 'offline — saved HH:MM' from this. A header would not do: the API is on another origin, and the page
 * sees only the CORS-safelisted headers of an answer the worker gives it.
 */
async function tellPage(event: ExtendableEvent | undefined, message: SavedCopyMessage) {
  (await pageOf(event))?.postMessage(message);
}

/** The page (window) a request was made from. */
async function pageOf(event: ExtendableEvent | undefined): Promise<Client | undefined> {
  const clientId = (event as FetchEvent | undefined)?.clientId;
  return clientId ? self.clients.get(clientId) : undefined;
}

const announce = {
  cachedResponseWillBeUsed: async ({ cachedResponse, event }: { cachedResponse?: Response; event?: ExtendableEvent }) => {
    if (cachedResponse) await tellPage(event, { type: SAVED_COPY_MESSAGE, savedAt: cachedResponse.headers.get(SAVED_AT_HEADER) });
    return cachedResponse;
  },
  fetchDidSucceed: async ({ response, event }: { response: Response; event?: ExtendableEvent }) => {
    await tellPage(event, { type: SAVED_COPY_MESSAGE, savedAt: null });
    return response;
  },
};

/**
 * The move's saved content goes when the API says the visitor may no longer read it: a 401 (signed
 * out elsewhere, a new password) on any of its calls, or a 404 for the move itself (disabled, removed).
 */
const forgetWhenRefused = (path: string, moveUrl: (url: URL) => boolean) => ({
  fetchDidSucceed: async ({ request, response }: { request: Request; response: Response }) => {
    if (response.status === 401 || (response.status === 404 && moveUrl(new URL(request.url)))) await forget(path);
    return response;
  },
});

/** One cache per move, so that one move's content is never shown on another's path. */
const strategies = new Map<string, { content: NetworkFirst; files: CacheFirst }>();
function strategiesFor(path: string) {
  let strategy = strategies.get(path);
  if (!strategy) {
    const plugins = [keepStamped(moveCacheName(path)), forgetWhenRefused(path, (url) => visitPathOf(url)?.rest === '')];
    strategy = {
      content: new NetworkFirst({ cacheName: moveCacheName(path), networkTimeoutSeconds: NETWORK_TIMEOUT_S, matchOptions, plugins: [...plugins, announce] }),
      // A floor image or logo is addressed by its version (`?v=`): a saved copy is that file, so a
      // repeat visit draws it without asking a weak network first.
      files: new CacheFirst({ cacheName: moveCacheName(path), matchOptions, plugins }),
    };
    strategies.set(path, strategy);
  }
  return strategy;
}

registerRoute(
  ({ url, request }) => request.method === 'GET' && visitPathOf(url) !== null,
  (options) => {
    const strategy = strategiesFor(visitPathOf(options.url)!.path);
    return (options.url.searchParams.has('v') ? strategy.files : strategy.content).handle(options);
  },
);

// The images of the move's pages (the editor's files: public by their id, never changed) are kept with the
// move's content, so that a page first opened offline still has its pictures (keepForOffline loads them
// all once signed in). The worker fetches them with CORS, which the API allows the site: an <img>'s own
// request gets an opaque answer, which a worker cannot check and the browser counts as megabytes of quota.
// Videos are not kept: too large for a phone's storage.
registerRoute(
  ({ url, request }) => request.method === 'GET' && request.destination === 'image' && isEditorFile(url),
  async ({ event, url, request }) => {
    const page = await pageOf(event);
    const path = page ? movePathOfPage(page.url) : null;
    if (!path) return fetch(request);
    return strategiesFor(path).files.handle({ event, request: new Request(url.href, { mode: 'cors', credentials: 'omit' }) });
  },
);

// The site's run-time configuration (the API's address), for visitor pages only. It changes only with a
// deployment, and every page waits for it: the saved copy answers at once, the network's replaces it
// for the next visit.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname === '/config.json' && isVisitorPage(request.referrer),
  new StaleWhileRevalidate({ cacheName: CONFIG_CACHE, matchOptions }),
);
// Kept as the worker installs, with the shell: the first page the worker serves has it at once.
self.addEventListener('install', (event) => event.waitUntil(caches.open(CONFIG_CACHE).then((cache) => cache.add('/config.json'))));

/**
 * One send of the kept forms at a time (Background Sync and the page's 'online' may ask together): a kept
 * photo goes after its report. Declared before the queue: where the browser has no Background Sync
 * (Firefox), Workbox's Queue calls onSync from its constructor, and a `let` below it would not be
 * initialised yet (a ReferenceError while the worker's script runs: Firefox never installs the worker).
 */
let sending: Promise<void> = Promise.resolve();

/**
 * A question, error report or feedback sent without a network is kept on the phone (IndexedDB, with its
 * Idempotency-Key) and sent when the network is back: by Background Sync where the browser has it, and
 * whenever a page of the site is open and online (it asks on opening and on the browser's 'online').
 * The key makes a send that reached the API before the network dropped arrive once.
 */
const keptForms = new Queue('visit-forms', {
  maxRetentionTime: 7 * 24 * 60,
  onSync: sendKeptForms,
});

function sendKeptForms({ queue }: { queue: Queue }): Promise<void> {
  const next = sending.catch(() => undefined).then(() => sendKeptNow(queue));
  sending = next;
  return next;
}

async function sendKeptNow(queue: Queue) {
  let sent = 0;
  try {
    await sendEach(queue, () => sent++);
  } finally {
    if (sent > 0) for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: KEPT_FORMS_SENT, count: sent });
  }
}

async function sendEach(queue: Queue, onSent: () => void) {
  for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
    // A photo of a report that was itself kept offline is addressed by the report's key: it goes after
    // the report, to the id the API gave it (the report's own answer, remembered below).
    const request = await withReportId(entry.request);
    if (!request) {
      await queue.unshiftRequest(entry);
      throw new Error('kept photo waits for its report');
    }
    // Offline still, rate-limited or the API failing: kept for the next try. Any other answer is final
    // (a 401 after signing out has nowhere else to go).
    const response = await fetch(request.clone()).catch(() => undefined);
    if (!response || response.status === 429 || response.status >= 500) {
      await queue.unshiftRequest(entry);
      throw new Error(`kept form not sent: ${response?.status ?? 'offline'}`);
    }
    if (response.ok) {
      await rememberReport(request, response);
      onSent();
    }
  }
}

/** `kept-{Idempotency-Key}`: a photo sent while its report was kept on the phone names the report so. */
const KEPT_REPORT_PREFIX = 'kept-';
const KEPT_REPORTS = 'visit-kept-reports';
const keptReportAddress = (key: string) => `/kept-report/${encodeURIComponent(key)}`;

/** A kept report, once sent: its id under its Idempotency-Key (in a cache, so it outlives the worker). */
async function rememberReport(request: Request, response: Response) {
  const key = request.headers.get('Idempotency-Key');
  if (request.method !== 'POST' || !key || visitPathOf(new URL(request.url))?.rest !== '/reports') return;
  const { id } = (await response.clone().json()) as { id: string };
  await (await caches.open(KEPT_REPORTS)).put(keptReportAddress(key), Response.json({ id }));
}

/** The request to send: a kept report's photo gets the report's id (null while the report is not sent yet). */
async function withReportId(request: Request): Promise<Request | null> {
  const match = /\/reports\/([^/]+)\/photo$/.exec(new URL(request.url).pathname);
  const reportId = match ? decodeURIComponent(match[1]) : '';
  if (!reportId.startsWith(KEPT_REPORT_PREFIX)) return request;
  const saved = await caches.match(keptReportAddress(reportId.slice(KEPT_REPORT_PREFIX.length)), { ...matchOptions, cacheName: KEPT_REPORTS });
  if (!saved) return null;
  const { id } = (await saved.json()) as { id: string };
  const url = request.url.replace(`/reports/${match![1]}/photo`, `/reports/${encodeURIComponent(id)}/photo`);
  return new Request(url, { method: 'POST', headers: request.headers, body: await request.clone().arrayBuffer() });
}

/**
 * What a visitor sends that waits for the network: a question, error report or feedback, and on move day
 * the person's 'I'm here', their report and its photo. Each is kept (with its Idempotency-Key) when the
 * network fails, and answered 202, which the page shows as 'will be sent'.
 */
const keptWhenOffline = (rest: string) => rest === '/feedback' || rest === '/arrival' || rest === '/reports' || /^\/reports\/[^/]+\/photo$/.test(rest);

registerRoute(
  ({ url }) => {
    const visit = visitPathOf(url);
    return visit !== null && keptWhenOffline(visit.rest);
  },
  async ({ request, url }) => {
    const kept = request.clone();
    // The photo of a report still on the phone cannot go before it: kept at once, behind the report.
    const waitsForReport = /\/reports\/kept-[^/]+\/photo$/.test(url.pathname);
    try {
      if (!waitsForReport) return await fetch(request);
    } catch {
      // Offline: kept below.
    }
    await keptForms.pushRequest({ request: kept });
    // 202: accepted, not yet delivered; the page tells the visitor so.
    return Response.json({ kept: true }, { status: 202 });
  },
  'POST',
);

self.addEventListener('message', (event) => {
  if (event.data?.type === SEND_KEPT_FORMS) event.waitUntil(sendKeptForms({ queue: keptForms }).catch(() => undefined));
  if (event.data?.type === FORGET_MOVE && typeof event.data.path === 'string') event.waitUntil(forget(event.data.path));
});
