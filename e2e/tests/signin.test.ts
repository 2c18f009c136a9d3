import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowConsoleErrors, expectAccessible, expectPath, launch, linkTexts, newPage, signIn, webOrigin } from '../support/browser.ts';
import { CLIENT_A_ID as CLIENT_A, CLIENT_B_ID as CLIENT_B } from '@movers/local/src/directory.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('sign-in and landing pages', () => {
  it('shows one sign-in button to a visitor, and sends /admin back to it', async () => {
    const page = await newPage(browser);
    const scripts: Promise<string>[] = [];
    const collect = (response: Response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    };
    page.on('response', collect);
    await page.goto(`${webOrigin()}/`);
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    // The sign-in page's own, read before the page goes on (a body asked for after its page closed is refused).
    page.off('response', collect);
    // The routes' contracts (every screen's calls and their schemas) come with the screens, not with the
    // sign-in page's first download (its budget: docs/performance.md).
    expect((await Promise.all(scripts)).join('\n')).not.toContain('clients-create');
    await expectAccessible(page, 'sign-in page');
    await page.goto(`${webOrigin()}/admin/clients`);
    await expectPath(page, `/`);
    await page.context().close();
  });

  it('lands an internal super user on the admin dashboard, with the side menu and their name and photo', async () => {
    const page = await signIn(browser, 'super@movers.test');
    await expectPath(page, `/admin`);
    await page.getByRole('heading', { name: 'dashboard' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'main menu' });
    await expect.poll(() => linkTexts(menu.getByRole('link'))).toEqual(['dashboard', 'clients', 'locations', 'users', 'templates']);
    expect(await menu.evaluate((el) => el.getBoundingClientRect().width)).toBe(220);
    await page.getByText('Sara Super').first().waitFor();
    await expect.poll(() => page.locator('header img').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'admin dashboard');
    await page.context().close();
  });

  it("asks only for the API's scope at sign-in, not the document store's (Graph) one", async () => {
    const page = await newPage(browser);
    const asked: string[] = [];
    page.context().on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/auth') || url.pathname.endsWith('/authorize')) asked.push(url.searchParams.get('scope') ?? '');
    });
    await signIn(browser, 'staff@movers.test', { page });
    await expectPath(page, `/admin`);
    expect(asked.length).toBeGreaterThan(0);
    for (const scope of asked) {
      expect(scope).toContain('/access_as_user');
      // In a tenant where users may not consent to Graph permissions, asking here stops every sign-in.
      expect(scope).not.toContain('graph.microsoft.com');
    }
    await page.context().close();
  });

  it('lands an internal user on the admin dashboard and signs out through the user menu', async () => {
    const page = await signIn(browser, 'staff@movers.test');
    await expectPath(page, `/admin`);
    await page.getByRole('button', { name: 'Stian Staff user menu' }).click();
    await page.getByRole('menuitem', { name: 'sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 30_000 });
    await page.goto(`${webOrigin()}/admin`);
    await expectPath(page, `/`);
    await page.context().close();
  });

  it("lands an External user on their client's dashboard, with no admin menu entries", async () => {
    const page = await signIn(browser, 'ext-a@client-a.test');
    await expectPath(page, `/admin/clients/${CLIENT_A}`);
    await page.getByRole('heading', { name: 'Aurora Shipping AS' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'main menu' });
    await expect.poll(() => linkTexts(menu.getByRole('link'))).toEqual(['dashboard']);
    expect(await page.getByRole('link', { name: 'edit client' }).count()).toBe(0);
    await expectAccessible(page, 'client dashboard (External)');

    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_B}`);
    await page.getByText('restricted access').waitFor();
    await page.goto(`${webOrigin()}/admin/clients`);
    await page.getByText('restricted access').waitFor();
    await expectAccessible(page, 'restricted access');
    await page.context().close();
  });

  it('lands an External user without a client on NO_CLIENT with a sign-out button', async () => {
    const page = await signIn(browser, 'ext-none@client-c.test');
    await expectPath(page, `/admin/no-client`);
    await page.getByRole('heading', { name: 'no assigned client' }).waitFor();
    await expectAccessible(page, 'no client');
    await page.getByRole('button', { name: 'sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 30_000 });
    await page.context().close();
  });

  it("shows the visitor site's not-found page for unknown paths (they are move paths), and 'Not Found!' for /404", async () => {
    const page = await newPage(browser);
    allowConsoleErrors(/status of 404/);
    await page.goto(`${webOrigin()}/no/such/page`);
    await page.getByRole('heading', { name: 'We could not find that page' }).waitFor();
    await expectAccessible(page, 'not found');
    await page.goto(`${webOrigin()}/404`);
    await page.getByRole('heading', { name: 'Not Found!' }).waitFor();
    await page.context().close();
  });
});
