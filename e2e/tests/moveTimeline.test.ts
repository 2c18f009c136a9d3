import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_A_ID as CLIENT_A } from '@movers/local/src/directory.ts';
import { expectAccessible, expectPath, launch, signIn, webOrigin } from '../support/browser.ts';
import { DEMO_LOCATION, demoMoveScreen } from '../support/demoMove.ts';

// The move timeline (issue 13): 'any signed-in', so the client's own External user keeps it. The seeded sections stay as found.
// The demo move speaks bokmål by default and English too: each title has a box per language (issue 39).

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'ext-a@client-a.test');
});
afterAll(async () => {
  await browser?.close();
});

describe('move timeline', () => {
  it('is opened from the location dashboard card, and an External user of the client adds, edits and deletes a section', async () => {
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/locations/${DEMO_LOCATION}`);
    const card = page.getByRole('region', { name: 'move timeline' });
    await card.getByText('Flyttehelgen').waitFor();
    await card.getByRole('link', { name: 'edit move timeline' }).click();
    await expectPath(page, demoMoveScreen('timeline'));
    await expect.poll(() => page.getByRole('navigation', { name: 'breadcrumb' }).innerText()).toMatch(/move timeline$/);
    await page.getByRole('heading', { name: 'Flyttehelgen', level: 2 }).waitFor();

    await page.getByRole('button', { name: 'add section' }).click();
    await page.getByRole('textbox', { name: 'section title in Norsk (bokmål)' }).fill('Zz key handover');
    await page.getByRole('textbox', { name: 'section date' }).fill('01.09.2026');
    await page.getByRole('button', { name: 'save section' }).click();
    await page.getByText('successfully saved section').waitFor();
    await page.getByRole('button', { name: 'add event to Zz key handover' }).click();
    await page.getByRole('textbox', { name: 'event title in Norsk (bokmål)' }).fill('Keys returned');
    await page.getByRole('textbox', { name: 'start date' }).fill('02.09.2026');
    await page.getByRole('textbox', { name: 'end date' }).fill('04.09.2026');
    await page.getByRole('button', { name: 'save event' }).click();
    await page.getByText('successfully saved event').waitFor();
    await page.getByText('2–4 September 2026: Keys returned').waitFor();
    await expectAccessible(page, 'move timeline');

    await page.getByRole('button', { name: 'delete section Zz key handover' }).click();
    await page.getByText("This item will be deleted immediately. You can't undo this action").waitFor();
    await page.getByRole('button', { name: 'delete', exact: true }).click();
    await page.getByText('successfully deleted').waitFor();
    await page.getByRole('heading', { name: 'Zz key handover', level: 2 }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Flyttehelgen', level: 2 }).waitFor();
  });

  it("keeps a section's events when only its title is changed, also after a reload", async () => {
    // The form once sent its create schema's default `events: []` with the title, and the events were gone.
    await page.goto(`${webOrigin()}${demoMoveScreen('timeline')}`);
    await page.getByRole('heading', { name: 'Flyttehelgen', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'add section' }).click();
    await page.getByRole('textbox', { name: 'section title in Norsk (bokmål)' }).fill('Zz cleaning');
    await page.getByRole('textbox', { name: 'section date' }).fill('05.09.2026');
    await page.getByRole('button', { name: 'save section' }).click();
    await page.getByRole('button', { name: 'add event to Zz cleaning' }).click();
    await page.getByRole('textbox', { name: 'event title in Norsk (bokmål)' }).fill('Final clean');
    await page.getByRole('textbox', { name: 'start date' }).fill('06.09.2026');
    await page.getByRole('button', { name: 'save event' }).click();
    await page.getByText('6 September 2026: Final clean').waitFor();

    await page.reload();
    await page.getByText('6 September 2026: Final clean').waitFor();
    await page.getByRole('button', { name: 'edit section Zz cleaning' }).click();
    const form = page.getByRole('form', { name: 'edit section Zz cleaning' });
    await form.getByRole('textbox', { name: 'section title in Norsk (bokmål)' }).fill('Zz final cleaning');
    await form.getByRole('button', { name: 'save section' }).click();
    await page.getByText('successfully saved section').waitFor();
    await page.getByRole('heading', { name: 'Zz final cleaning', level: 2 }).waitFor();
    const events = page.getByRole('list', { name: 'events of Zz final cleaning' });
    await events.getByText('6 September 2026: Final clean').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Zz final cleaning', level: 2 }).waitFor();
    await page.getByRole('list', { name: 'events of Zz final cleaning' }).getByText('6 September 2026: Final clean').waitFor();

    await page.getByRole('button', { name: 'delete section Zz final cleaning' }).click();
    await page.getByRole('button', { name: 'delete', exact: true }).click();
    await page.getByRole('heading', { name: 'Zz final cleaning', level: 2 }).waitFor({ state: 'detached' });
  });
});
