import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectPath, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { cellTexts, choose, openListPage, typeChoice } from '../support/fluent.ts';
import { CLIENT_A_ID as CLIENT_A, CLIENT_B_ID as CLIENT_B } from '@movers/local/src/directory.ts';

const LOCATION_A1 = 'l0000000-0000-4000-8000-000000000101';
const LOCATION_B1 = 'l0000000-0000-4000-8000-000000000201';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'staff@movers.test');
});
afterAll(async () => {
  await browser?.close();
});

const grid = () => page.getByRole('grid', { name: 'locations' });
const cells = (key: string) => cellTexts(grid(), key);
const nameCells = () => cells('name');

/** Fluent's checkbox draws over its input: tick it by keyboard, as a person would. */
async function tick(label: string) {
  const box = page.getByRole('checkbox', { name: label });
  await box.focus();
  await page.keyboard.press('Space');
  await poll(() => box.isChecked()).toBe(true);
}

/** Leaves the pointer off the menu: a hovered menu entry is not what the page looks like at rest. */
const rest = (p: Page) => p.mouse.move(1200, 880);

const openList = () => openListPage(page, '/admin/locations', 'locations', grid());

describe('locations list', () => {
  it('is in the side menu and lists locations with the move service enabled, sorted by client name', async () => {
    await page.goto(`${webOrigin()}/admin`);
    await page.getByRole('navigation', { name: 'main menu' }).getByRole('link', { name: 'locations' }).click();
    await expectPath(page, '/admin/locations');
    await poll(nameCells).not.toEqual([]);
    const clients = await cells('client');
    expect(clients).toEqual([...clients].sort((a, b) => a.localeCompare(b, 'en')));
    expect(clients[0]).toBe('Aurora Shipping AS');
    expect(await nameCells()).toContain('Aurora HQ Bjørvika');
    expect(await nameCells()).not.toContain('Aurora Bergen Terminal');
    expect(new Set(await cells('moveService'))).toEqual(new Set(['yes']));
    await rest(page);
    await expectAccessible(page, 'locations list');
  });

  it('filters by client, country and move service, and says when nothing matches', async () => {
    await openList();
    await page.getByRole('textbox', { name: 'client' }).fill('boreal');
    await poll(nameCells).toEqual(['Boreal Stockholm City']);
    await choose(page, 'move service', 'all');
    await poll(nameCells).toEqual(['Boreal Göteborg', 'Boreal Stockholm City']);
    await choose(page, 'move service', 'inactive');
    await poll(nameCells).toEqual(['Boreal Göteborg']);
    await page.getByRole('textbox', { name: 'client' }).fill('');
    await choose(page, 'country', 'Germany');
    await poll(nameCells).toEqual(['Rheinwerk Hamburg Lager']);
    await choose(page, 'move service', 'all');
    await poll(async () => (await nameCells()).sort()).toEqual(['Rheinwerk Berlin Büro', 'Rheinwerk Hamburg Lager', 'Rheinwerk Köln']);
    await page.getByRole('textbox', { name: 'client' }).fill('no such client');
    await page.getByText('We found no match').waitFor();
  });

  it('sorts by a column in both directions and links a name to its location', async () => {
    await openList();
    await page.getByRole('columnheader', { name: /^name/ }).click();
    await poll(async () => (await nameCells())[0]).toBe('Aurora HQ Bjørvika');
    await page.getByRole('columnheader', { name: /^name/ }).click();
    await poll(async () => (await nameCells())[0]).toBe('Thames Canary Wharf');
    await page.getByRole('columnheader', { name: /^client/ }).click();
    await poll(async () => (await cells('client'))[0]).toBe('Aurora Shipping AS');
    await page.getByRole('columnheader', { name: /^client/ }).click();
    await poll(async () => (await cells('client'))[0]).toBe('Thames Analytics Ltd');
    await page.getByRole('link', { name: 'Aurora HQ Bjørvika' }).click();
    await expectPath(page, `/admin/clients/${CLIENT_A}/locations/${LOCATION_A1}`);
  });
});

describe('locations list in the address', () => {
  it('opens filtered and sorted from a link, and keeps that after a location and Back', async () => {
    await page.goto(`${webOrigin()}/admin/locations?moveService=all&countryId=DE&sort=name&dir=desc`);
    await grid().waitFor();
    const names = await cells('name');
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' })));
    expect(await cells('country')).toEqual(names.map(() => 'Germany'));
    await grid().getByRole('link').first().click();
    await page.getByRole('heading', { name: names[0], level: 1 }).waitFor();
    await page.goBack();
    await expect.poll(() => cells('name')).toEqual(names);
  });
});

