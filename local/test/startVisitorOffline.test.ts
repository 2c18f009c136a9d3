import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededPerson } from '../src/seedPlanner.ts';
import { chromiumArgs, chromiumPath } from '../src/testing/chromium.ts';
import { cacheContents, pageRecording } from '../src/testing/pageRecording.ts';
import { type StackProcess, startStackProcess } from '../src/testing/stackProcess.ts';

// What a new engineer does: `npm start`, open the visitor address it prints, visit once, cut the network,
// open the page again. The address must serve the visitor build with its service worker (as Static Web
// Apps does), not Vite's dev server, which registers none (issue 39).
const dataDir = mkdtempSync(join(tmpdir(), 'movers-start-visitor-'));
let stack: StackProcess;
const profile = mkdtempSync(join(tmpdir(), 'movers-start-phone-'));

/** A phone's browser on a profile kept across launches; `offline`: a proxy nobody listens on, so no request reaches a server. */
const openPhone = (offline: boolean): Promise<BrowserContext> =>
  chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    // Loopback included: Chromium bypasses a proxy for it by default.
    args: [...chromiumArgs, ...(offline ? ['--proxy-server=http://127.0.0.1:9', '--proxy-bypass-list=<-loopback>'] : [])],
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
  });
const firstPage = async (context: BrowserContext): Promise<Page> => context.pages()[0] ?? (await context.newPage());
let visitorAddress: string;
/** Ola Nordmann's personal link (his seat letter's), printed by `npm start`. */
let personalLink: string;
/** Ola Nordmann (local/src/seedMoveDay.ts), seated on the demo move. */
const DEMO_PERSON = seededPerson(1);

beforeAll(async () => {
  // The first start may build the visitor site (once; again only when its sources change).
  stack = await startStackProcess(dataDir, 300_000);
  // Printed a moment after 'The portal is running'.
  let printed: RegExpExecArray | null = null;
  for (let waited = 0; !printed && waited < 5_000; waited += 100) {
    printed = /Visitor site of the demo move: (\S+)/.exec(stack.output());
    if (!printed) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!printed) throw new Error(`no visitor address printed:\n${stack.output()}`);
  visitorAddress = printed[1];
  let link: RegExpExecArray | null = null;
  for (let waited = 0; !link && waited < 10_000; waited += 100) {
    link = /personal link\): (\S+)/.exec(stack.output());
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!link) throw new Error(`no personal link printed:\n${stack.output()}`);
  personalLink = link[1];
}, 320_000);

