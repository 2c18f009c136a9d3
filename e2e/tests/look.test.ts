import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { allowConsoleErrors, expectAccessible, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { CLIENT_A_ID as CLIENT_A } from '@movers/local/src/directory.ts';
import { typeChoice } from '../support/fluent.ts';

const LEASE_A1 = `${CLIENT_A}_e0000000-0000-4000-8000-000000000001`;
const WITH_DOCUMENTS = `${CLIENT_A}_b0000000-0000-4000-8000-000000000001`;
const STAFF_USER = 'u0000000-0000-4000-8000-000000000002';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  // The width the issue was measured at.
  page = await signIn(browser, 'staff@movers.test', { viewport: { width: 1366, height: 768 } });
});
afterAll(async () => {
  await browser?.close();
});

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
};
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** WCAG contrast ratio of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const lum = (css: string) => {
    const [r, g, bl] = (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The focused element's outline, and the background behind it (the nearest ancestor with a colour). */
const focusRing = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    let bg = 'rgb(255, 255, 255)';
    for (let e: HTMLElement | null = el; e; e = e.parentElement) {
      const c = getComputedStyle(e).backgroundColor;
      if (c && c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') {
        bg = c;
        break;
      }
    }
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth), color: style.outlineColor, bg, text: el.textContent };
  });

