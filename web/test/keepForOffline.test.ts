import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Signed in, the visitor site reads the move's content once the service worker controls the page, so that
// the phone keeps a copy for move day (keepForOffline). The worker takes control on its own time: by then
// the session may have ended (a revoked movers' pass, a new password), and a phone that is no longer signed
// in must not ask for the site's content with no session (six 401s in the revoked pass's browser test).

const PATH = 'aurora-hq';
const asked: { url: string; authorization?: string }[] = [];
let worker: EventTarget & { controller: unknown; postMessage?: unknown };
const MAP = 'https://api.test/api/v1/images/0f8fad5b-d9cb-469f-a165-70867728950e';
const pages = [{ translations: [{ content: `<p><img src="${MAP}"></p><img src="https://elsewhere.test/x.png">` }, { content: `<img src="${MAP}">` }] }];
/** What was loaded as an image would be (the worker keeps it). */
const imagesLoaded: string[] = [];

beforeEach(() => {
  asked.length = 0;
  const stored = new Map<string, string>();
  worker = Object.assign(new EventTarget(), { controller: null });
  vi.stubGlobal('navigator', { serviceWorker: worker, onLine: true });
  imagesLoaded.length = 0;
  vi.stubGlobal('window', Object.assign(new EventTarget(), { location: { href: 'https://portal.test/aurora-hq/floorplan' } }));
  vi.stubGlobal(
    'Image',
    class {
      onload: (() => void) | null = null;
      set src(value: string) {
        imagesLoaded.push(value);
        setTimeout(() => this.onload?.());
      }
    },
  );
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    asked.push({ url, authorization: (init.headers as Record<string, string> | undefined)?.Authorization });
    const body = url.endsWith('/floors') ? { floors: [] } : url.endsWith('/pages') ? pages : [];
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubEnv('PROD', true);
  vi.resetModules();
});
afterEach(async () => {
  // The read goes on after a test's last assertion: it ends before the globals it uses are taken away.
  await new Promise((resolve) => setTimeout(resolve, 50));
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const signIn = (movers: boolean) =>
  localStorage.setItem(`visit:${PATH}:session`, JSON.stringify({ token: 't1', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), movers }));
const workerTakesControl = async () => {
  worker.controller = { postMessage: () => undefined };
  worker.dispatchEvent(new Event('controllerchange'));
  await vi.waitFor(() => expect(asked.length).toBeGreaterThan(0), { timeout: 200 }).catch(() => undefined);
};
const askedFor = () => asked.map(({ url }) => url.replace(/^.*\/v1\/visit\/aurora-hq/, '') || '/').sort();

describe('keeping the move for offline', () => {
  it('reads every page of the site with the session once the worker takes control', async () => {
    const { keepForOffline } = await import('../src/visitor/api.ts');
    signIn(false);
    keepForOffline(PATH);
    await workerTakesControl();
    expect(askedFor()).toEqual(['/', '/contacts', '/details', '/documents', '/faq', '/floors', '/pages', '/timeline']);
    expect(asked.every(({ authorization }) => authorization === 'Bearer t1')).toBe(true);
    // And the pages' own images, each once: the worker keeps them for a page first opened offline.
    await vi.waitFor(() => expect(imagesLoaded).toEqual([MAP]));
  });

  it("reads only the floor plans with a movers' pass", async () => {
    const { keepForOffline } = await import('../src/visitor/api.ts');
    signIn(true);
    keepForOffline(PATH);
    await workerTakesControl();
    expect(askedFor()).toEqual(['/', '/floors']);
    expect(imagesLoaded).toEqual([]);
  });

  it('reads nothing when the session ended before the worker took control', async () => {
    const { forgetSession, keepForOffline } = await import('../src/visitor/api.ts');
    signIn(true);
    keepForOffline(PATH);
    forgetSession(PATH, true);
    await workerTakesControl();
    expect(asked).toEqual([]);
  });
});