afterAll(async () => {
  rmSync(profile, { recursive: true, force: true });
  if (stack && stack.child.exitCode === null && stack.child.signalCode === null) stack.child.kill('SIGTERM');
  await stack?.exited;
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('npm start serves the visitor site as deployed, service worker included', () => {
  it('answers the printed visitor address with the built page and its worker', async () => {
    const page = await fetch(visitorAddress, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('/@vite/client');
    expect(html).toMatch(/<script type="module"[^>]* src="\/assets\/[^"]+\.js"/);
    // The headers of staticwebapp.config.json, the CSP with the local stack's origins.
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");

    const worker = await fetch(new URL('/sw.js', visitorAddress));
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(await worker.text()).toContain('visitor.html');

    // The admin app stays on the dev server.
    const admin = await fetch(new URL('/', visitorAddress), { headers: { Accept: 'text/html' } });
    expect(await admin.text()).toContain('/@vite/client');
  });

  it('is controlled by the service worker after a visit, and opens again offline', async () => {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(visitorAddress);
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, undefined, {
        timeout: 30_000,
      });
      await context.setOffline(true);
      const again = await page.reload();
      expect(again?.status()).toBe(200);
      expect(await page.evaluate(() => document.documentElement.innerHTML)).toContain('/assets/');
      await context.close();
    } finally {
      await browser.close();
    }
  }, 60_000);

  // Issue 45: Vite's dev server answers `/config.json` with `Vary: Origin`; the copy the worker saved as it
  // installed (its own request, no Origin) missed the page's preload (with one), and a phone that had
  // visited got 'The site is not available right now' once the network was gone.
  it('opens the move, the timeline, the seat, the person’s page and the personal link in a browser reopened with no network', async () => {
    // Should it fail: the pages, what they and the worker logged, and the caches (issue 55).
    const recording = pageRecording('start-visitor-offline');
    const online = await openPhone(false);
    recording.watch(online, 'online');
    try {
      const page = await firstPage(online);
      await page.goto(personalLink);
      await page.getByRole('heading', { level: 1, name: 'Min flytting' }).waitFor({ timeout: 30_000 });
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
      const nav = page.getByRole('navigation', { name: 'Hovedmeny' });
      await nav.getByRole('link', { name: 'Tidslinje' }).click();
      await page.getByRole('heading', { level: 2, name: 'Flyttehelgen' }).waitFor();
      await nav.getByRole('link', { name: 'Min flytting' }).click();
      await page.getByRole('heading', { name: 'Plassen din' }).waitFor();
      // Kept for offline once the worker controls the page: every page's content, the floors and their images.
      // Polled from here: `waitForFunction` takes the promise an async check returns for a truthy answer, so
      // this check never waited, and the browser could close before the worker had kept the timeline (issue 55).
      await expect
        .poll(
          () =>
            page.evaluate(async () => {
              const cache = await caches.open('visit:aurora-hq');
              const saved = (await cache.keys()).map((r) => r.url);
              const missing = ['/floors', '/timeline', '/me'].filter((part) => !saved.some((url) => url.endsWith(part)));
              const floors = saved.find((url) => url.endsWith('/floors'));
              if (!floors) return missing;
              // Every floor's image, not only the first one kept.
              const plan = (await (await cache.match(floors, { ignoreVary: true }))?.json()) as { floors: { image: { url: string } }[] };
              return [...missing, ...plan.floors.map((floor) => floor.image.url).filter((url) => !saved.some((address) => address.endsWith(url)))];
            }),
          { timeout: 30_000, interval: 250 },
        )
        .toEqual([]);
      // A phone evicts its HTTP cache long before the site's saved copies.
      await (await online.newCDPSession(page)).send('Network.clearBrowserCache');
      await recording.snapshot('caches as the online browser closed', () => cacheContents(page));
    } catch (error) {
      await recording.failed(error, online.pages());
    } finally {
      await online.close();
    }

    const offline = await openPhone(true);
    recording.watch(offline, 'offline');
    try {
      const page = await firstPage(offline);
      await page.goto(visitorAddress);
      await page.getByRole('heading', { level: 1, name: 'Aurora HQ Bjørvika' }).waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('nb');
      expect(
        await page.evaluate(() =>
          fetch('/admin', { cache: 'no-store' }).then(
            () => 'reached',
            () => 'failed',
          ),
        ),
      ).toBe('failed');
      await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Tidslinje' }).click();
      await page.getByRole('heading', { level: 1, name: 'Tidslinje' }).waitFor();
      // The timeline's own events (the person's wave has a heading of the same level above them).
      await page.getByRole('heading', { level: 2, name: 'Flyttehelgen' }).waitFor();
      await page.getByText('Flyttebyrået kommer', { exact: true }).waitFor();

      const tab = await offline.newPage();
      await tab.goto(`${visitorAddress}/seat/${DEMO_PERSON}`);
      await tab
        .getByRole('button', { name: /Ola Nordmann/ })
        .first()
        .waitFor({ timeout: 30_000 });
      await tab.goto(`${visitorAddress}/me`);
      await tab.getByRole('heading', { level: 1, name: 'Min flytting' }).waitFor({ timeout: 30_000 });
      await tab.getByText('Hei, Ola Nordmann').waitFor();
      await tab.goto(personalLink);
      await tab.getByRole('heading', { level: 1, name: 'Min flytting' }).waitFor({ timeout: 30_000 });
      await tab.getByText('Hei, Ola Nordmann').waitFor();
    } catch (error) {
      await recording.failed(error, offline.pages());
    } finally {
      await offline.close();
    }
  }, 180_000);
});
