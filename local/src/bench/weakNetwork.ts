import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

/** A phone on a weak network, as the issue measured it: 2 s round trip, 50 KB/s each way. */
export const WEAK_NETWORK = { offline: false, latency: 2000, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 };

export interface WeakNetworkFigures {
  /**
   * A fresh browser opening the move's address: the sign-in form, then the info page after signing in (ms
   * from navigation); then a seat link opened (ms from its navigation).
   */
  first: { form: number; info: number; seat: number };
  /** The same browser again (the service worker in control, the move's content saved): info and a seat link, ms from navigation. */
  repeat: { info: number; seat: number };
  /**
   * The first visit's seat link: the requests it waited on one after another (each asked for only once
   * the one before had answered), from the page's address to the floor image; those the browser answered
   * itself (its HTTP cache, the service worker's) cost no round trip and are not counted.
   */
  firstSeatTrips: { count: number; chain: string[] };
  /** The seat link opened again with no network at all: ms until the seat shows, or why not. */
  offlineSeat: number | string;
  /** Service workers throttled alongside the pages (0 would mean their requests ran at full speed). */
  throttledWorkers: number;
}

interface Visit {
  origin: string;
  path: string;
  email: string;
  password: string;
  /** The seat link's person and the accessible name of their seat on the plan. */
  personId: string;
  seatName: RegExp;
}

type Conditions = typeof WEAK_NETWORK;

/** Throttles a page through the DevTools protocol. */
async function throttle(context: BrowserContext, page: Page, conditions: Conditions = WEAK_NETWORK): Promise<CDPSession> {
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', conditions);
  return session;
}

/**
 * The same conditions for the service workers' own requests, which a page's conditions do not reach
 * (their answers would come at full speed), through a browser session of its own (not flattened, so it
 * does not disturb Playwright's).
 */
export async function throttleServiceWorkers(browser: Browser, initial: Conditions = WEAK_NETWORK) {
  const session: CDPSession = await browser.newBrowserCDPSession();
  const workers = new Set<string>();
  let conditions: Conditions = initial;
  let id = 0;
  const tell = (sessionId: string, method: string, params: object = {}) =>
    session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++id, method, params }) });
  // Browser-level auto-attach (which could hold a worker until throttled) needs a flattened session,
  // which Playwright's connection does not route: workers are attached as they are discovered, a few
  // milliseconds after they start.
  session.on('Target.targetCreated', async (event: { targetInfo: { targetId: string; type: string } }) => {
    if (event.targetInfo.type !== 'service_worker') return;
    const { sessionId } = (await session.send('Target.attachToTarget', { targetId: event.targetInfo.targetId, flatten: false })) as { sessionId: string };
    workers.add(sessionId);
    await tell(sessionId, 'Network.enable');
    await tell(sessionId, 'Network.emulateNetworkConditions', conditions);
  });
  session.on('Target.detachedFromTarget', (event: { sessionId: string }) => workers.delete(event.sessionId));
  await session.send('Target.setDiscoverTargets', { discover: true });
  return {
    workers: () => workers.size,
    async set(next: Conditions = conditions) {
      conditions = next;
      for (const worker of workers) await tell(worker, 'Network.emulateNetworkConditions', next);
    },
    stop: () => session.detach(),
  };
}

const since = (started: number) => Date.now() - started;

interface SeenRequest {
  url: string;
  method: string;
  /** Seconds, the browser's clock. */
  start: number;
  end?: number;
}

/**
 * Every request of a page as its browser saw it (DevTools' Network domain, where a CORS preflight is a
 * request of its own), with when it was asked for and answered.
 */
async function watchRequests(session: CDPSession) {
  const seen = new Map<string, SeenRequest>();
  const asked = (e: { requestId: string; type?: string; timestamp: number; request: { url: string; method: string } }) => {
    // A redirect is sent again under the same id: the first one's start is kept.
    if (!seen.has(e.requestId)) seen.set(e.requestId, { url: e.request.url, method: e.request.method, start: e.timestamp });
  };
  const answered = (e: { requestId: string; timestamp: number }) => {
    const r = seen.get(e.requestId);
    if (r) r.end = e.timestamp;
  };
  session.on('Network.requestWillBeSent', asked);
  session.on('Network.loadingFinished', answered);
  session.on('Network.loadingFailed', answered);
  return () => {
    session.off('Network.requestWillBeSent', asked);
    session.off('Network.loadingFinished', answered);
    session.off('Network.loadingFailed', answered);
    return [...seen.values()];
  };
}

/**
 * The round trips a page waited on one after another: the longest chain of network requests, each
 * started only once the one before it had answered, that ends in the last of the requests `last` picks
 * (what the page was waiting for). A request answered in less than half a round trip went to no network
 * (the HTTP cache, the service worker's cache) and is left out; a CORS preflight is one of the chain.
 */
