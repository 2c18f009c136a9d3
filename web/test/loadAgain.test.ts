import { describe, expect, it } from 'vitest';
import { failedModuleUrl, type LoadAgainDeps, loadAgain, moduleOf } from '../src/common/loadAgain.ts';

const CHUNK = 'https://movers.example/assets/FloorPlanPage-vNsANsDL.js';
const chromium = () => new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`);

/** A browser that keeps failed module fetches: `load` always fails; what else happens is recorded. */
function browser(options: { online?: boolean; importFails?: boolean; chunk?: unknown } = {}) {
  const seen: string[] = [];
  const stored = new Map<string, string>();
  let clock = 1_000_000;
  const deps: LoadAgainDeps = {
    importUrl: async (url) => {
      seen.push(`import ${url}`);
      if (options.importFails) throw new TypeError(`Failed to fetch dynamically imported module: ${url}`);
      return options.chunk ?? { default: 'the page' };
    },
    reachable: async (url) => {
      seen.push(`probe ${url}`);
      return options.online ?? true;
    },
    reload: () => seen.push('reload'),
    storage: () => ({ getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value) }),
    here: () => 'https://movers.example/aurora-hq/floorplan',
    now: () => clock,
  };
  return {
    deps,
    seen,
    later: (ms: number) => {
      clock += ms;
    },
  };
}

describe('loading code again after a failed load, in any browser', () => {
  it('reads the failed address from Chromium and Firefox, and knows Safari names none', () => {
    expect(failedModuleUrl(chromium())).toBe(CHUNK);
    expect(failedModuleUrl(new TypeError(`error loading dynamically imported module: ${CHUNK}?retry=2`))).toBe(CHUNK);
    const safari = new TypeError('Importing a module script failed.');
    safari.stack = 'loader@https://movers.example/assets/index-j_rMMjP2.js:1:2345\nhttps://movers.example/assets/index-j_rMMjP2.js';
    expect(failedModuleUrl(safari)).toBeUndefined();
  });

  it('loads a chunk whose address keeps failing under a new address, the same one for every loader of it', async () => {
    const { deps, seen } = browser();
    const load = () => Promise.reject(chromium());
    const first = loadAgain(load, { deps });
    await expect(first()).rejects.toThrow(/Failed to fetch/);
    expect(seen).toEqual([]);
    await expect(first()).resolves.toEqual({ default: 'the page' });
    expect(seen).toEqual([`import ${CHUNK}?retry=1`]);
    // A loader is wrapped once.
    expect(loadAgain(first, { deps })).toBe(first);
  });

  it('loads the page again when the new address fails too and the server answers, once a minute at most', async () => {
    const { deps, seen, later } = browser({ importFails: true });
    const loader = loadAgain(() => Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${CHUNK.replace('FloorPlan', 'Other')}`)), {
      deps,
    });
    await expect(loader()).rejects.toThrow();
    // The reload: the promise stays pending.
    const pending = await Promise.race([loader().then(() => 'settled'), new Promise((done) => setTimeout(() => done('pending'), 50))]);
    expect(pending).toBe('pending');
    expect(seen.slice(-2)).toEqual([`probe ${CHUNK.replace('FloorPlan', 'Other')}?retry=1`, 'reload']);
    // Failing again right after the reload: no second reload; the failure shows.
    await expect(loader()).rejects.toThrow();
    expect(seen.filter((s) => s === 'reload')).toHaveLength(1);
    later(61_000);
    void loader();
    await new Promise((done) => setTimeout(done, 10));
    expect(seen.filter((s) => s === 'reload')).toHaveLength(2);
  });

  it('shows the failure while still offline, and reloads for an address it cannot know only when the server answers', async () => {
    const offline = browser({ importFails: true, online: false });
    const loader = loadAgain(() => Promise.reject(new TypeError('Importing a module script failed.')), { deps: offline.deps });
    await expect(loader()).rejects.toThrow();
    await expect(loader()).rejects.toThrow('Importing a module script failed.');
    expect(offline.seen).toEqual(['probe https://movers.example/aurora-hq/floorplan']);
  });

  it('finds the module in a chunk the bundler wrapped it in, or loads the page again when it cannot', async () => {
    const hasDefault = (m: unknown) => typeof m === 'object' && m !== null && 'default' in m;
    const namespace = { default: 'page' };
    expect(moduleOf(namespace, hasDefault)).toBe(namespace);
    expect(moduleOf({ n: namespace, t: () => 'page' }, hasDefault)).toBe(namespace);
    expect(moduleOf({ a: 1 }, hasDefault)).toBeUndefined();
    const { deps, seen } = browser({ chunk: { a: 1 } });
    const loader = loadAgain(() => Promise.reject(chromium()), { deps });
    await expect(loader()).rejects.toThrow();
    void loader();
    await new Promise((done) => setTimeout(done, 10));
    expect(seen).toContain('reload');
  });
});