describe('create and edit a location', () => {
  it('creates a location from the client dashboard after showing the validation errors', async () => {
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_B}`);
    await page.getByRole('heading', { name: 'Boreal Insurance AB' }).waitFor();
    await page.getByRole('link', { name: 'create location' }).click();
    await expectPath(page, `/admin/clients/${CLIENT_B}/create-location`);
    const crumbs = page.getByRole('navigation', { name: 'breadcrumb' });
    await crumbs.getByRole('link', { name: 'Boreal Insurance AB' }).waitFor();
    await poll(() => crumbs.innerText()).toMatch(/Boreal Insurance AB\W+create location/);
    await page.getByRole('button', { name: 'save' }).click();
    await poll(() => page.getByText('field is required').count()).toBe(4);
    await expectAccessible(page, 'create location form with errors');

    await page.getByRole('textbox', { name: 'name' }).fill('Boreal Malmö Lager');
    await page.getByRole('textbox', { name: 'address' }).fill('Hamngatan 3');
    await page.getByRole('textbox', { name: 'city' }).fill('Malmö');
    await typeChoice(page, 'country', 'Swe');
    await tick('storage');
    await page.getByRole('button', { name: 'save' }).click();
    await page.getByText('successfully saved location').waitFor();
    await page.getByRole('heading', { name: 'Boreal Malmö Lager' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/admin/clients/${CLIENT_B}/locations/[0-9a-f-]{36}$`));
    const info = page.getByRole('region', { name: 'information' });
    await info.getByText('Hamngatan 3').waitFor();
    await info.getByText('storage', { exact: true }).waitFor();
    await info.getByText('Sweden').waitFor();
    await expectAccessible(page, 'location dashboard');

    // The client dashboard lists it, linked, and the clients list counts it.
    await page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name: 'Boreal Insurance AB' }).click();
    await page.getByRole('grid', { name: 'locations' }).getByRole('link', { name: 'Boreal Malmö Lager' }).waitFor();
  });

  it('edits a location and goes back to it', async () => {
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_B}`);
    await page.getByRole('grid', { name: 'locations' }).getByRole('link', { name: 'Boreal Göteborg' }).click();
    await page.getByRole('heading', { name: 'Boreal Göteborg' }).waitFor();
    await page.getByRole('link', { name: 'edit location' }).click();
    await poll(() => new URL(page.url()).pathname).toMatch(/\/edit$/);
    const city = page.getByRole('textbox', { name: 'city' });
    await poll(() => city.inputValue()).toBe('Gothenburg');
    await expectAccessible(page, 'edit location form');
    await page.getByRole('textbox', { name: 'name' }).fill('');
    await page.getByRole('button', { name: 'save' }).click();
    await page.getByText('field is required').waitFor();
    await page.getByRole('textbox', { name: 'name' }).fill('Boreal Göteborg Hamn');
    await city.fill('Göteborg');
    await tick('production');
    await page.getByRole('button', { name: 'save' }).click();
    await page.getByText('successfully saved location').waitFor();
    await page.getByRole('heading', { name: 'Boreal Göteborg Hamn' }).waitFor();
    expect(new URL(page.url()).pathname).not.toMatch(/\/edit$/);
    const info = page.getByRole('region', { name: 'information' });
    await info.getByText('Göteborg', { exact: true }).waitFor();
    await info.getByText('office, production').waitFor();
  });
});

describe('location dashboard for External users', () => {
  it("shows an External user their own client's location without the edit link, and no access to another client's", async () => {
    const ext = await signIn(browser, 'ext-a@client-a.test');
    await ext.goto(`${webOrigin()}/admin/clients/${CLIENT_A}`);
    await ext.getByRole('grid', { name: 'locations' }).getByRole('link', { name: 'Aurora HQ Bjørvika' }).click();
    await ext.getByRole('heading', { name: 'Aurora HQ Bjørvika' }).waitFor();
    const info = ext.getByRole('region', { name: 'information' });
    await info.getByText('Aurora Shipping AS').waitFor();
    await info.getByText('Dronning Eufemias gate 16').waitFor();
    expect(await ext.getByRole('link', { name: 'edit location' }).count()).toBe(0);
    expect(await ext.getByRole('link', { name: 'create location' }).count()).toBe(0);
    await expectAccessible(ext, 'location dashboard (External)');

    await ext.goto(`${webOrigin()}/admin/clients/${CLIENT_B}/locations/${LOCATION_B1}`);
    await ext.getByRole('heading', { name: 'restricted access' }).waitFor();
    expect(await ext.getByText('Boreal Stockholm City').count()).toBe(0);
    await expectAccessible(ext, 'location no-access view');

    await ext.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/locations/${LOCATION_A1}/edit`);
    await ext.getByRole('heading', { name: 'restricted access' }).waitFor();
    await ext.goto(`${webOrigin()}/admin/locations`);
    await ext.getByRole('heading', { name: 'restricted access' }).waitFor();
    await ext.context().close();
  });
});
