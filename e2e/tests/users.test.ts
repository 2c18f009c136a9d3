import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowConsoleErrors, expectAccessible, expectPath, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { cellTexts, choose, openListPage, typeChoice } from '../support/fluent.ts';
import { CLIENT_A_ID as CLIENT_A } from '@movers/local/src/directory.ts';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'staff@movers.test');
});
afterAll(async () => {
  await browser?.close();
});

const grid = () => page.getByRole('grid', { name: 'external users' });
const cells = (key: string) => cellTexts(grid(), key);
const rowOf = (name: string) =>
  grid()
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

const openList = () => openListPage(page, '/admin/users', 'external users', grid());

async function openInviteForm() {
  await openList();
  await page.getByRole('link', { name: 'add user' }).click();
  await expectPath(page, '/admin/users/create');
}

describe('external users list', () => {
  it('is in the side menu and lists external users with client, country and status', async () => {
    await page.goto(`${webOrigin()}/admin`);
    await page.getByRole('navigation', { name: 'main menu' }).getByRole('link', { name: 'users' }).click();
    await expectPath(page, '/admin/users');
    await poll(() => cells('name')).toEqual(expect.arrayContaining(['Anna External', 'Bjørn External', 'Cecilie Unassigned']));
    expect(await cells('name')).not.toContain('Stian Staff');
    await rowOf('Anna External').getByText('Aurora Shipping AS').waitFor();
    await rowOf('Anna External').getByText('Norway').waitFor();
    await rowOf('Anna External').getByText('accepted').waitFor();
    // Default sort: client name, users without a client (a dash) last.
    const clients = await cells('client');
    expect(clients.at(-1)).toBe('—');
    await page.mouse.move(1200, 880); // the pointer off the menu: a hovered entry is not the page at rest
    await expectAccessible(page, 'external users list');
  });

  it('filters by client text and country, and sorts by name both ways', async () => {
    await openList();
    await page.getByRole('textbox', { name: 'client' }).fill('boreal');
    await poll(() => cells('name')).toEqual(['Bjørn External']);
    await page.getByRole('textbox', { name: 'client' }).fill('');
    await choose(page, 'country', 'Sweden');
    await poll(() => cells('name')).toEqual(['Bjørn External']);
    await choose(page, 'country', 'Iceland');
    await page.getByText('We found no match').waitFor();
    await choose(page, 'country', 'country: all');
    await page.getByRole('columnheader', { name: /^name/ }).click();
    await poll(async () => (await cells('name'))[0]).toBe('Anna External');
    await page.getByRole('columnheader', { name: /^name/ }).click();
    const names = await cells('name');
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'en')));
  });
});

describe('invite and edit external users', () => {
  it('validates the invite form and warns when the e-mail already exists', async () => {
    await openInviteForm();
    await page.getByRole('button', { name: 'create user' }).click();
    await poll(() => page.getByText('field is required').count()).toBe(3);
    await page.getByRole('textbox', { name: 'contact email' }).fill('not-an-email');
    await page.getByRole('textbox', { name: 'name' }).fill('Bjørn Again');
    await page.getByText('field must be a valid email').waitFor();
    await expectAccessible(page, 'invite user form with errors');
    await page.getByRole('textbox', { name: 'contact email' }).fill('ext-b@client-b.test');
    await choose(page, 'client', 'Boreal Insurance AB');
    allowConsoleErrors(/status of 409 .*\/users\/invitation\)$/);
    await page.getByRole('button', { name: 'create user' }).click();
    await page.getByText('user with provided email already exists').waitFor();
    await expectPath(page, '/admin/users/create');
  });

  it('invites newperson@client-a.test, who signs in for the first time and lands on client A', async () => {
    await openInviteForm();
    await page.getByRole('textbox', { name: 'name' }).fill('New Person');
    await choose(page, 'client', 'Aurora Shipping AS');
    await page.getByRole('textbox', { name: 'contact email' }).fill('newperson@client-a.test');
    await page.getByRole('button', { name: 'create user' }).click();
    await page.getByText('successfully saved', { exact: true }).waitFor();
    await expectPath(page, '/admin/users');
    await rowOf('New Person').getByText('pending acceptance').waitFor();
    await rowOf('New Person').getByText('Aurora Shipping AS').waitFor();

    // A fresh browser: the invited account is on the identity provider's sign-in page.
    const fresh = await launch();
    try {
      const invited = await signIn(fresh, 'newperson@client-a.test');
      await expectPath(invited, `/admin/clients/${CLIENT_A}`);
      await invited.getByRole('heading', { name: 'Aurora Shipping AS' }).waitFor();
      await invited.getByText('New Person').first().waitFor();
      await expectAccessible(invited, 'client dashboard of the invited user');
    } finally {
      await fresh.close();
    }

    await openList();
    await rowOf('New Person').getByText('accepted', { exact: true }).waitFor();
  });

  it("changes an external user's client; name and e-mail stay read-only", async () => {
    await openInviteForm();
    await page.getByRole('textbox', { name: 'name' }).fill('Moving Mona');
    await typeChoice(page, 'client', 'Boreal');
    await page.getByRole('textbox', { name: 'contact email' }).fill('mona@client-b.test');
    await page.getByRole('button', { name: 'create user' }).click();
    await page.getByText('successfully saved', { exact: true }).waitFor();
    await rowOf('Moving Mona').getByText('Boreal Insurance AB').waitFor();

    await page.getByRole('link', { name: 'Moving Mona' }).click();
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/users\/[0-9a-f-]{36}$/);
    // Name and e-mail are read-only text, not text boxes (look.test.ts checks the rest).
    await page.getByRole('group', { name: 'name' }).getByText('Moving Mona').waitFor();
    await page.getByRole('group', { name: 'contact email' }).getByText('mona@client-b.test').waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    await poll(() => page.getByRole('combobox', { name: 'client' }).inputValue()).toBe('Boreal Insurance AB');
    await expectAccessible(page, 'edit user form');
    await typeChoice(page, 'client', 'Fjord');
    await page.getByRole('button', { name: 'create user' }).click();
    await page.getByText("updated user's details").waitFor();
    await expectPath(page, '/admin/users');
    await rowOf('Moving Mona').getByText('Fjord Energy ASA').waitFor();
  });

  it("shows 'Not Found!' for a user that does not exist, and keeps External users out", async () => {
    allowConsoleErrors(/status of 404 .*\/no-such-user\)$/);
    await page.goto(`${webOrigin()}/admin/users/no-such-user`);
    await page.getByRole('heading', { name: 'Not Found!' }).waitFor();
    const ext = await signIn(browser, 'ext-a@client-a.test');
    await ext.goto(`${webOrigin()}/admin/users`);
    await ext.getByRole('heading', { name: 'restricted access' }).waitFor();
    await ext.context().close();
  });
});
