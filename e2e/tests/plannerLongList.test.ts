import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floorPlanPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { expectAccessible, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { staffApi } from '../support/movedPerson.ts';
import { ownLocation, staffPost } from '../support/ownLocation.ts';

// A long list in the planner (issue 56: a head office's 2,000 people): the people step and the label order
// sheet draw only the rows in view, yet every person is in the list. With more people than a window
// holds, the last is reached by scrolling, by the keyboard and by the search, on a laptop and on a phone;
// screen readers hear the whole list's size. A move of the test's own.

const COUNT = 150;
const name = (n: number) => `Zz Long ${String(n).padStart(3, '0')}`;
const LAST = name(COUNT);

let browser: Browser;
let page: Page;
let screen = '';

beforeAll(async () => {
  const { clientId, locationId } = await ownLocation('Long list', '900 111 785');
  const move = await staffPost(
    `/v1/locations/${locationId}/moves`,
    moveInput(`zz-long-${Date.now().toString(36)}`, { languages: ['en', 'no'], defaultLanguage: 'en' }),
  );
  // The planner's steps need a floor.
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: '1', floor_size: 'small', published: 'true', isDefault: 'true' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(floorPlanPng(240, 120))], { type: 'image/png' }), 'plan.png');
  await staffApi('POST', `/v1/moves/${move.id}/layouts`, form);
  const names = Array.from({ length: COUNT }, (_, i) => name(i + 1)).join('\n');
  await staffApi('POST', `/v1/moves/${move.id}/people`, { names }, { 'Idempotency-Key': randomUUID() });
  screen = `${webOrigin()}/admin/clients/${clientId}/${locationId}/${move.id}/floor-planner`;
  browser = await launch();
  page = await signIn(browser, 'staff@movers.test');
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/** Presses End (the page scrolls to its end) until `row` is drawn: rows measured on the way may lengthen the page. */
async function toTheEnd(on: Page, row: ReturnType<Page['locator']>) {
  await on.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < 10 && (await row.count()) === 0; i++) {
    await on.keyboard.press('End');
    await on.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  await row.waitFor();
}

/** The rows drawn now, by their place in the whole list (aria-rowindex: the header is row 1). */
const drawnRows = (table: ReturnType<Page['getByRole']>) =>
  table.locator('tbody tr[aria-rowindex]').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('aria-rowindex'))));

describe('a long list in the planner (issue 56)', () => {
  it('draws the people in view, and reaches the last of 150 by scrolling, by Tab and by the search', async () => {
    await page.goto(`${screen}?step=people`);
    const people = page.getByRole('table', { name: 'People' });
    await people.locator('tr', { hasText: name(1) }).waitFor();
    // Everyone is in the list; only those in view (and a few more) are drawn.
    expect(await people.getAttribute('aria-rowcount')).toBe(String(COUNT + 1));
    const first = await drawnRows(people);
    expect(first[0]).toBe(2);
    expect(first.length).toBeLessThan(COUNT);
    expect(await people.locator('tr', { hasText: LAST }).count()).toBe(0);
    // No 'n / m' cut-off: the page is as long as the whole list.
    expect(await page.getByText(`/ ${COUNT}`).count()).toBe(0);

    // Tab from the last row drawn goes on into the rows drawn as it moves.
    const lastDrawn = people.locator(`tr[aria-rowindex="${first.at(-1)}"]`);
    await lastDrawn.getByRole('checkbox').focus();
    const focusedRow = () => page.evaluate(() => Number(document.activeElement?.closest('tr')?.getAttribute('aria-rowindex') ?? 0));
    for (let i = 0; i < 40 && (await focusedRow()) <= first.at(-1)!; i++) await page.keyboard.press('Tab');
    expect(await focusedRow()).toBe(first.at(-1)! + 1);

    // Scrolling to the end of the page: the last person's row, and what it does.
    const last = people.locator('tr', { hasText: LAST });
    await toTheEnd(page, last);
    expect(await last.getAttribute('aria-rowindex')).toBe(String(COUNT + 1));
    expect(await last.isVisible()).toBe(true);
    await expectAccessible(page, 'the people step scrolled to the last of 150');
    await last.getByRole('button', { name: `Assign ${LAST}` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Assign ${LAST}` });
    await dialog.getByRole('button', { name: 'Save' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Save' }).waitFor({ state: 'detached' });
    // The focus comes back to the row's button: the row stayed drawn.
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Assign ${LAST}`);

    // The search finds the last person from the top of the page.
    await page.keyboard.press('Home');
    await page.getByRole('searchbox', { name: 'Search people' }).fill(LAST);
    await poll(() => people.locator('tbody tr').allInnerTexts()).toEqual([expect.stringContaining(LAST)]);
    expect(await people.getAttribute('aria-rowcount')).toBe('2');
    await expectAccessible(page, 'the people step searched among 150');
  });

  it('draws the order sheet in view, and reaches its last row by scrolling', async () => {
    await page.goto(`${screen}?step=labels`);
    const order = page.getByRole('table', { name: 'Label order sheet' });
    await order.getByRole('row', { name: new RegExp(name(1)) }).waitFor();
    expect(await order.getAttribute('aria-rowcount')).toBe(String(COUNT + 1));
    expect((await drawnRows(order)).length).toBeLessThan(COUNT);
    await toTheEnd(page, order.getByRole('row', { name: new RegExp(LAST) }));
    expect(await order.getByRole('row', { name: new RegExp(LAST) }).getAttribute('aria-rowindex')).toBe(String(COUNT + 1));
    await expectAccessible(page, 'the label order sheet scrolled to the last of 150');
  });

  it('draws the cards in view on a phone, and reaches the last by scrolling', async () => {
    const phone = await signIn(browser, 'staff@movers.test', { viewport: { width: 390, height: 844 } });
    await phone.goto(`${screen}?step=people`);
    const cards = phone.getByRole('list', { name: 'People' });
    await cards
      .getByRole('listitem')
      .filter({ hasText: name(1) })
      .waitFor();
    expect(await cards.getByRole('listitem').count()).toBeLessThan(COUNT);
    expect(await cards.getByRole('listitem').first().getAttribute('aria-setsize')).toBe(String(COUNT));
    const last = cards.getByRole('listitem').filter({ hasText: LAST });
    await toTheEnd(phone, last);
    expect(await last.getAttribute('aria-posinset')).toBe(String(COUNT));
    await expectAccessible(phone, 'the people cards on a phone scrolled to the last of 150');
    await phone.context().close();
  });
});
