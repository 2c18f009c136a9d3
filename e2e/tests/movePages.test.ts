import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CLIENT_A_ID as CLIENT_A } from '@movers/local/src/directory.ts';
import { allowConsoleErrors, expectAccessible, expectPath, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { choose } from '../support/fluent.ts';
import { DEMO_LOCATION, DEMO_MOVE, demoMoveScreen } from '../support/demoMove.ts';

// A move's pages (issue 12): a client's External user manages them. The seeded pages are left as they were found.

const PAGES = demoMoveScreen('pages');
const WELCOME = 'Welcome to your new office';
const PACKING = 'Packing your desk';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'ext-a@client-a.test');
});
afterAll(async () => {
  await browser?.close();
});

/** The titles in the list, top to bottom. */
const titles = () => page.getByRole('table', { name: 'pages' }).locator('tbody tr td:nth-child(2)').allInnerTexts();

async function openList() {
  await page.goto(`${webOrigin()}${PAGES}`);
  await page.getByRole('heading', { name: 'pages', level: 1 }).waitFor();
  await page.getByRole('link', { name: PACKING }).waitFor();
}

describe('move pages', () => {
  it('is reached from the location dashboard and lists the seeded pages, with only the customer templates for an External user', async () => {
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/locations/${DEMO_LOCATION}`);
    await page.getByRole('region', { name: 'move service' }).getByRole('link', { name: 'pages' }).click();
    await expectPath(page, PAGES);
    await page.getByRole('link', { name: PACKING }).waitFor();
    const list = await titles();
    expect(list.indexOf(WELCOME)).toBeGreaterThanOrEqual(0);
    expect(list.indexOf(WELCOME)).toBeLessThan(list.indexOf(PACKING));
    expect(
      await page
        .getByRole('switch', { name: `published: ${WELCOME}` })
        .first()
        .isChecked(),
    ).toBe(true);
    await poll(() => page.getByRole('navigation', { name: 'breadcrumb' }).innerText()).toMatch(/Aurora Shipping AS\W+Aurora HQ Bjørvika\W+pages/);
    await page.getByRole('combobox', { name: 'templates for customers' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'templates for internal users' }).count()).toBe(0);
    await expectAccessible(page, 'move pages list');
  });

  it('adds a page from a customer template, edits it, toggles it, reorders it by keyboard and deletes it', async () => {
    const title = `Parking for visitors ${Date.now()}`;
    await openList();
    const before = await titles();

    // Add: the form is prefilled from the template, and the page goes last.
    await choose(page, 'templates for customers', WELCOME);
    await page.getByRole('button', { name: 'add a page from templates for customers' }).click();
    await poll(() => new URL(page.url()).pathname).toMatch(new RegExp(`/admin/clients/${CLIENT_A}/${DEMO_LOCATION}/[^/]+/new$`));
    expect(new URL(page.url()).searchParams.get('move')).toBe(DEMO_MOVE);
    await poll(() => page.getByRole('textbox', { name: 'title (en)' }).inputValue()).toBe(WELCOME);
    await poll(() => page.getByRole('navigation', { name: 'breadcrumb' }).innerText()).toMatch(
      /Aurora Shipping AS\W+Aurora HQ Bjørvika\W+pages\W+create new page/,
    );
    await page.getByRole('textbox', { name: 'content (en)' }).waitFor();
    await expectAccessible(page, 'create new page');
    await page.getByRole('button', { name: 'create page' }).click();
    await page.getByText('move page added').waitFor();
    await expectPath(page, PAGES);
    await poll(() => titles()).toEqual([...before, WELCOME]);

    // Edit its title: the last row is the new page.
    await page.getByRole('table', { name: 'pages' }).locator('tbody tr').last().getByRole('link', { name: WELCOME }).click();
    await poll(() => page.getByRole('textbox', { name: 'title (en)' }).inputValue()).toBe(WELCOME);
    await poll(() => page.getByRole('navigation', { name: 'breadcrumb' }).innerText()).toMatch(/pages\W+edit move page/);
    await page.getByRole('textbox', { name: 'title (en)' }).fill(title);
    await page.getByRole('button', { name: 'save' }).click();
    await page.getByText('successfully saved a page').waitFor();
    await expectPath(page, PAGES);
    await poll(() => titles()).toEqual([...before, title]);
    // Saved again unchanged, the content is as it was: one trailing space (the spec's), not one a save.
    await page.getByRole('table', { name: 'pages' }).locator('tbody tr').last().getByRole('link', { name: title }).click();
    await poll(() => page.getByRole('textbox', { name: 'title (en)' }).inputValue()).toBe(title);
    await page.getByRole('button', { name: 'save' }).click();
    await page.getByText('successfully saved a page').last().waitFor();
    await expectPath(page, PAGES);
    const stack = inject('stack');
    const stored = (await (
      await fetch(`${stack.apiOrigin}/api/v1/moves/${DEMO_MOVE}/pages`, { headers: { Authorization: `Bearer ${stack.tokens.staff}` } })
    ).json()) as { translations: { locale: string; title: string; content: string }[] }[];
    const content = stored.find((p) => p.translations.some((t) => t.title === title))!.translations.find((t) => t.locale === 'en')!.content;
    expect(content).toMatch(/\S $/);

    // Published: a new page is published at once; the toggle saves at once.
    const published = page.getByRole('switch', { name: `published: ${title}` });
    expect(await published.isChecked()).toBe(true);
    await published.click();
    await page.getByText('successfully toggled published value').waitFor();
    await openList();
    await poll(() => page.getByRole('switch', { name: `published: ${title}` }).isChecked()).toBe(false);

    // Reorder by keyboard: up one place, kept by the server.
    await page.getByRole('button', { name: `move up: ${title}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('successfully updated move page position').waitFor();
    const moved = [...before.slice(0, -1), title, before[before.length - 1]!];
    await poll(() => titles()).toEqual(moved);
    await poll(() => page.locator('[aria-live="polite"]').allInnerTexts()).toContainEqual(
      `${title} moved to position ${before.length} of ${before.length + 1}`,
    );
    await openList();
    await poll(() => titles()).toEqual(moved);
    await expectAccessible(page, 'move pages list after changes');

    // Delete after confirming; the seeded pages are as they were.
    await page.getByRole('button', { name: `delete ${title}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'delete page' });
    await dialog.getByText("This item will be deleted immediately. You can't undo this action").waitFor();
    await dialog.getByRole('button', { name: 'delete' }).click();
    await page.getByText('successfully removed a page').waitFor();
    await poll(() => titles()).toEqual(before);
    await openList();
    await poll(() => titles()).toEqual(before);
    expect(
      await page
        .getByRole('switch', { name: `published: ${WELCOME}` })
        .first()
        .isChecked(),
    ).toBe(true);
  });
});

describe('move pages for staff', () => {
  it('shows internal users both template dropdowns', async () => {
    const staff = await signIn(browser, 'staff@movers.test');
    await staff.goto(`${webOrigin()}${PAGES}`);
    await staff.getByRole('link', { name: PACKING }).waitFor();
    await staff.getByRole('combobox', { name: 'templates for internal users' }).waitFor();
    await staff.getByRole('combobox', { name: 'templates for customers' }).waitFor();
    await staff.close();
  });

  it("says 'failed to update move page position' when a reorder fails, and shows the server's order again", async () => {
    allowConsoleErrors(/status of 412/);
    await openList();
    const before = await titles();
    await page.route('**/v1/moves/*/pages/position', (route) => route.fulfill({ status: 412, json: { error: 'the list was changed' } }));
    try {
      await page.getByRole('button', { name: `move up: ${PACKING}` }).click();
      await page.getByText('failed to update move page position').waitFor();
      await poll(() => titles()).toEqual(before);
    } finally {
      await page.unrouteAll();
    }
  });
});
