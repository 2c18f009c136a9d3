import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectPath, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { CLIENT_A_ID as CLIENT_A } from '@movers/local/src/directory.ts';
import { demoMoveScreen } from '../support/demoMove.ts';

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
/** The outermost elements that reach past the phone's width, for the failure's message. */
const widerThanPhone = () =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && (e.parentElement?.getBoundingClientRect().right ?? 0) <= window.innerWidth + 1)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 80)} (${Math.round(e.getBoundingClientRect().right)} px): ${e.textContent?.slice(0, 60)}`,
      )
      .join('\n'),
  );
/** The page fits the phone's width once laid out; else the failure names what is wider. */
async function expectFitsPhone() {
  try {
    await poll(sidewaysOverflow).toBeLessThanOrEqual(0);
  } catch (error) {
    throw new Error(`the page scrolls sideways; wider than the phone:\n${await widerThanPhone()}`, { cause: error });
  }
}

describe('at a phone width (390 px)', () => {
  it('shows the clients list without sideways scrolling; wide tables scroll in their own box', async () => {
    await page.goto(`${webOrigin()}/admin/clients`);
    const grid = page.getByRole('grid', { name: 'clients' });
    await grid.getByRole('link', { name: 'Aurora Shipping AS' }).waitFor();
    await expectFitsPhone();
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
    await expectFitsPhone();
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/create-lease`);
    await page.getByRole('form', { name: 'create lease' }).waitFor();
    await expectFitsPhone();
  });

  it('shows the client and brokering dashboards without sideways scrolling', async () => {
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}`);
    await page.getByRole('grid', { name: 'leases' }).waitFor();
    await expectFitsPhone();
    await expectAccessible(page, 'client dashboard on a phone');
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/${PROJECT}/brokering-dashboard`);
    await page.getByRole('tree', { name: 'Contracts' }).waitFor();
    await expectFitsPhone();
  });

  it('shows the planner steps without sideways scrolling, people as cards, and the feedback table in its own box', async () => {
    await page.goto(`${webOrigin()}${demoMoveScreen('floor-planner')}`);
    const plan = page.getByRole('application', { name: /^Floor plan/ });
    await plan.getByRole('button', { name: /^Space 202/ }).waitFor();
    await expectFitsPhone();
    // The floor's markers keep apart at this width: no two marker boxes overlap.
    const boxes = await plan.locator('button[aria-label^="Space"], button[aria-label^="Table"]').evaluateAll((buttons) =>
      buttons.map((b) => {
        const r = b.getBoundingClientRect();
        return { name: b.getAttribute('aria-label'), left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }),
    );
    expect(boxes.length).toBeGreaterThan(1);
    const overlapping = boxes.flatMap((a, i) =>
      boxes
        .slice(i + 1)
        .filter((b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
        .map((b) => `${a.name} / ${b.name}`),
    );
    expect(overlapping).toEqual([]);
    await expectAccessible(page, 'planner areas step on a phone');

    await page
      .getByRole('button', { name: /people/ })
      .first()
      .click();
    // One card per person (name, address, place, stickers, actions), not a table squeezed to letters.
    const people = page.getByRole('list', { name: 'People' });
    await people.getByRole('listitem').first().waitFor();
    await expectFitsPhone();
    const cards = await people.getByRole('listitem').evaluateAll((items) =>
      items.slice(0, 5).map((card) => {
        const assign = [...card.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Assign');
        const right = assign?.getBoundingClientRect().right ?? Number.POSITIVE_INFINITY;
        return { width: card.getBoundingClientRect().width, assignRight: right, text: card.textContent ?? '' };
      }),
    );
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(card.width).toBeGreaterThan(300);
      // The Assign button is whole on the screen.
      expect(card.assignRight).toBeLessThanOrEqual(PHONE.width);
    }
    // A name keeps to one line: its box is wider than a letter.
    const nameWidth = await people
      .getByRole('listitem')
      .first()
      .locator('button, span')
      .first()
      .evaluate((e) => e.getBoundingClientRect().width);
    expect(nameWidth).toBeGreaterThan(40);
    await expectAccessible(page, 'planner people step on a phone');

    // The floors step fits too, and a floor number is readable in its box.
    await page.goto(`${webOrigin()}${demoMoveScreen('floor-planner')}?step=floors`);
    const floorsTable = page.getByRole('table', { name: 'Specify floors' });
    await floorsTable.waitFor();
    await expectFitsPhone();
    const floorNumber = await floorsTable
      .getByRole('textbox')
      .first()
      .evaluate((input) => ({ width: (input as HTMLInputElement).clientWidth, value: (input as HTMLInputElement).value }));
    expect(floorNumber.width).toBeGreaterThanOrEqual(40);
    await expectAccessible(page, 'planner floors step on a phone');
    // And the labels step.
    await page.goto(`${webOrigin()}${demoMoveScreen('floor-planner')}?step=labels`);
    await page.getByRole('button', { name: 'Download csv' }).first().waitFor();
    await expectFitsPhone();

    await page.goto(`${webOrigin()}${demoMoveScreen('feedback')}`);
    const feedback = page.getByRole('table').first();
    await feedback.locator('tbody tr').first().waitFor();
    await expectFitsPhone();
    const right = await feedback.evaluate((table) => table.parentElement!.getBoundingClientRect().right);
    expect(right).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'feedback on a phone');
  });

  it('keeps the feedback inbox words whole, one word for unanswered, and opens an item from its question', async () => {
    await page.goto(`${webOrigin()}${demoMoveScreen('feedback')}`);
    const feedback = page.getByRole('table', { name: 'feedback' });
    await feedback.locator('tbody tr').first().waitFor();
    await expectFitsPhone();
    // Every status is on one line ('unans wered' was broken mid-word).
    const lines = await feedback.locator('tbody tr td:nth-child(2)').evaluateAll((cells) =>
      cells.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return { text: cell.textContent, lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size };
      }),
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line, String(line.text)).toEqual({ text: line.text, lines: 1 });
    // The filter names the status as the rows do.
    expect(lines.some((l) => l.text === 'unanswered')).toBe(true);
    await page.getByRole('button', { name: 'unanswered', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'pending', exact: true }).count()).toBe(0);
    // A click on the question opens the item, not only the chevron.
    await feedback.getByText('Is there a canteen in the new building?').click();
    await page.getByRole('textbox', { name: 'response' }).waitFor();
    await expectAccessible(page, 'feedback item open on a phone');
  });
});
