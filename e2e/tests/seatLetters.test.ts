import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { movedPerson, staffApi as api } from '../support/movedPerson.ts';
import { demoMoveScreen } from '../support/demoMove.ts';

// Issue 27: seat letters from the planner's People step of the demo move, whose placed people Ola, Kari,
// Ingrid and Lars have addresses (local/src/seedPlanner.ts): sent through the queue, watched going out.
let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'staff@movers.test');
});
afterAll(async () => {
  await browser?.close();
});

const stack = () => inject('stack');
const mailbox = async () => (await (await fetch(`${stack().settings.GRAPH_BASE_URL}_local/mail`)).json()) as { to: string[]; subject: string }[];

describe('seat letters', () => {
  it('are sent to everyone with an address and a seat after a confirmation, and the screen shows them sent', async () => {
    await page.goto(`${webOrigin()}${demoMoveScreen('floor-planner')}`);
    await page.getByRole('button', { name: '3. people' }).click();
    const letters = page.getByRole('region', { name: 'Seat letters' });
    await letters
      .getByRole('status')
      .getByText(/^Sent 0 · waiting 0 · failed 0 · without address \d+ · without seat \d+$/)
      .waitFor();
    await expectAccessible(page, 'planner people step with seat letters');

    await letters.getByRole('button', { name: 'Send seat letters' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Send seat letters to 4 people?' });
    await dialog.getByRole('button', { name: 'send' }).click();
    await page.getByText('Queued 4 letters').waitFor();
    await letters
      .getByRole('status')
      .getByText(/^Sent 4 · waiting 0 · failed 0/)
      .waitFor({ timeout: 30_000 });
    await letters
      .locator('tr', { hasText: 'Ingrid Hansen' })
      .getByText(/^sent \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
      .waitFor();
    await poll(async () => (await mailbox()).filter((m) => m.to.includes('ingrid@client-a.test')).length).toBe(1);

    // Nobody is left to send to: the button is off, and nobody got two letters.
    expect(await letters.getByRole('button', { name: 'Send seat letters' }).isDisabled()).toBe(true);
    expect(await letters.getByRole('button', { name: 'Send to changed seats (0)' }).isDisabled()).toBe(true);
    const toOla = (await mailbox()).filter((m) => m.to.includes('ola@client-a.test'));
    expect(toOla.map((m) => m.subject)).toEqual(['Din plass i Aurora HQ Bjørvika']);
  });

  it('ask before sending corrections, saying how many people and that their old labels become invalid; Cancel sends nothing (issue 45)', async () => {
    const kari = await movedKari();
    await page.goto(`${webOrigin()}${kari.screen}`);
    await page.getByRole('button', { name: '3. people' }).click();
    const letters = page.getByRole('region', { name: 'Seat letters' });
    const sends: string[] = [];
    const watch = (request: Request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/seat-letters')) sends.push(request.url());
    };
    page.on('request', watch);
    try {
      // By keyboard: the question opens on its Cancel, so Enter alone sends nothing.
      const corrections = letters.getByRole('button', { name: 'Send corrections and replace old labels (1)' });
      await corrections.focus();
      await page.keyboard.press('Enter');
      const question = page.getByRole('alertdialog', { name: 'Send a correction to 1 person?' });
      await question
        .getByText(
          // What changed for whom (issue 55): her seat, none of her wave's times.
          'Each correction replaces the earlier letter and names what changed for its person, old → new (the list shows it for each): a new seat for 1 person, a new wave or new moving times for 0 people. It says that the earlier letter’s link no longer works. The old labels become invalid: print the new ones with ‘Labels for changed people only’.',
        )
        .waitFor();
      await expectAccessible(page, 'the question before the corrections');
      const cancel = question.getByRole('button', { name: 'cancel' });
      await poll(() => cancel.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await question.waitFor({ state: 'hidden' });

      // Nothing was sent: no request, her seat still changed since her letter, and her one letter.
      expect(sends).toEqual([]);
      const state = await api<{ counts: { changed: number; waiting: number }; rows: { labelsReplacedAt: string | null }[] }>(
        'GET',
        `/v1/moves/${kari.moveId}/seat-letters`,
      );
      expect(state.counts).toMatchObject({ changed: 1, waiting: 0 });
      expect(state.rows[0].labelsReplacedAt).toBeNull();
      expect((await mailbox()).filter((m) => m.to.includes(kari.email)).map((m) => m.subject)).toEqual(['Your seat at Letters HQ']);
      expect(await corrections.isDisabled()).toBe(false);

      // Asked again and answered: the correction goes out, saying what it is.
      await corrections.click();
      await question.getByRole('button', { name: 'send' }).click();
      await page.getByText('Queued 1 letters').waitFor();
      await poll(async () => (await mailbox()).filter((m) => m.to.includes(kari.email)).map((m) => m.subject)).toEqual([
        'Your seat at Letters HQ',
        'Correction: your new seat at Letters HQ (replaces the earlier letter)',
      ]);
      expect(sends).toHaveLength(1);

      // Sent (issue 55): she is no longer counted as changed since her letter, but listed as corrected, with what for.
      await letters.getByRole('heading', { name: 'Changed since their letter (0)' }).waitFor({ timeout: 30_000 });
      await letters.getByRole('heading', { name: 'Corrections sent (1)' }).waitFor();
      await letters
        .getByRole('list', { name: 'Corrections sent (1)' })
        .getByText(/^Seat: Floor 7 · 100 → Floor 7 · 101, by /)
        .waitFor();
      await expectAccessible(page, 'seat letters after the correction was sent');
    } finally {
      page.off('request', watch);
    }
  });
});

const movedKari = () => movedPerson({ label: 'Letters', name: 'Kari Rettelse', spaces: ['100', '101'] });
