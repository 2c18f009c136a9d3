import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { allowConsoleErrors, expectAccessible, expectPath, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { demoMoveScreen, DEMO_MOVE } from '../support/demoMove.ts';
import { ownLocation } from '../support/ownLocation.ts';

// A move branded in one pass (issue 29): colours and images on the create screen, saved with the move.

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'staff@movers.test');
});
afterAll(async () => {
  await browser?.close();
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const staffGet = async (path: string) => {
  const stack = inject('stack');
  return fetch(`${stack.apiOrigin}/api${path}`, { headers: { Authorization: `Bearer ${stack.tokens.staff}` } });
};

const newLocation = () => ownLocation('Branded', '900 111 333');

/** Fills the create screen's required fields; answers the path. */
async function fillSettings(): Promise<string> {
  const path = `branded-${Date.now()}`;
  await page.getByRole('textbox', { name: 'path' }).fill(path);
  const domains = page.getByRole('textbox', { name: 'whitelisted domains' });
  await domains.fill('client-a.test');
  await domains.press('Enter');
  await page.getByRole('textbox', { name: 'password' }).fill('first day at the new office');
  return path;
}

const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN;

describe('a new move branded in one pass', () => {
  it('creates the move with the colours and the logo chosen on the create screen, and the visitor site has them', async () => {
    const { clientId, locationId } = await newLocation();
    await page.goto(`${webOrigin()}/admin/locations/${clientId}/${locationId}/create-move`);
    const path = await fillSettings();
    // The spec's order: the fields, the colours, the images, the save button.
    const colours = page.getByRole('region', { name: 'colours' });
    const images = page.getByRole('region', { name: 'images' });
    const save = page.getByRole('button', { name: 'save' });
    await colours.waitFor();
    expect(await top(page.getByRole('switch', { name: 'hide floor selection' }))).toBeLessThan(await top(colours));
    expect(await top(colours)).toBeLessThan(await top(images));
    expect(await top(images)).toBeLessThan(await top(save));

    await colours.getByLabel('primary color', { exact: true }).fill('#aa3300');
    await colours.getByLabel('heading color', { exact: true }).fill('#112233');
    await colours.getByText('#aa3300', { exact: true }).waitFor();
    // Chosen before the move exists: checked here, shown from the file, sent after the create.
    const uploads: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && /\/(logo|loginlogo|background)\b/.test(request.url()) && uploads.push(request.url()));
    const logo = images.getByLabel('logo', { exact: true });
    await logo.setInputFiles({
      name: 'logo.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
    });
    await images.getByText('Only .jpg, .jpeg, .png and .svg files can be used.').waitFor();
    await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await poll(() => images.getByRole('img', { name: 'logo preview' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    expect(uploads).toEqual([]);
    await expectAccessible(page, 'create location service with colours and a logo');

    await save.click();
    await page.getByText('successfully saved a move').waitFor();
    await expectPath(page, `/admin/clients/${clientId}/locations/${locationId}`);
    expect(uploads).toHaveLength(1);

    const visit = await (await fetch(`${inject('stack').apiOrigin}/api/v1/visit/${path}`)).json();
    expect(visit.colors).toMatchObject({ primaryColor: '#aa3300', headingColor: '#112233', backgroundColor: null });
    expect(visit.images.logo).toBeTruthy();
    expect(visit.images.background).toBeNull();
    const moveId = `${clientId}_${locationId}`;
    const stored = await staffGet(`/v1/moves/${moveId}/logo`);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/png');
  });

  it('keeps the move when an image fails after the create, names the image and opens the move to retry', async () => {
    const { clientId, locationId } = await newLocation();
    await page.goto(`${webOrigin()}/admin/locations/${clientId}/${locationId}/create-move`);
    await fillSettings();
    await page.getByRole('region', { name: 'colours' }).getByLabel('primary color', { exact: true }).fill('#aa3300');
    const images = page.getByRole('region', { name: 'images' });
    await images.getByLabel('logo for login page', { exact: true }).setInputFiles({ name: 'login.png', mimeType: 'image/png', buffer: PNG });
    await images.getByRole('img', { name: 'logo for login page preview' }).waitFor();
    // The store refuses the upload this once, as a full disk or an outage would.
    allowConsoleErrors(/status of 503/);
    await page.route('**/loginlogo', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { message: 'the image store is not available' } }) })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'save' }).click();
    const moveId = `${clientId}_${locationId}`;
    await expectPath(page, `/admin/clients/${clientId}/${locationId}/${moveId}/edit-move`);
    await page
      .getByRole('alert')
      .getByText(/logo for login page could not be uploaded: the image store is not available/)
      .waitFor();
    await page.unroute('**/loginlogo');
    // The move is there, with its colour; the image can be chosen again on this screen.
    expect((await staffGet(`/v1/colors/${moveId}`)).status).toBe(200);
    expect((await (await staffGet(`/v1/colors/${moveId}`)).json()).primaryColor).toBe('#aa3300');
    await poll(() => page.getByRole('textbox', { name: 'path' }).inputValue()).toMatch(/^branded-/);
    await expectAccessible(page, 'edit move service after a failed image');
  });
});

