import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Signed in, the visitor site reads the move's content once the service worker controls the page, so that
// the phone keeps a copy for move day (keepForOffline). The worker takes control on its own time: by then
// the session may have ended (a revoked movers' pass, a new password), and a phone that is no longer signed
// in must not ask for the site's content with no session (six 401s in the revoked pass's browser test).

const PATH = 'aurora-hq';
const asked: { url: string; authorization?: string }[] = [];
let worker: EventTarget & { controller: unknown; postMessage?: unknown };

beforeEach(() => {
  asked.length = 0;
  const stored = new Map<string, string>();
  worker = Object.assign(new EventTarget(), { controller: null });
  vi.stubGlobal('navigator', { serviceWorker: worker, onLine: true });
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    asked.push({ url, authorization: (init.headers as Record<string, string> | undefined)?.Authorization });
    const body = url.endsWith('/floors') ? { floors: [] } : [];
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubEnv('PROD', true);
  vi.resetModules();
});
afterEach(() => {
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
  });

  it("reads only the floor plans with a movers' pass", async () => {
    const { keepForOffline } = await import('../src/visitor/api.ts');
    signIn(true);
    keepForOffline(PATH);
    await workerTakesControl();
    expect(askedFor()).toEqual(['/', '/floors']);
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
