import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowConsoleErrors, expectAccessible, expectPath, launch, linkTexts, poll, signIn, webOrigin } from '../support/browser.ts';

// The templates screens (issue 12): Internal.Super users only. The seeded templates are left as they were found.

const WELCOME = 'Welcome to your new office';
const PACKING = 'Packing your desk';
const locales = ['en', 'no', 'nn', 'de', 'da', 'se'] as const;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'super@movers.test');
});
afterAll(async () => {
  await browser?.close();
});

/** The titles in the list, top to bottom. */
const titles = () => page.getByRole('table', { name: 'templates' }).locator('tbody tr td:nth-child(2)').allInnerTexts();

async function openList() {
  await page.goto(`${webOrigin()}/admin/templates`);
  await page.getByRole('heading', { name: 'templates', level: 1 }).waitFor();
  await page.getByRole('link', { name: WELCOME }).waitFor();
}

describe('templates list', () => {
  it('is in the menu and lists the seeded templates in their order, with their availability', async () => {
    await page.goto(`${webOrigin()}/admin`);
    await page.getByRole('navigation', { name: 'main menu' }).getByRole('link', { name: 'templates' }).click();
    await expectPath(page, '/admin/templates');
    await page.getByRole('link', { name: WELCOME }).waitFor();
    const list = await titles();
    expect(list.indexOf(WELCOME)).toBeGreaterThanOrEqual(0);
    expect(list.indexOf(WELCOME)).toBeLessThan(list.indexOf(PACKING));
    expect(await page.getByRole('switch', { name: `available for customers: ${WELCOME}` }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: `available for customers: ${PACKING}` }).isChecked()).toBe(false);
    expect(await page.getByRole('switch', { name: `available for internal: ${PACKING}` }).isChecked()).toBe(true);
    await page.getByRole('link', { name: 'create template' }).waitFor();
    await expectAccessible(page, 'templates list');
  });

  it('saves an availability toggle at once', async () => {
    await openList();
    const toggle = page.getByRole('switch', { name: `available for customers: ${PACKING}` });
    await toggle.click();
    await poll(() => toggle.isChecked()).toBe(true);
    await page.getByText('successfully updated availability').first().waitFor();
    await openList();
    await poll(() => page.getByRole('switch', { name: `available for customers: ${PACKING}` }).isChecked()).toBe(true);
    await page.getByRole('switch', { name: `available for customers: ${PACKING}` }).click();
    await poll(() => page.getByRole('switch', { name: `available for customers: ${PACKING}` }).isChecked()).toBe(false);
    await openList();
    await poll(() => page.getByRole('switch', { name: `available for customers: ${PACKING}` }).isChecked()).toBe(false);
  });

  it('reorders by keyboard with move up and move down, announcing the move', async () => {
    await openList();
    const before = await titles();
    const at = before.indexOf(PACKING);
    await page.getByRole('button', { name: `move up: ${PACKING}` }).focus();
    await page.keyboard.press('Enter');
    await poll(async () => (await titles()).indexOf(PACKING)).toBe(at - 1);
    await poll(() => page.locator('[aria-live="polite"]').allInnerTexts()).toContainEqual(`${PACKING} moved to position ${at} of ${before.length}`);
    await page.getByText('successfully updated template position').first().waitFor();
    // The order is the server's: it is still so after reading the list again.
    await openList();
    await poll(async () => (await titles()).indexOf(PACKING)).toBe(at - 1);
    await page.getByRole('button', { name: `move down: ${PACKING}` }).focus();
    await page.keyboard.press('Enter');
    await poll(async () => (await titles()).indexOf(PACKING)).toBe(at);
    await openList();
    expect(await titles()).toEqual(before);
  });
  it('reorders by dragging a row by its handle', async () => {
    await openList();
    const before = await titles();
    const at = before.indexOf(PACKING);
    const handle = page.locator('tr', { has: page.getByRole('link', { name: PACKING }) }).locator('.ordered-drag-handle');
    const target = page.locator('tr', { has: page.getByRole('link', { name: before[at - 1]! }) });
    await handle.dragTo(target, { targetPosition: { x: 20, y: 5 } });
    await poll(async () => (await titles()).indexOf(PACKING)).toBe(at - 1);
    await openList();
    await poll(async () => (await titles()).indexOf(PACKING)).toBe(at - 1);
    await page.getByRole('button', { name: `move down: ${PACKING}` }).click();
    await poll(async () => (await titles()).indexOf(PACKING)).toBe(at);
  });

  it("says 'failed to remove a move page' when a toggle or a reorder fails, and shows the server's state again", async () => {
    allowConsoleErrors(/status of 500/);
    await openList();
    const before = await titles();
    await page.route('**/v1/templates/*/availableForCustomer', (route) => route.fulfill({ status: 500, json: { error: 'down' } }));
    await page.route('**/v1/templates/*/position', (route) => route.fulfill({ status: 500, json: { error: 'down' } }));
    try {
      const toggle = page.getByRole('switch', { name: `available for customers: ${PACKING}` });
      await toggle.click();
      await page.getByText('failed to remove a move page').waitFor();
      await poll(() => toggle.isChecked()).toBe(false);
      await page.getByRole('button', { name: `move up: ${PACKING}` }).click();
      await poll(async () => (await titles()).indexOf(PACKING)).toBe(before.indexOf(PACKING));
    } finally {
      await page.unrouteAll();
    }
  });
});

