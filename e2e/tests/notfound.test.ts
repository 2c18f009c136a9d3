import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowConsoleErrors, expectAccessible, expectPath, launch, signIn, webOrigin } from '../support/browser.ts';
import { CLIENT_A_ID as CLIENT_A } from '@movers/local/src/directory.ts';

const NO_LEASE = `${CLIENT_A}_e0000000-0000-4000-8000-0000000000ff`;
const NO_PROJECT = `${CLIENT_A}_b0000000-0000-4000-8000-0000000000ff`;

let browser: Browser;
let staff: Page;
beforeAll(async () => {
  browser = await launch();
  staff = await signIn(browser, 'staff@movers.test');
});
afterAll(async () => {
  await browser?.close();
});

/** The one not-found view: inside the frame (top bar, menu), with a breadcrumb link to the parent. */
async function expectNotFound(page: Page, parent: { text: string; href: string }) {
  await page.getByRole('heading', { name: 'Not Found!', level: 1 }).waitFor();
  expect(await page.getByRole('banner').count()).toBe(1);
  expect(await page.getByRole('navigation', { name: 'main menu' }).count()).toBe(1);
  const crumb = page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name: parent.text });
  await crumb.waitFor();
  expect(await crumb.getAttribute('href')).toBe(parent.href);
  expect(await page.getByText(/failed to fetch/).count()).toBe(0);
}

describe('records that do not exist', () => {
  const clientCrumb = { text: 'Aurora Shipping AS', href: `/admin/clients/${CLIENT_A}` };

  it('shows one not-found view for an unknown lease, brokering project and location, with the way back to the client', async () => {
    allowConsoleErrors(/status of 404/);
    for (const path of [
      `/admin/clients/${CLIENT_A}/${NO_LEASE}/reminders`,
      `/admin/clients/${CLIENT_A}/${NO_LEASE}/edit-lease`,
      `/admin/clients/${CLIENT_A}/${NO_PROJECT}/brokering-dashboard`,
      `/admin/clients/${CLIENT_A}/${NO_PROJECT}/timeline`,
      `/admin/clients/${CLIENT_A}/locations/no-such-location`,
    ]) {
      await staff.goto(`${webOrigin()}${path}`);
      await expectNotFound(staff, clientCrumb);
    }
    await expectAccessible(staff, 'not-found view of a record');
    await staff.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name: 'Aurora Shipping AS' }).click();
    await expectPath(staff, `/admin/clients/${CLIENT_A}`);
  });

  it('shows it for an unknown client and user, with the way back to their list', async () => {
    allowConsoleErrors(/status of 404/);
    await staff.goto(`${webOrigin()}/admin/clients/no-such-client`);
    await expectNotFound(staff, { text: 'clients', href: '/admin/clients' });
    await staff.goto(`${webOrigin()}/admin/users/no-such-user`);
    await expectNotFound(staff, { text: 'users', href: '/admin/users' });
  });

  it("keeps 'failed to fetch ...' for real failures, with a retry that loads the record", async () => {
    allowConsoleErrors(/status of 503/);
    let refuse = true;
    await staff.route(`**/api/v1/clients/${CLIENT_A}`, (route) => (refuse ? route.fulfill({ status: 503, body: '' }) : route.fallback()));
    await staff.goto(`${webOrigin()}/admin/clients/${CLIENT_A}`);
    await staff.getByRole('heading', { name: 'failed to fetch client data' }).waitFor();
    await expectAccessible(staff, 'failed to fetch, with retry');
    refuse = false;
    await staff.getByRole('button', { name: 'retry' }).click();
    await staff.getByRole('heading', { name: 'Aurora Shipping AS', level: 1 }).waitFor();
    await staff.unroute(`**/api/v1/clients/${CLIENT_A}`);
  });
});

describe('pages of the frame', () => {
  it("shows 'Not Found!' for an unknown address inside the frame of a signed-in user", async () => {
    await staff.goto(`${webOrigin()}/admin/no/such/page`);
    await staff.getByRole('heading', { name: 'Not Found!', level: 1 }).waitFor();
    await staff.getByRole('banner').waitFor();
    await staff.getByRole('navigation', { name: 'main menu' }).waitFor();
    await expectAccessible(staff, 'Not Found! in the frame');
  });

  it('sends staff away from /admin/no-client to their landing page', async () => {
    await staff.goto(`${webOrigin()}/admin/no-client`);
    await expectPath(staff, '/admin');
    await staff.getByRole('heading', { name: 'dashboard', level: 1 }).waitFor();
  });

  it('says why access is restricted, and sends a user with a client away from /admin/no-client', async () => {
    const ext = await signIn(browser, 'ext-a@client-a.test');
    await ext.goto(`${webOrigin()}/admin/clients`);
    await ext.getByRole('heading', { name: 'restricted access' }).waitFor();
    await ext.getByText("This page is for the moving company's staff").waitFor();
    await ext.goto(`${webOrigin()}/admin/no-client`);
    await expectPath(ext, `/admin/clients/${CLIENT_A}`);
    await ext.context().close();
  });

  it('shows the no-client page with the top bar and a sign-out button as wide as its text', async () => {
    const ext = await signIn(browser, 'ext-none@client-c.test');
    await ext.getByRole('heading', { name: 'no assigned client' }).waitFor();
    await ext.getByRole('banner').waitFor();
    const width = await ext.getByRole('button', { name: 'sign out' }).evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThan(200);
    await expectAccessible(ext, 'no client, in the frame');
    await ext.context().close();
  });
});
