import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectPath, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { CLIENT_A_ID as CLIENT_A } from '@movers/local/src/directory.ts';

const PHONE = { width: 390, height: 844 };
const PROJECT = `${CLIENT_A}_b0000000-0000-4000-8000-000000000001`;

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'staff@movers.test', { viewport: PHONE });
});
afterAll(async () => {
  await browser?.close();
});

/** How far the page itself scrolls sideways: 0 when everything fits or scrolls inside its own box. */
const sidewaysOverflow = () => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

describe('at a phone width (390 px)', () => {
  it('shows the clients list without sideways scrolling; wide tables scroll in their own box', async () => {
    await page.goto(`${webOrigin()}/admin/clients`);
    const grid = page.getByRole('grid', { name: 'clients' });
    await grid.getByRole('link', { name: 'Aurora Shipping AS' }).waitFor();
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
    const addClient = await page.getByRole('link', { name: 'add client' }).boundingBox();
    expect(addClient!.x + addClient!.width).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'clients list on a phone');
  });

  it('keeps the menu behind a menu button, which opens it and closes it on navigation', async () => {
    await page.goto(`${webOrigin()}/admin/clients`);
    await page.getByRole('heading', { name: 'clients', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'main menu' });
    expect(await nav.count()).toBe(0);
    const button = page.getByRole('button', { name: 'menu', exact: true });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    await nav.getByRole('link', { name: /locations/ }).waitFor();
    // By CSS: the open panel hides the page behind it from assistive technology (and from getByRole).
    expect(await page.locator('header button[aria-label="menu"]').getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page, 'menu open on a phone');
    await nav.getByRole('link', { name: /locations/ }).click();
    await expectPath(page, '/admin/locations');
    await poll(() => nav.count()).toBe(0);
  });

  it('shows a form without sideways scrolling', async () => {
    await page.goto(`${webOrigin()}/admin/clients/add-client`);
    await page.getByRole('form', { name: 'add client' }).waitFor();
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/create-lease`);
    await page.getByRole('form', { name: 'create lease' }).waitFor();
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
  });

  it('shows the client and brokering dashboards without sideways scrolling', async () => {
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}`);
    await page.getByRole('grid', { name: 'leases' }).waitFor();
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'client dashboard on a phone');
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/${PROJECT}/brokering-dashboard`);
    await page.getByRole('tree', { name: 'Contracts' }).waitFor();
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
  });
});