describe('template form', () => {
  const stamp = Date.now();
  const title = (locale: string) => `Parking at the new office ${locale} ${stamp}`;

  it('creates a template with six titles and content, after opening the first translation with an error', async () => {
    await openList();
    await page.getByRole('link', { name: 'create template' }).click();
    await expectPath(page, '/admin/templates/new');
    await page.getByRole('heading', { name: 'create template', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'content (en)' }).waitFor();
    await page.getByRole('textbox', { name: 'title (en)' }).fill(title('en'));
    await page.getByRole('textbox', { name: 'content (en)' }).click();
    await page.keyboard.type('Visitors park in the garage under the building.');
    await page.getByRole('button', { name: 'create template' }).click();
    // English is fine, so Norwegian (the first with an error) opens itself and says why.
    await poll(() => page.getByRole('button', { name: /\(no\)/ }).getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('textbox', { name: 'title (no)' }).waitFor();
    await page.getByText('field is required').first().waitFor();
    await expectAccessible(page, 'create template with errors');

    for (const locale of locales.slice(1)) {
      const section = page.getByRole('button', { name: new RegExp(`\\(${locale}\\)`) });
      if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
      await page.getByRole('textbox', { name: `title (${locale})` }).fill(title(locale));
    }
    await page.getByRole('button', { name: 'create template' }).click();
    await page.getByText('successfully added').waitFor();
    await expectPath(page, '/admin/templates');
    await page.getByRole('link', { name: title('en') }).waitFor();
    const list = await titles();
    expect(list.at(-1)).toBe(title('en'));
  });

  it('edits the template and returns to the list', async () => {
    await openList();
    await page.getByRole('link', { name: title('en') }).click();
    await page.getByRole('heading', { name: `edit ${title('en')}`, level: 1 }).waitFor();
    await poll(() => page.getByRole('textbox', { name: 'content (en)' }).innerText()).toContain('Visitors park in the garage under the building.');
    await poll(() => page.getByRole('textbox', { name: 'title (en)' }).inputValue()).toBe(title('en'));
    await expectAccessible(page, 'edit template');
    await page.getByRole('textbox', { name: 'title (en)' }).fill(`${title('en')} (updated)`);
    await page.getByRole('button', { name: 'update template' }).click();
    await page.getByText('successfully updated').waitFor();
    await expectPath(page, '/admin/templates');
    await page.getByRole('link', { name: `${title('en')} (updated)` }).waitFor();
  });

  it('deletes the template after confirmation', async () => {
    await openList();
    const name = `${title('en')} (updated)`;
    await page.getByRole('button', { name: `delete ${name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'delete template' });
    await dialog.getByRole('button', { name: 'cancel' }).waitFor();
    await expectAccessible(page, 'delete template confirmation');
    await dialog.getByRole('button', { name: 'cancel' }).click();
    await poll(() => page.getByRole('alertdialog').count()).toBe(0);
    await page.getByRole('link', { name }).waitFor();
    await page.getByRole('button', { name: `delete ${name}` }).click();
    await page.getByRole('alertdialog', { name: 'delete template' }).getByRole('button', { name: 'delete' }).click();
    await page.getByText('successfully removed a template').waitFor();
    await poll(() => page.getByRole('link', { name }).count()).toBe(0);
    await openList();
    expect(await page.getByRole('link', { name }).count()).toBe(0);
  });
});

describe('templates access', () => {
  it('is closed to staff who are not super users: no menu entry, restricted access', async () => {
    const staff = await signIn(browser, 'staff@movers.test');
    try {
      await staff.getByRole('navigation', { name: 'main menu' }).getByRole('link', { name: 'clients' }).waitFor();
      expect(await linkTexts(staff.getByRole('navigation', { name: 'main menu' }).getByRole('link'))).not.toContain('templates');
      await staff.goto(`${webOrigin()}/admin/templates`);
      await staff.getByText('restricted access').first().waitFor();
      await staff.goto(`${webOrigin()}/admin/templates/new`);
      await staff.getByText('restricted access').first().waitFor();
    } finally {
      await staff.context().close();
    }
  });
});