describe('the frame', () => {
  it("keeps the top bar's items in place while the profile panel is open", async () => {
    await page.goto(`${webOrigin()}/admin`);
    // By CSS: the open panel hides the rest of the page from assistive technology (and from getByRole).
    const menu = page.locator('header button[aria-label="Stian Staff user menu"]');
    await menu.locator('img').waitFor(); // the photo, which makes the button wider than its placeholder icon
    const before = await box(menu);
    await menu.click();
    await page.getByRole('menuitem', { name: 'profile' }).click();
    await page.getByText('roles: Internal').waitFor();
    expect((await box(menu)).x).toBeCloseTo(before.x, 0);
    await page.keyboard.press('Escape');
  });

  it('shows a focus ring of 2 px or more with 3:1 contrast, light on the blue top bar and dark on white', async () => {
    await page.goto(`${webOrigin()}/admin/clients`);
    await page.getByRole('heading', { name: 'clients', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Stian Staff user menu' }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const onBar = await focusRing();
    expect(onBar.style).not.toBe('none');
    expect(onBar.width).toBeGreaterThanOrEqual(2);
    expect(contrast(onBar.color, onBar.bg)).toBeGreaterThanOrEqual(3);
    await page.getByRole('link', { name: 'add client' }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const onWhite = await focusRing();
    expect(onWhite.text).toContain('add client');
    expect(onWhite.width).toBeGreaterThanOrEqual(2);
    expect(contrast(onWhite.color, onWhite.bg)).toBeGreaterThanOrEqual(3);
  });

  it("highlights 'locations' in the menu for a location opened from the locations list", async () => {
    await page.goto(`${webOrigin()}/admin/locations`);
    const grid = page.getByRole('grid', { name: 'locations' });
    await grid.getByRole('link').first().click();
    await page.getByRole('heading', { name: 'information' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'main menu' });
    await poll(() => menu.getByRole('link', { name: /locations/ }).getAttribute('aria-current')).toBe('page');
    expect(await menu.getByRole('link', { name: /clients/ }).getAttribute('aria-current')).not.toBe('page');
  });
});

describe('toasts', () => {
  it('shows a repeated warning once', async () => {
    await page.goto(`${webOrigin()}/admin/users/create`);
    await page.getByRole('textbox', { name: 'name' }).fill('Bjørn Again');
    await page.getByRole('textbox', { name: 'contact email' }).fill('ext-b@client-b.test');
    await typeChoice(page, 'client', 'Boreal');
    allowConsoleErrors(/status of 409 .*\/users\/invitation\)$/);
    const warning = page.getByText('user with provided email already exists');
    for (let i = 0; i < 2; i++) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/users/invitation'));
      await page.getByRole('button', { name: 'create user' }).click();
      await answered;
      await warning.first().waitFor();
    }
    await page.waitForTimeout(300);
    expect(await warning.count()).toBe(1);
  });

  it('does not cover the pager', async () => {
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/edit`);
    await poll(() => page.getByRole('textbox', { name: 'name' }).inputValue()).toBe('Aurora Shipping AS');
    await page.getByRole('button', { name: 'save' }).click();
    const toast = page.getByText('successfully saved client');
    await toast.waitFor();
    // Saving goes to the client; the toast is still up when the user goes on to the list.
    await page.getByRole('navigation', { name: 'main menu' }).getByRole('link', { name: 'clients' }).click();
    const pager = page.getByRole('button', { name: 'next page' });
    await pager.waitFor();
    const toastBox = await box(page.locator('.ms-MessageBar', { has: toast }));
    for (const control of [pager, page.getByRole('button', { name: 'previous page' }), page.getByRole('combobox', { name: 'rows per page' })])
      expect(overlaps(toastBox, await box(control))).toBe(false);
  });
});

describe('tables and lists', () => {
  it('sizes the clients table to its content at 1366 px: every header readable, the name column not half the table', async () => {
    await page.goto(`${webOrigin()}/admin/clients`);
    const grid = page.getByRole('grid', { name: 'clients' });
    await grid.getByRole('link', { name: 'Aurora Shipping AS' }).waitFor();
    const headers = await grid.locator('.ms-DetailsHeader-cellName').evaluateAll((els) => els.map((e) => [e.textContent, e.scrollWidth - e.clientWidth]));
    expect(headers.filter(([, cut]) => Number(cut) > 0)).toEqual([]);
    const name = await box(grid.locator('.ms-DetailsHeader-cell[data-item-key="name"]'));
    expect(name.width).toBeLessThan((await box(grid)).width / 2);
    // The same column sizing serves the other lists.
    await page.goto(`${webOrigin()}/admin/locations`);
    const locations = page.getByRole('grid', { name: 'locations' });
    await locations.getByRole('link').first().waitFor();
    const cut = await locations
      .locator('.ms-DetailsHeader-cellName')
      .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.textContent));
    expect(cut).toEqual([]);
  });

  it('aligns the filter rows: text boxes and dropdowns share one baseline', async () => {
    for (const [path, grid] of [
      ['/admin/clients', 'clients'],
      ['/admin/locations', 'locations'],
      ['/admin/users', 'external users'],
    ]) {
      await page.goto(`${webOrigin()}${path}`);
      await page.getByRole('grid', { name: grid }).waitFor();
      const bottoms = await page
        .locator('.ms-TextField-fieldGroup, .ms-Dropdown')
        .evaluateAll((els) =>
          els.filter((e) => !e.closest('[role="grid"]') && !e.closest('.ms-Pager')).map((e) => Math.round(e.getBoundingClientRect().bottom)),
        );
      // The pager's 'rows per page' sits under the table, not in the filter row.
      const filterRow = bottoms.filter((b) => b < 400);
      expect(new Set(filterRow).size, `${path}: ${filterRow.join(', ')}`).toBe(1);
    }
  });

  it('shows a dash for a user without a client in the users list', async () => {
    await page.goto(`${webOrigin()}/admin/users`);
    const row = page.getByRole('grid', { name: 'external users' }).getByRole('row', { name: /Cecilie Unassigned/ });
    await row.waitFor();
    expect((await row.locator('[data-automation-key="client"]').textContent())?.trim()).toBe('—');
    expect((await row.locator('[data-automation-key="country"]').textContent())?.trim()).toBe('—');
  });

  it('aligns the text and the buttons of a leases row', async () => {
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}`);
    const row = page.getByRole('grid', { name: 'leases' }).getByRole('row', { name: /Bjørvika headquarters/ });
    await row.waitFor();
    // The line of the title's text itself (its cell may be taller than the text).
    const text = await row.locator('[data-automation-key="title"]').evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const r = range.getBoundingClientRect();
      return { y: r.y, height: r.height };
    });
    const button = await box(row.getByRole('link', { name: 'edit lease Bjørvika headquarters' }));
    expect(Math.abs(text.y + text.height / 2 - (button.y + button.height / 2))).toBeLessThanOrEqual(2);
  });

  it("puts an empty section's 'No items to show' on its own line under the heading", async () => {
    const stack = inject('stack');
    const created = await fetch(`${stack.apiOrigin}/api/v1/clients`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.tokens.super}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Empty Shelf Oy', orgNumber: '1234567-8', countryId: 'FI', active: true }),
    });
    const client = await created.json();
    await page.goto(`${webOrigin()}/admin/clients/${client.id}`);
    const section = page.getByRole('region', { name: 'locations' });
    await section.getByText('No items to show').waitFor();
    const heading = await box(section.getByRole('heading', { name: 'locations' }));
    const empty = await box(section.getByText('No items to show'));
    expect(empty.y).toBeGreaterThanOrEqual(heading.y + heading.height);
  });
});

