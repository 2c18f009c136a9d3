import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { allowConsoleErrors, expectAccessible, expectPath, launch, signIn, webOrigin } from '../support/browser.ts';
import { cellTexts, choose, openListPage, typeChoice } from '../support/fluent.ts';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'staff@movers.test');
});
afterAll(async () => {
  await browser?.close();
});

const grid = () => page.getByRole('grid', { name: 'clients' });
const nameCells = () => cellTexts(grid(), 'name');
const openList = () => openListPage(page, '/admin/clients', 'clients', grid());

describe('clients list', () => {
  it('lists clients with an active location, sorted by name, 10 rows a page', async () => {
    await openList();
    const names = await nameCells();
    expect(names.length).toBeLessThanOrEqual(10);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names).toContain('Aurora Shipping AS');
    expect(names).not.toContain('Alpine Precision AG');
    await expectAccessible(page, 'clients list');
  });

  it('filters by name, country and activity, and says when nothing matches', async () => {
    await openList();
    await page.getByRole('textbox', { name: 'name' }).fill('bor');
    await expect.poll(nameCells).toEqual(['Boreal Insurance AB']);
    await page.getByRole('textbox', { name: 'name' }).fill('');
    await choose(page, 'country', 'Norway');
    await expect.poll(nameCells).toEqual(['Aurora Shipping AS', 'Fjord Energy ASA', 'Nordlys Bank ASA']);
    await choose(page, 'active', 'all');
    await choose(page, 'country', 'Switzerland');
    await expect.poll(nameCells).toEqual(['Alpine Precision AG']);
    await choose(page, 'active', 'active');
    await page.getByText('We found no match').waitFor();
  });

  it('sorts by a column in both directions and pages through all rows', async () => {
    await openList();
    await choose(page, 'active', 'all');
    await page.getByRole('columnheader', { name: /^name/ }).click();
    await expect.poll(async () => (await nameCells())[0]).toBe('Wisła Foods Sp. z o.o.');
    await page.getByRole('columnheader', { name: /^name/ }).click();
    await expect.poll(async () => (await nameCells())[0]).toBe('Alpine Precision AG');
    const firstPage = await nameCells();
    expect(firstPage).toHaveLength(10);
    await page.getByRole('button', { name: 'next page' }).click();
    await expect.poll(async () => (await nameCells())[0]).not.toBe(firstPage[0]);
    await choose(page, 'rows per page', '5');
    await expect.poll(async () => (await nameCells()).length).toBe(5);
    await choose(page, 'rows per page', 'all');
    await expect.poll(async () => (await nameCells()).length).toBeGreaterThanOrEqual(14);
  });

  it('adds a client after showing the validation errors', async () => {
    await openList();
    await page.getByRole('link', { name: 'add client' }).click();
    await expectPath(page, `/admin/clients/add-client`);
    await page.getByRole('button', { name: 'save' }).click();
    await expect.poll(() => page.getByText('field is required').count()).toBe(3);
    // The keyboard is on the first field that says what is wrong.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    expect(await page.getByRole('textbox', { name: 'name' }).evaluate((input) => input === document.activeElement)).toBe(true);
    await expectAccessible(page, 'add client form with errors');
    await page.getByRole('textbox', { name: 'name' }).fill('Zebra Logistics AS');
    await page.getByRole('textbox', { name: 'org number' }).fill('923 456 789');
    // The country box completes what is typed: 'Norw' and Enter is Norway (of the 249 ISO countries, 'Nor' is Norfolk Island).
    expect(await (await typeChoice(page, 'country', 'Norw')).inputValue()).toBe('Norway');
    await page.getByRole('checkbox', { name: 'active' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('checkbox', { name: 'active' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'save' }).click();
    await page.getByText('successfully saved client').waitFor();
    // The new client itself, not the list (whose default filter would hide an inactive one).
    await page.getByRole('heading', { name: 'Zebra Logistics AS', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/clients\/[0-9a-f-]{36}$/);
  });

  it('edits a client from its dashboard and shows the change', async () => {
    await openList();
    await page.getByRole('link', { name: 'Polder Bikes BV' }).click();
    await page.getByRole('heading', { name: 'Polder Bikes BV' }).waitFor();
    await page.getByRole('grid', { name: 'locations' }).getByText('Polder Amsterdam Noord').waitFor();
    await expectAccessible(page, 'client dashboard');
    await page.getByRole('link', { name: 'edit client' }).click();
    const name = page.getByRole('textbox', { name: 'name' });
    await expect.poll(() => name.inputValue()).toBe('Polder Bikes BV');
    await expectAccessible(page, 'edit client form');
    await name.fill('Polder Cycles BV');
    await page.getByRole('button', { name: 'save' }).click();
    await page.getByText('successfully saved client').waitFor();
    await page.getByRole('heading', { name: 'Polder Cycles BV', level: 1 }).waitFor();
    await openList();
    await page.getByRole('textbox', { name: 'name' }).fill('polder');
    await expect.poll(nameCells).toEqual(['Polder Cycles BV']);
  });

  it('says the data changed when someone else saved the client first, and keeps their change', async () => {
    const stack = inject('stack');
    const headers = { Authorization: `Bearer ${stack.tokens.super}`, 'Content-Type': 'application/json' };
    const body = { name: 'Stale Edit Oy', orgNumber: '7654321-0', countryId: 'FI', active: true };
    const created = await (await fetch(`${stack.apiOrigin}/api/v1/clients`, { method: 'POST', headers, body: JSON.stringify(body) })).json();
    await page.goto(`${webOrigin()}/admin/clients/${created.id}/edit`);
    const name = page.getByRole('textbox', { name: 'name' });
    await expect.poll(() => name.inputValue()).toBe('Stale Edit Oy');
    // Someone else renames it while this form is open.
    const put = await fetch(`${stack.apiOrigin}/api/v1/clients/${created.id}`, {
      method: 'PUT',
      headers: { ...headers, 'If-Match': created.etag },
      body: JSON.stringify({ ...body, name: 'Stale Edit Group Oy' }),
    });
    expect(put.status).toBe(200);
    await name.fill('Lost Update Oy');
    await page.getByRole('button', { name: 'save' }).click();
    allowConsoleErrors(/status of 412/);
    await page.getByText('failed to save client').waitFor();
    await page.getByText('The data was changed by someone else').waitFor();
    const stored = await (await fetch(`${stack.apiOrigin}/api/v1/clients/${created.id}`, { headers: { Authorization: headers.Authorization } })).json();
    expect(stored.name).toBe('Stale Edit Group Oy');
  });

  it("shows 'Not Found!' for a client that does not exist (notfound.test.ts has the rest)", async () => {
    allowConsoleErrors(/status of 404 .*\/no-such-client\)$/);
    await page.goto(`${webOrigin()}/admin/clients/no-such-client`);
    await page.getByRole('heading', { name: 'Not Found!' }).waitFor();
  });

  it('works by keyboard: tab to the name filter and into a client', async () => {
    await openList();
    await page.getByRole('textbox', { name: 'name' }).focus();
    await page.keyboard.type('nordlys');
    await expect.poll(nameCells).toEqual(['Nordlys Bank ASA']);
    const link = page.getByRole('link', { name: 'Nordlys Bank ASA' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Nordlys Bank ASA' }).waitFor();
  });
  it("shows a long list set to 'all' down to its last row", async () => {
    const stack = inject('stack');
    const headers = { Authorization: `Bearer ${stack.tokens.super}`, 'Content-Type': 'application/json' };
    const names = Array.from({ length: 60 }, (_, i) => `Long list client ${String(i).padStart(2, '0')}`);
    for (const [i, name] of names.entries()) {
      const body = { name, orgNumber: `LL-${i}`, countryId: 'SE', active: true };
      expect((await fetch(`${stack.apiOrigin}/api/v1/clients`, { method: 'POST', headers, body: JSON.stringify(body) })).status).toBe(201);
    }
    await openList();
    await choose(page, 'active', 'all');
    await page.getByRole('textbox', { name: 'name' }).fill('long list client');
    await choose(page, 'rows per page', 'all');
    await page.getByText(`1-${names.length} of ${names.length}`).waitFor();
    expect(await grid().getAttribute('aria-rowcount')).toBe(String(names.length + 1));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('link', { name: names.at(-1) }).waitFor();
    await page.getByRole('link', { name: names.at(-1) }).click();
    await page.getByRole('heading', { name: names.at(-1) }).waitFor();
  });
});

describe('a list keeps its place', () => {
  it('keeps filter, sort and page in the address: Back from a client restores them, and the link opens the same list', async () => {
    await openList();
    await choose(page, 'active', 'all');
    await page.getByRole('textbox', { name: 'org number' }).fill('9');
    await grid()
      .getByRole('columnheader', { name: /^country/ })
      .click();
    await choose(page, 'rows per page', '5');
    await page.getByRole('button', { name: 'next page' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?orgNumber=9&active=all&sort=country&dir=asc&rows=5&page=2');
    const shown = await nameCells();
    expect(shown.length).toBeGreaterThan(0);

    await grid().getByRole('link').first().click();
    await page.getByRole('link', { name: 'edit client' }).waitFor();
    await page.goBack();
    await expect.poll(nameCells).toEqual(shown);
    expect(await page.getByRole('textbox', { name: 'org number' }).inputValue()).toBe('9');

    await page.goto(`${webOrigin()}/admin/clients?orgNumber=9&active=all&sort=country&dir=asc&rows=5&page=2`);
    await expect.poll(nameCells).toEqual(shown);
  });
});
