import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { movedPerson } from '../support/movedPerson.ts';

// Issue 37 in the planner: a person's History (seat over time, every change with before → after, restore)
// and the seat letters' corrections (what changed since the letter, labels for changed people only), on a
// move of its own so that the demo move's letters stay as the seat letters test expects them.

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'staff@movers.test');
});
afterAll(async () => {
  await browser?.close();
});

const movedKari = () => movedPerson({ label: 'History', name: 'Kari Historie', spaces: ['100', '101', '102', '103'] });

const people = () => page.getByRole('table', { name: 'People' });

/** Kari to another space through the space selection panel, by keyboard. */
async function seatKari(space: string) {
  await page.getByRole('button', { name: 'Assign Kari Historie' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Assign Kari Historie' });
  await dialog.getByRole('combobox', { name: 'Space' }).fill(space);
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).focus();
  await page.keyboard.press('Enter');
  await people().locator('tr', { hasText: 'Kari Historie' }).getByText(`Floor 7 · ${space}`, { exact: true }).waitFor();
}

let screen = '';

describe("the planner's history and corrections", () => {
  it("shows a person's two seat changes before → after, restores the first seat, and the seat letters list her change with labels for changed people only", async () => {
    ({ screen } = await movedKari());
    await page.goto(`${webOrigin()}${screen}`);
    await page.getByRole('button', { name: '3. people' }).click();
    await people().locator('tr', { hasText: 'Kari Historie' }).getByText('Floor 7 · 101', { exact: true }).waitFor();
    await seatKari('102');
    await seatKari('103');

    // Her History, by keyboard: the seat over time and each change with before → after.
    await page.getByRole('button', { name: 'History of Kari Historie' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'History of Kari Historie' });
    const timeline = dialog.locator('ol.seat-timeline > li');
    await poll(() => timeline.allInnerTexts()).toEqual([
      expect.stringMatching(/^— → Floor 7 · 100 by /),
      expect.stringMatching(/^Floor 7 · 100 → Floor 7 · 101 by /),
      expect.stringMatching(/^Floor 7 · 101 → Floor 7 · 102 by /),
      expect.stringMatching(/^Floor 7 · 102 → Floor 7 · 103 by /),
    ]);
    const changes = dialog.locator('.history-change');
    await dialog.locator('.history-change', { hasText: 'seat: Floor 7 · 102 → Floor 7 · 103' }).waitFor();
    await dialog.locator('.history-change', { hasText: 'seat: Floor 7 · 101 → Floor 7 · 102' }).waitFor();
    expect(await changes.count()).toBeGreaterThanOrEqual(3);
    await expectAccessible(page, "a person's history in the planner");

    // Restore the first of the two changes: Kari is back at 101, and the restore is itself recorded.
    const entries = dialog.locator('.history-entry');
    const first = entries.filter({ hasText: 'seat: Floor 7 · 101 → Floor 7 · 102' });
    await first.getByRole('button', { name: /^Restore the values from before this change/ }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Restore?' });
    await confirm.getByRole('button', { name: 'restore' }).click();
    await dialog.locator('.history-entry', { hasText: 'restored' }).filter({ hasText: 'seat: Floor 7 · 103 → Floor 7 · 101' }).waitFor();
    await dialog.getByRole('button', { name: 'close' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The list behind the dialog (hidden from assistive technology while it was open) shows her back.
    await people().locator('tr', { hasText: 'Kari Historie' }).getByText('Floor 7 · 101', { exact: true }).waitFor();

    // The seat letters: Kari's seat changed since her letter (100), with what changed, and her labels alone.
    const letters = page.getByRole('region', { name: 'Seat letters' });
    const changed = letters.getByRole('region', { name: 'Changed since their letter (1)' });
    const kari = changed.locator('li[data-changed-person]', { hasText: 'Kari Historie' });
    await kari.getByText(/^Seat: Floor 7 · 100 → Floor 7 · 101, by .+, \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/).waitFor();
    await kari.getByText(/^Seat: Floor 7 · 103 → Floor 7 · 101, by /).waitFor();
    await changed.getByRole('button', { name: 'Labels for changed people only' }).focus();
    await page.keyboard.press('Enter');
    const sheet = changed.getByRole('table', { name: 'Labels for changed people only' });
    await poll(() => sheet.locator('tbody tr').allInnerTexts()).toEqual([expect.stringMatching(/^Kari Historie\s+7\s+101\s/)]);
    await changed.getByRole('button', { name: 'Download CSV of changed people' }).waitFor();
    await expectAccessible(page, 'seat letters with the changed people and their labels');

    // One button: the correction goes out and her old labels are marked replaced.
    await letters.getByRole('button', { name: 'Send corrections and replace old labels (1)' }).click();
    await page.getByRole('alertdialog', { name: 'Send a correction to 1 person?' }).getByRole('button', { name: 'send' }).click();
    await letters
      .getByRole('table', { name: 'Seat letters' })
      .locator('tr', { hasText: 'Kari Historie' })
      .getByText(/^sent .* · old labels replaced$/)
      .waitFor({ timeout: 30_000 });
    // Sent, she is no longer changed since her letter (issue 55): listed as corrected, her labels still here.
    const after = letters.getByRole('region', { name: 'Changed since their letter (0)' });
    await after
      .getByRole('table', { name: 'Labels for changed people only' })
      .locator('tr', { hasText: 'Kari Historie' })
      .getByText('old labels replaced')
      .waitFor();
    await after
      .getByRole('list', { name: 'Corrections sent (1)' })
      .getByText(/^Kari Historie · old labels replaced$/)
      .waitFor();
    await expectAccessible(page, 'seat letters after the corrections');
  });

  it("shows a marker's history from its popup, in Norwegian too, and a restore puts its number back on the plan", async () => {
    expect(screen, 'the first test made the move').not.toBe('');
    await page.goto(`${webOrigin()}${screen}?step=areas`);
    const plan = page.getByRole('application', { name: /^Floor plan/ });
    await plan.getByRole('button', { name: 'Space 103: nobody' }).click();
    const popup = page.getByRole('dialog', { name: 'Edit 103' });
    await popup.getByRole('textbox', { name: 'Space number' }).fill('104');
    await popup.getByRole('textbox', { name: 'Space number' }).press('Enter');
    await plan.getByRole('button', { name: 'Space 104: nobody' }).click();
    await page.getByRole('dialog', { name: 'Edit 104' }).getByRole('button', { name: 'history' }).focus();
    await page.keyboard.press('Enter');
    // Named by the marker as it is: 'History of 103' again once restored.
    const dialog = page.getByRole('dialog', { name: /^History of 10[34]$/ });
    await dialog.locator('.history-change', { hasText: 'number or letter: 103 → 104' }).waitFor();
    await expectAccessible(page, "a marker's history in the planner");
    await dialog
      .getByRole('button', { name: /^Restore the values from before this change/ })
      .first()
      .click();
    await page.getByRole('alertdialog', { name: 'Restore?' }).getByRole('button', { name: 'restore' }).click();
    await dialog.locator('.history-entry', { hasText: 'restored' }).filter({ hasText: 'number or letter: 104 → 103' }).waitFor();
    await dialog.getByRole('button', { name: 'close' }).click();
    await plan.getByRole('button', { name: 'Space 103: nobody' }).waitFor();

    // The planner's Norwegian reaches the History panel's own words.
    await page.getByRole('combobox', { name: /^Language/ }).click();
    await page.getByRole('option', { name: 'Norsk' }).click();
    await page
      .getByRole('application')
      .getByRole('button', { name: /^Rom 103/ })
      .click();
    await page.getByRole('dialog', { name: 'Endre 103' }).getByRole('button', { name: 'historikk' }).click();
    const norsk = page.getByRole('dialog', { name: 'Historikk for 103' });
    await norsk.getByRole('heading', { name: 'Historikk', exact: true }).waitFor();
    await norsk.locator('.history-change', { hasText: 'nummer eller bokstav: 104 → 103' }).waitFor();
    await norsk
      .getByRole('button', { name: /^Gjenopprett verdiene fra før denne endringen/ })
      .first()
      .waitFor();
    await expectAccessible(page, "a marker's history in Norwegian");
    await norsk.getByRole('button', { name: 'lukk' }).click();
    await norsk.waitFor({ state: 'detached' });

    // Removing it asks first, and says where it can be brought back from (issue 45), in Norwegian too.
    const space = page.getByRole('application').getByRole('button', { name: /^Rom 103/ });
    if (!(await page.getByRole('dialog', { name: 'Endre 103' }).isVisible())) await space.click();
    await page.getByRole('dialog', { name: 'Endre 103' }).getByRole('button', { name: 'Fjern' }).click();
    const removing = page.getByRole('alertdialog', { name: /103/ });
    await poll(() => removing.innerText()).toContain('Du kan ikke angre. Du kan hente den tilbake fra flyttingens siste endringer (recent changes).');
    await expectAccessible(page, 'the planner asking before a space is removed, in Norwegian');
    await removing.getByRole('button', { name: 'avbryt' }).click();
    await poll(() => removing.count()).toBe(0);
    await page.getByRole('combobox', { name: /^Språk/ }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Mark the areas' }).waitFor();
  });
});
