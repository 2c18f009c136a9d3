import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectPath, launch, newPage, signIn, webOrigin } from '../support/browser.ts';
import { CLIENT_A_ID as CLIENT_A, CLIENT_B_ID as CLIENT_B } from '@movers/local/src/directory.ts';
import { DEMO_MOVE, demoMoveScreen } from '../support/demoMove.ts';

const PROJECT = `${CLIENT_A}_b0000000-0000-4000-8000-000000000001`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('signing in and out', () => {
  it('opens a new popup at once when the first one was closed without choosing an account', async () => {
    const page = await newPage(browser);
    await page.goto(`${webOrigin()}/`);
    const first = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const popup = await first;
    await popup.getByRole('button', { name: /staff@movers\.test/ }).waitFor();
    await popup.close();
    // MSAL would wait a minute for the closed popup; the button must not.
    const second = page.waitForEvent('popup', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Sign in' }).click();
    const again = await second;
    await again.getByRole('button', { name: /staff@movers\.test/ }).click();
    await expectPath(page, '/admin');
    await page.context().close();
  });

  it('says how to allow popups when the browser blocks the sign-in window, and signs in once they are allowed', async () => {
    const page = await newPage(browser);
    // A popup blocker: window.open answers null until the test lets popups through.
    await page.addInitScript(() => {
      const open = window.open.bind(window);
      const w = window as unknown as { popupsAllowed?: boolean };
      window.open = (...args: Parameters<typeof window.open>) => (w.popupsAllowed ? open(...args) : null);
    });
    await page.goto(`${webOrigin()}/`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const message = page.getByRole('alert');
    await message.getByText(/blocked the sign-in window/).waitFor();
    expect(await message.textContent()).toMatch(/allow pop-ups for this site/i);
    await expectAccessible(page, 'sign-in page, popup blocked');
    await page.evaluate(() => {
      (window as unknown as { popupsAllowed: boolean }).popupsAllowed = true;
    });
    const popup = page.waitForEvent('popup', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await (await popup).getByRole('button', { name: /staff@movers\.test/ }).click();
    await expectPath(page, '/admin');
    await page.context().close();
  });

  it('signs out every tab when one tab signs out', async () => {
    const page = await signIn(browser, 'staff@movers.test');
    const other = await page.context().newPage();
    await other.goto(`${webOrigin()}/admin/clients`);
    await other.getByRole('heading', { name: 'clients', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Stian Staff user menu' }).click();
    await page.getByRole('menuitem', { name: 'sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 30_000 });
    await other.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 30_000 });
    expect(new URL(other.url()).pathname).toBe('/');
    expect(await other.getByText(/failed to fetch/).count()).toBe(0);
    await page.context().close();
  });
});

describe('a screen opened again', () => {
  it("asks for its reads beside the session's check, for the user the last check answered, and not after signing out", async () => {
    const page = await signIn(browser, 'staff@movers.test');
    // The check's answer kept, once signed in.
    await page.waitForFunction(() => localStorage.getItem('movers.lastUser') !== null);
    // The session's check answered late, as on a slow network: the screen's read leaves before its answer.
    const seen: string[] = [];
    await page.route('**/api/v1/users/me', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      seen.push('checked');
      await route.continue();
    });
    const wavesRead = `/api/v1/moves/${DEMO_MOVE}/waves`;
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === wavesRead) seen.push('waves read');
      if (pathname === '/api/v1/users/me') seen.push('check asked');
    });
    await page.goto(`${webOrigin()}${demoMoveScreen('waves')}`);
    await page.getByRole('heading', { name: /waves/i, level: 1 }).waitFor({ timeout: 30_000 });
    // The check asked first (the API answers in order: behind a board's large reads it came last), the
    // screen's read beside it, before its answer.
    expect(seen.slice(0, 3)).toEqual(['check asked', 'waves read', 'checked']);
    // Read once: the screen took the answer asked for early.
    expect(seen.filter((s) => s === 'waves read')).toHaveLength(1);

    // Signed out, nothing is kept of the user: the next visit waits for its check.
    await page.getByRole('button', { name: 'Stian Staff user menu' }).click();
    await page.getByRole('menuitem', { name: 'sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('movers.lastUser'))).toBeNull();
    await page.context().close();
  });
});

describe('deep links', () => {
  it('returns a signed-out user to the address they opened, after signing in', async () => {
    const address = `/admin/clients/${CLIENT_A}/${PROJECT}/brokering-dashboard`;
    const page = await signIn(browser, 'staff@movers.test', { at: address });
    await expectPath(page, address);
    await page.getByRole('heading', { name: 'Aurora HQ relocation', level: 1 }).waitFor();
    await page.context().close();
  });

  it('lands on the landing page instead when the user may not see the address', async () => {
    const page = await signIn(browser, 'ext-a@client-a.test', { at: `/admin/clients/${CLIENT_B}` });
    await expectPath(page, `/admin/clients/${CLIENT_A}`);
    await page.getByRole('heading', { name: 'Aurora Shipping AS', level: 1 }).waitFor();
    await page.context().close();
  });
});
