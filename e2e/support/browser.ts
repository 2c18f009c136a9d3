import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { chromiumArgs, chromiumPath } from '@movers/local/src/testing/chromium.ts';
import { watchAnswers } from './openapi.ts';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const CHROMIUM = chromiumPath;

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
}

export const webOrigin = () => inject('webOrigin');

/**
 * Console errors, React warnings and uncaught exceptions of every page the tests open (popups included). A screen in
 * normal use logs none: `assertQuietConsole` (run after each test by support/setup.ts) fails the test
 * that caused one. A test that provokes an error on purpose (a 403, a 404) says so with `allowConsoleErrors`.
 */
const logged: string[] = [];
let allowed: RegExp[] = [];

function watch(page: Page) {
  // Only the portal's own pages: the sign-in popup spends most of its life at the identity provider.
  const ours = () => page.url().startsWith(webOrigin());
  page.on('console', (message) => {
    // React's warnings ('Warning: …', on console.error or console.warn) count as errors: a key spread into
    // JSX or a `ref` read as a prop is a bug even when the screen looks right. The production build the
    // tests run prints none; a development build would (web/test/reactWarnings.test.tsx checks that way).
    const reactWarning = message.type() === 'warning' && /^Warning: /.test(message.text());
    if ((message.type() !== 'error' && !reactWarning) || !ours()) return;
    const where = message.location()?.url;
    logged.push(`${message.text()}${where ? ` (${where})` : ''}`);
  });
  page.on('pageerror', (error) => {
    if (ours()) logged.push(`uncaught ${error.name}: ${error.message} (${page.url()})`);
  });
}

/** Lets the current test log console errors matching one of the patterns (e.g. the 403 it provokes). */
export function allowConsoleErrors(...patterns: RegExp[]) {
  allowed.push(...patterns);
}

/** Fails with every unexpected console error since the last call; forgets the allowances. */
export function assertQuietConsole() {
  const unexpected = logged.filter((line) => !allowed.some((pattern) => pattern.test(line)));
  logged.length = 0;
  allowed = [];
  expect(unexpected, `console errors or uncaught exceptions in the page:\n${unexpected.join('\n')}\n`).toEqual([]);
}

/** A fresh browser profile whose console errors and page failures make the test fail. */
export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
  options: { locale?: string; serviceWorkers?: 'allow' | 'block'; deviceScaleFactor?: number; timezoneId?: string } = {},
): Promise<Page> {
  // Reduced motion: Fluent's fade-ins would otherwise be caught half-transparent by the contrast check.
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport, reducedMotion: 'reduce', ...options });
  context.on('page', watch);
  // Every API answer its pages receive is held to the served OpenAPI document (support/openapi.ts).
  watchAnswers(context);
  return context.newPage();
}

/**
 * Signs in the way a person does: the sign-in button opens MSAL's popup at the identity provider,
 * where the account is picked. Resolves when the app has left the sign-in page.
 */
export async function signIn(
  browser: Browser,
  account: string,
  options: { viewport?: { width: number; height: number }; page?: Page; at?: string } = {},
): Promise<Page> {
  const page = options.page ?? (await newPage(browser, options.viewport));
  // `at`: the address first opened while signed out (a deep link); the portal shows the sign-in page there.
  await page.goto(`${webOrigin()}${options.at ?? '/'}`);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: new RegExp(account.replace(/[.]/g, '\\.')) }).click();
  await page.waitForURL((url) => url.pathname !== '/', { timeout: 30_000 });
  return page;
}

/**
 * Waits for the page's running animations that end (a panel sliding in, a dialog fading in) to end: a colour
 * judged halfway through a fade is not the one a person reads. A spinner's endless one is left running; a
 * frame first, so an animation the last action started has begun; at most 2 s.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const ending = document.getAnimations().filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime));
    await Promise.race([Promise.allSettled(ending.map((animation) => animation.finished)), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
}

/** Runs axe-core in the page; serious or critical violations fail the test with their rule ids. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  });
  expect(violations, `accessibility of ${label}`).toEqual([]);
}

/** Visible text of links, without the icon font's private-use glyphs. */
export const linkTexts = async (locator: import('playwright-core').Locator) =>
  (await locator.allTextContents()).map((t) => t.replace(/[\uE000-\uF8FF]/g, '').trim());

/** Polls with room for a busy machine (the default is one second). */
/** The choice a native <select> shows (a row's plain control: its innerText would be every option). */
export const shownChoice = (select: import('playwright-core').Locator) =>
  select.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.text ?? '');

export const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });

/** Waits for a client-side navigation to reach a path. */
export async function expectPath(page: Page, path: string) {
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe(path);
}

/**
 * Makes the page behave like a browser that keeps a failed module fetch for the document's life (every
 * browser did until recently; Chromium stopped between 150 and 156): a script address whose fetch failed
 * fails again at once, however often it is imported, until the page loads a new document. The same file
 * under another address (with a query) goes through. Returns the addresses that failed so far.
 */
export async function keepFailedModuleFetches(page: Page): Promise<Set<string>> {
  const failed = new Set<string>();
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) failed.clear();
  });
  page.on('requestfailed', (request) => {
    if (request.resourceType() === 'script') failed.add(request.url());
  });
  // Registered first, so a test's own routes (offline) run before it.
  await page.route(
    (url) => failed.has(url.href),
    (route) => (route.request().resourceType() === 'script' ? route.abort() : route.fallback()),
  );
  return failed;
}
