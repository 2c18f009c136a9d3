import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export const webOrigin = () => inject('webOrigin');

/** A fresh browser profile whose page failures make the test fail loudly. */
export async function newPage(browser: Browser): Promise<Page> {
  // Reduced motion: Fluent's fade-ins would otherwise be caught half-transparent by the contrast check.
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  return page;
}

/**
 * Signs in the way a person does: the sign-in button opens MSAL's popup at the identity provider,
 * where the account is picked. Resolves when the app has left the sign-in page.
 */
export async function signIn(browser: Browser, account: string): Promise<Page> {
  const page = await newPage(browser);
  await page.goto(`${webOrigin()}/`);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: new RegExp(account.replace(/[.]/g, '\\.')) }).click();
  await page.waitForURL((url) => url.pathname !== '/', { timeout: 30_000 });
  return page;
}

/** Runs axe-core in the page; serious or critical violations fail the test with their rule ids. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  await page.waitForTimeout(400); // let entrance animations settle
  await page.evaluate(axeSource);
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
export const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });

/** Waits for a client-side navigation to reach a path. */
export async function expectPath(page: Page, path: string) {
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe(path);
}
