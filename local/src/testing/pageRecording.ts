import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

/** What the page's origin keeps in Cache Storage: each cache's addresses, with the saved answer's status, time and size. */
export interface CacheContents {
  [cacheName: string]: { url: string; status: number; savedAt: string | null; bytes: number }[];
}

/** Every cache of the page's origin (the service worker's too), read in the page. */
export const cacheContents = (page: Page): Promise<CacheContents> =>
  page.evaluate(async () => {
    const contents: Record<string, { url: string; status: number; savedAt: string | null; bytes: number }[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      contents[name] = await Promise.all(
        (await cache.keys()).map(async (request) => {
          const saved = await cache.match(request, { ignoreVary: true });
          return {
            url: request.url,
            status: saved?.status ?? 0,
            savedAt: saved?.headers.get('X-Saved-At') ?? null,
            bytes: saved ? (await saved.clone().arrayBuffer()).byteLength : 0,
          };
        }),
      );
    }
    return contents;
  });

/**
 * Records a browser test's pages for when it fails: what each page logged, the requests that failed (the
 * service worker's too) and, on failure, each open page's address, HTML, screenshot, Cache Storage and
 * service worker, with any snapshot taken along the way (`snapshot`, e.g. the caches before a browser
 * closed). Nothing is written unless `failed` is called: then a folder under the system's temporary
 * directory, whose path is printed.
 */
export function pageRecording(name: string) {
  const log: string[] = [];
  const snapshots: Record<string, unknown> = {};
  const started = Date.now();
  const note = (line: string) => log.push(`${((Date.now() - started) / 1000).toFixed(2)}s ${line}`);
  return {
    note,
    /** Logs what the context's pages print, their uncaught errors, and failed requests (the worker's included). */
    watch(context: BrowserContext, label: string) {
      context.on('console', (message) => note(`[${label}${message.worker() ? ' worker' : ''}] console.${message.type()}: ${message.text()}`));
      context.on('weberror', (error) => note(`[${label}] uncaught: ${error.error().message}`));
      context.on('requestfailed', (request) => note(`[${label}] request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
      context.on('response', (response) => {
        const request = response.request();
        if (!request.url().includes('/api/')) return;
        const by = request.serviceWorker() ? ' (the worker’s request)' : response.fromServiceWorker() ? ' (answered by the worker)' : '';
        note(`[${label}] ${request.method()} ${request.url()} → ${response.status()}${by}`);
      });
    },
    /** Keeps `value` (read now) for the recording, written only should the test fail. */
    async snapshot(label: string, read: () => Promise<unknown>) {
      snapshots[label] = await read().catch((error: unknown) => `could not be read: ${error}`);
    },
    /** Writes the recording of `pages` (which must still be open) and rethrows `error`. */
    async failed(error: unknown, pages: Page[]): Promise<never> {
      const folder = mkdtempSync(join(tmpdir(), `${name}-failed-`));
      for (const [index, page] of pages.entries()) {
        const dir = join(folder, `page-${index + 1}`);
        mkdirSync(dir);
        const read = async <T>(what: () => Promise<T>) => what().catch((failure: unknown) => `could not be read: ${failure}`);
        writeFileSync(join(dir, 'url.txt'), page.url());
        writeFileSync(join(dir, 'page.html'), String(await read(() => page.content())));
        await page.screenshot({ path: join(dir, 'screenshot.png'), fullPage: true }).catch(() => undefined);
        const state = {
          caches: await read(() => cacheContents(page)),
          serviceWorker: await read(() =>
            page.evaluate(async () => ({
              controller: navigator.serviceWorker?.controller?.scriptURL ?? null,
              registrations: (await navigator.serviceWorker?.getRegistrations())?.map((r) => ({ scope: r.scope, active: r.active?.state ?? null })),
            })),
          ),
          localStorage: await read(() => page.evaluate(() => Object.fromEntries(Object.entries(localStorage).map(([k, v]) => [k, v.slice(0, 200)])))),
        };
        writeFileSync(join(dir, 'state.json'), JSON.stringify(state, null, 2));
      }
      writeFileSync(join(folder, 'snapshots.json'), JSON.stringify(snapshots, null, 2));
      writeFileSync(join(folder, 'log.txt'), `${error instanceof Error ? error.stack : String(error)}\n\n${log.join('\n')}\n`);
      console.error(`${name} failed: recorded in ${folder}`);
      throw error;
    },
  };
}