describe('an image chosen and not saved', () => {
  it('is a change of the form: leaving asks first, and no longer once the image is taken away again', async () => {
    const { clientId, locationId } = await newLocation();
    await page.goto(`${webOrigin()}/admin/locations/${clientId}/${locationId}/create-move`);
    const images = page.getByRole('region', { name: 'images' });
    await images.getByLabel('background image', { exact: true }).setInputFiles({ name: 'office.png', mimeType: 'image/png', buffer: PNG });
    await images.getByRole('img', { name: 'background image preview' }).waitFor();
    const crumb = page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name: 'Branded HQ' });
    await crumb.click();
    const leave = page.getByRole('alertdialog', { name: 'leave without saving?' });
    await leave.getByRole('button', { name: 'cancel' }).click();
    await poll(() => leave.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/admin/locations/${clientId}/${locationId}/create-move`);
    await images.getByRole('button', { name: 'remove background image' }).click();
    await poll(() => images.getByRole('img', { name: 'background image preview' }).count()).toBe(0);
    await crumb.click();
    await expectPath(page, `/admin/clients/${clientId}/locations/${locationId}`);
  });
});

describe('a colour picked just before the tab is closed', () => {
  const stored = async () => (await (await staffGet(`/v1/colors/${DEMO_MOVE}`)).json()) as Record<string, string | null> & { etag: string };
  /** Back to no darker secondary colour, as the demo move has. */
  async function backToNone() {
    const stack = inject('stack');
    const cleared = await fetch(`${stack.apiOrigin}/api/v1/colors`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${stack.tokens.staff}`, 'Content-Type': 'application/json', 'If-Match': (await stored()).etag },
      body: JSON.stringify({ moveId: DEMO_MOVE, darkerSecondaryColor: '' }),
    });
    expect(cleared.status).toBe(200);
  }

  it('is saved although the tab closes within the pause that gathers picks', async () => {
    const tab = await page.context().newPage();
    await tab.goto(`${webOrigin()}${demoMoveScreen('edit-move')}`);
    const colour = tab.getByRole('region', { name: 'colours' }).getByLabel('darker secondary color', { exact: true });
    await colour.waitFor();
    await colour.fill('#345678');
    // At once: the 600 ms pause has not passed, and nothing of the app's own navigation runs.
    await tab.close({ runBeforeUnload: true });
    await poll(async () => (await stored()).darkerSecondaryColor).toBe('#345678');
    const again = await page.context().newPage();
    await again.goto(`${webOrigin()}${demoMoveScreen('edit-move')}`);
    await again.getByRole('region', { name: 'colours' }).getByText('#345678', { exact: true }).waitFor();
    await again.close();
    await backToNone();
  });

  it('makes the browser ask before the tab closes while an earlier pick is still being saved, and is saved when the user stays', async () => {
    const tab = await page.context().newPage();
    // The first save is held, as on a slow network: the next pick cannot go out before its ETag is back.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let puts = 0;
    await tab.route('**/api/v1/colors', async (route) => {
      if (route.request().method() === 'PUT' && puts++ === 0) await held;
      await route.continue();
    });
    await tab.goto(`${webOrigin()}${demoMoveScreen('edit-move')}`);
    const colour = tab.getByRole('region', { name: 'colours' }).getByLabel('darker secondary color', { exact: true });
    await colour.waitFor();
    const firstSent = tab.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/v1/colors'));
    await colour.fill('#123456');
    await firstSent;
    await colour.fill('#654321');
    const asked = tab.waitForEvent('dialog');
    await tab.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    release();
    await poll(async () => (await stored()).darkerSecondaryColor).toBe('#654321');
    await tab.close();
    await backToNone();
  });
});
