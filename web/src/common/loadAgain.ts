/**
 * Code loaded on demand (a screen's chunk, the editor, the floor plan's zoom) that failed to load
 * (offline, a dropped connection) must load when asked again, in every browser. Browsers long kept a
 * failed module fetch in the page's module map for the document's life (Chromium until 150 or so, and
 * others): every `import()` of that address then fails again at once. So a loader that failed tries, the
 * next time it is called:
 *
 * 1. the same `import()` again (a browser that retries failed fetches loads it; one that does not fails at once);
 * 2. the failed chunk under an address the browser has not seen: the same file with `?retry=N` (the
 *    address is read from the error: Chromium's and Firefox's name it; the service worker serves it
 *    from its precache, sw.ts);
 * 3. when that fails too (a chunk it imports is stuck under its own address) or the address is unknown
 *    (Safari names none), and the server answers (not still offline): the page at the same address,
 *    loaded again, which starts with an empty module map. Once per address a minute, so a chunk that
 *    cannot load shows its failure instead of reloading again and again.
 */

/** The query parameter of a chunk loaded again; the service worker's precache ignores it. */
export const RETRY_PARAMETER = 'retry';

/**
 * The script address a failed dynamic import names in its message (without a query), if it names one.
 * Never one of its stack: that is the importer's address (importing the app's entry again would start it twice).
 */
export function failedModuleUrl(error: unknown): string | undefined {
  const text = error instanceof Error ? error.message : String(error);
  const match = /(https?:\/\/[^\s'"()]+?\.m?[jt]sx?)(?:\?[^\s'"()]*)?(?=$|[\s'"()])/m.exec(text);
  return match?.[1];
}

/** Retry counts per chunk address, shared by every loader of that chunk, so they share its new address too. */
const attempts = new Map<string, number>();

const RELOADED_KEY = 'movers:reloadedFor';
const RELOAD_GUARD_MS = 60_000;

export interface LoadAgainDeps {
  importUrl(url: string): Promise<unknown>;
  /** Whether the server answers for the address (a HEAD request past the HTTP cache). */
  reachable(url: string): Promise<boolean>;
  reload(): void;
  storage(): Pick<Storage, 'getItem' | 'setItem'> | undefined;
  here(): string;
  now(): number;
}

const browserDeps: LoadAgainDeps = {
  importUrl: (url) => import(/* @vite-ignore */ url),
  reachable: (url) =>
    fetch(url, { method: 'HEAD', cache: 'no-store' }).then(
      (response) => response.ok,
      () => false,
    ),
  reload: () => window.location.reload(),
  storage: () => {
    try {
      return window.sessionStorage;
    } catch {
      return undefined;
    }
  },
  here: () => window.location.href,
  now: () => Date.now(),
};

const hasDefault = (module: unknown) => typeof module === 'object' && module !== null && 'default' in module;

/**
 * What `import()` of the module gives, from what importing its chunk gave: the chunk itself, or, where
 * the bundler wrapped it (a module imported both statically and on demand is exported by its chunk as
 * one object; a CommonJS package as its `default`), the one export that has the module's shape.
 */
export function moduleOf(chunk: unknown, fits: (module: unknown) => boolean): unknown {
  if (fits(chunk)) return chunk;
  if (typeof chunk !== 'object' || chunk === null) return undefined;
  const candidates = Object.values(chunk).filter(fits);
  return candidates.length === 1 ? candidates[0] : undefined;
}

const loaders = new WeakSet<() => Promise<unknown>>();

/**
 * `load` (a `() => import('./X')`), made to load again after a failure in any browser (see above).
 * Share the returned loader between everything that loads the same code (a prefetch and the page).
 */
export function loadAgain<T>(load: () => Promise<T>, options: { fits?(module: unknown): boolean; deps?: LoadAgainDeps } = {}): () => Promise<T> {
  if (loaders.has(load)) return load;
  const { fits = hasDefault, deps = browserDeps } = options;
  /** The chunk's address, as the failure of `load` named it. */
  let failedUrl: string | undefined;
  let failedBefore = false;
  const remember = (error: unknown) => {
    failedBefore = true;
    failedUrl = failedModuleUrl(error) ?? failedUrl;
    throw error;
  };

  const underNewAddress = async (error: unknown): Promise<T> => {
    failedUrl = failedModuleUrl(error) ?? failedUrl;
    const url = failedUrl;
    if (!url || !/\.m?js$/.test(new URL(url).pathname)) return reloadOrFail(error, undefined);
    const attempt = (attempts.get(url) ?? 0) + 1;
    attempts.set(url, attempt);
    const fresh = `${url}?${RETRY_PARAMETER}=${attempt}`;
    let chunk: unknown;
    try {
      chunk = await deps.importUrl(fresh);
    } catch (again) {
      return reloadOrFail(again, fresh);
    }
    const module = moduleOf(chunk, fits);
    // A chunk whose exports are not the module's (the bundler's own wrapping): the page is loaded again.
    return module === undefined ? reloadOrFail(error, fresh) : (module as T);
  };

  const reloadOrFail = async (error: unknown, probe: string | undefined): Promise<T> => {
    const here = deps.here();
    // Still offline: the failure shows, and the next 'try again' starts over.
    if (!(await deps.reachable(probe ?? here))) throw error;
    const key = `${here} ${failedUrl ?? ''}`;
    const storage = deps.storage();
    // Without a place to remember it, a reload could repeat for ever.
    if (!storage) throw error;
    const last = storage.getItem(RELOADED_KEY);
    if (last) {
      const [at, ...rest] = last.split(' ');
      if (rest.join(' ') === key && deps.now() - Number(at) < RELOAD_GUARD_MS) throw error;
    }
    try {
      storage.setItem(RELOADED_KEY, `${deps.now()} ${key}`);
    } catch {
      throw error;
    }
    deps.reload();
    // The page is going: stay 'loading' until it has.
    return new Promise<T>(() => undefined);
  };

  const loader = (): Promise<T> => (failedBefore ? load().catch(underNewAddress) : load().catch(remember));
  loaders.add(loader);
  return loader;
}