export function sequentialRoundTrips(requests: SeenRequest[], latencyMs: number, last: (url: string) => boolean): { count: number; chain: string[] } {
  const network = requests
    // The icon and the manifest: nothing of the page waits for them.
    .filter((r) => !/\/favicon\.svg$|\/manifest$/.test(new URL(r.url).pathname))
    .filter((r): r is Required<SeenRequest> => r.end !== undefined && (r.end - r.start) * 1000 >= latencyMs / 2)
    .sort((a, b) => a.start - b.start);
  const depth = new Map<SeenRequest, { count: number; before?: SeenRequest }>();
  for (const r of network) {
    let best: { count: number; before?: SeenRequest } = { count: 1 };
    for (const q of network) {
      // 50 ms of slack: an answer is reported a little after the request it let start.
      const d = depth.get(q);
      if (q !== r && d && q.end <= r.start + 0.05 && d.count + 1 > best.count) best = { count: d.count + 1, before: q };
    }
    depth.set(r, best);
  }
  // The chain that ends in the last of the requests the page waited for (the floor image, else the floors).
  const end = network.filter((r) => last(r.url)).sort((a, b) => b.end - a.end)[0];
  const chain: string[] = [];
  const first = Math.min(...requests.map((r) => r.start));
  for (let r: SeenRequest | undefined = end; r; r = depth.get(r)!.before) {
    const url = new URL(r.url);
    const name = url.pathname.replace(/\/(seat|floors|people)\/[^/]+/g, '/$1/…').replace(/-[\w-]{8}\.js$/, '.js');
    const when = `${(r.start - first).toFixed(1)}–${(r.end! - first).toFixed(1)} s`;
    chain.unshift(`${name}${r.method === 'OPTIONS' ? ' (preflight)' : ''} ${when}`);
  }
  return { count: end ? depth.get(end)!.count : 0, chain };
}

/** Opens an address and answers the milliseconds until `shown` holds. */
async function timed(page: Page, url: string, shown: () => Promise<unknown>): Promise<number> {
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await shown();
  return since(started);
}

async function signIn(page: Page, visit: Visit) {
  await page.getByLabel('E-post').fill(visit.email);
  await page.getByLabel('Passord').fill(visit.password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
}

const infoShown = (page: Page) => page.getByRole('navigation', { name: 'Hovedmeny' }).waitFor({ timeout: 60_000 });
async function seatShown(page: Page, visit: Visit) {
  await page.getByRole('button', { name: visit.seatName }).waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () => [...document.querySelectorAll<HTMLImageElement>('.v-plan-content img')].some((img) => img.complete && img.naturalWidth > 0),
    null,
    { timeout: 60_000 },
  );
}
const formShown = (page: Page) => page.getByLabel('Passord').waitFor({ timeout: 60_000 });

/**
 * The visitor site on a throttled phone (390 × 844): a first visit in a fresh browser, then a repeat visit
 * once the service worker controls the site, then the seat link with no network.
 */
export async function measureWeakNetwork(browser: Browser, visit: Visit): Promise<WeakNetworkFigures> {
  const home = `${visit.origin}/${visit.path}`;
  const seatLink = `${home}/seat/${visit.personId}`;
  const workers = await throttleServiceWorkers(browser);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nb-NO' });
  // Playwright sets a worker's network conditions (unthrottled) at some point after attaching to it: the
  // bench's are set again every 100 ms.
  const keepThrottled = setInterval(() => void workers.set().catch(() => undefined), 100);
  try {
    const page = await context.newPage();
    const network = await throttle(context, page);
    const started = Date.now();
    const form = await timed(page, home, () => formShown(page));
    await signIn(page, visit);
    await infoShown(page);
    const info = since(started);
    const stopWatching = await watchRequests(network);
    const seat = await timed(page, seatLink, () => seatShown(page, visit));
    const seen = stopWatching();
    // The floor's image by the floor's address, or by the person's (`/people/{id}/floor-image`, asked for beside the floors).
    const floorImage = /\/floors\/[^/]+\/image|\/people\/[^/]+\/floor-image/;
    const image = seen.some((r) => floorImage.test(r.url));
    const firstSeatTrips = sequentialRoundTrips(seen, WEAK_NETWORK.latency, (url) => (image ? floorImage : /\/floors(\?|$)/).test(url));

    // Wait until the worker controls the site and has saved the floor images, as a visitor's phone would
    // have after a while (a page left early stops saving; the next one opened starts again).
    // Polled from here: waitForFunction takes the promise an async predicate returns as a yes at once.
    const floorsSaved = async (path: string) => {
      const saved = () =>
        page.evaluate(
          async (name) => (await caches.has(name)) && (await (await caches.open(name)).keys()).some((r) => /\/floors\/.+\/image/.test(r.url)),
          `visit:${path}`,
        );
      for (const deadline = Date.now() + 90_000; !(await saved()); await page.waitForTimeout(1000)) {
        if (Date.now() > deadline) throw new Error(`the floor images of ${path} were not saved within 90 s`);
      }
    };
    for (let attempt = 1; ; attempt++) {
      try {
        await page.goto(home, { waitUntil: 'commit' });
        await floorsSaved(visit.path.toLowerCase());
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    await page.close();

    const again = await context.newPage();
    await throttle(context, again);
    const repeatInfo = await timed(again, home, () => infoShown(again));
    const repeatSeat = await timed(again, seatLink, () => seatShown(again, visit));
    await again.close();

    const offline = await context.newPage();
    const none = { ...WEAK_NETWORK, offline: true };
    await throttle(context, offline, none);
    await workers.set(none);
    const offlineSeat = await timed(offline, seatLink, () => seatShown(offline, visit)).catch(
      (error: Error) => `did not show (${error.message.split('\n')[0]})`,
    );
    return {
      first: { form, info, seat },
      firstSeatTrips,
      repeat: { info: repeatInfo, seat: repeatSeat },
      offlineSeat,
      throttledWorkers: workers.workers(),
    };
  } finally {
    clearInterval(keepThrottled);
    await context.close();
  }
}