describe('forms and dialogs', () => {
  it("shows an external user's name and e-mail as read-only text, not as text boxes", async () => {
    await page.goto(`${webOrigin()}/admin/users`);
    await page.getByRole('link', { name: 'Anna External' }).click();
    await page.getByRole('combobox', { name: 'client' }).waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    await page.getByText('Anna External', { exact: true }).waitFor();
    await page.getByText('ext-a@client-a.test', { exact: true }).waitFor();
    await expectAccessible(page, 'edit user with read-only fields');
  });

  it('shows an internal user read-only: no client field, no create or save button', async () => {
    await page.goto(`${webOrigin()}/admin/users/${STAFF_USER}`);
    await page.getByText('staff@movers.test', { exact: true }).waitFor();
    await page.getByText('Stian Staff', { exact: true }).first().waitFor();
    expect(await page.getByRole('combobox', { name: 'client' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /create user|save/ }).count()).toBe(0);
    await expectAccessible(page, 'internal user, read-only');
  });

  it('marks delete as destructive in a confirmation, and starts on cancel', async () => {
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/${LEASE_A1}/reminders`);
    await page.getByRole('button', { name: 'delete Check CPI adjustment' }).click();
    const dialog = page.getByRole('alertdialog');
    const del = dialog.getByRole('button', { name: 'delete' });
    await del.waitFor();
    const [r, g, b] = ((await del.evaluate((el) => getComputedStyle(el).backgroundColor)).match(/\d+/g) ?? []).map(Number);
    expect(r > 150 && g < 80 && b < 80, `delete is red, not ${r},${g},${b}`).toBe(true);
    await poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('cancel');
    await expectAccessible(page, 'destructive confirmation');
    await page.keyboard.press('Enter');
    await poll(() => dialog.count()).toBe(0);
  });

  it('opens a reminder from anywhere on its row, says it is expanded, and shows the description once', async () => {
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/${LEASE_A1}/reminders`);
    const list = page.getByRole('list', { name: 'reminders' });
    await list.getByText('Check CPI adjustment', { exact: true }).click();
    const form = page.getByRole('form', { name: 'edit Check CPI adjustment' });
    await form.waitFor();
    expect(await page.getByRole('button', { name: 'collapse Check CPI adjustment' }).getAttribute('aria-expanded')).toBe('true');
    expect(await form.getByRole('textbox', { name: 'description' }).inputValue()).toBe('Check CPI adjustment for Bjørvika headquarters');
    // Once: in the description field, not again as a paragraph above the form.
    const shown = await list.evaluate(
      (el, text) =>
        [...el.querySelectorAll('*')].filter(
          (e) => e.tagName !== 'TEXTAREA' && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent?.trim() === text),
        ).length,
      'Check CPI adjustment for Bjørvika headquarters',
    );
    expect(shown).toBe(0);
    await page.getByRole('button', { name: 'collapse Check CPI adjustment' }).click();
    await poll(() => form.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'expand Check CPI adjustment' }).getAttribute('aria-expanded')).toBe('false');
  });

  it("lists a sub-folder's files without bullets, indented under the folder", async () => {
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/${WITH_DOCUMENTS}/brokering-dashboard`);
    const appendix = page.getByRole('treeitem', { name: 'Appendix' });
    await appendix.click();
    const file = page.getByRole('treeitem', { name: /Floor plan level 3\.pdf/ });
    await file.waitFor();
    const bullets = await page
      .getByRole('tree', { name: 'Contracts' })
      .locator('li')
      .evaluateAll((items) => items.map((li) => getComputedStyle(li).listStyleType).filter((t) => t !== 'none'));
    expect(bullets).toEqual([]);
    expect((await box(file)).x).toBeGreaterThanOrEqual((await box(appendix)).x + 16);
  });
});
