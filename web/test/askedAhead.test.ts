import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The visitor site asks for some things before the page that uses them is there: the configuration and the
// move's answer (firstLoad.ts, before the site's script has arrived), a floor's image (before the floor
// plan's code has). When such a request fails before its page takes it (offline, a refused session), the
// page handles the failure later; but a rejection with no handler at the end of its task is an uncaught
// error to the browser, which Firefox logs as the page's error (the Firefox journey failed on CI on one).

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
/** Until the next task: when the browser (and Node) says which rejections have no handler. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('NetworkError when attempting to fetch resource.')));
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined, removeItem: () => undefined });
  vi.resetModules();
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
  vi.unstubAllGlobals();
});

describe('what the visitor site asks for ahead of its page', () => {
  it("a floor's image that fails before the floor plan takes it is no uncaught error, and the floor plan is told", async () => {
    vi.stubGlobal('window', { location: { href: 'https://portal.test/aurora-hq/seat/p1' } });
    const { visitApi } = await import('../src/visitor/api.ts');
    visitApi.floorImageAhead('aurora-hq', '/v1/visit/aurora-hq/floors/f1/image?v=1');
    await nextTask();
    expect(unhandled).toEqual([]);
    await expect(visitApi.floorImage('aurora-hq', '/v1/visit/aurora-hq/floors/f1/image?v=1')).rejects.toThrow(/NetworkError/);
  });

  it("the configuration and the move's answer asked for before the site's script are no uncaught errors when they fail", async () => {
    const win: { visitFirstLoad?: { config: Promise<unknown>; move?: { answer: Promise<unknown> } } } = {};
    vi.stubGlobal('window', win);
    vi.stubGlobal('location', { pathname: '/aurora-hq/seat/p1' });
    vi.stubGlobal('navigator', { serviceWorker: { controller: null } });
    await import('../src/visitor/firstLoad.ts');
    await nextTask();
    expect(unhandled).toEqual([]);
    // The site takes them over and is told of the failure.
    await expect(win.visitFirstLoad?.config).rejects.toThrow(/NetworkError/);
    await expect(win.visitFirstLoad?.move?.answer).rejects.toThrow(/NetworkError/);
  });
});
