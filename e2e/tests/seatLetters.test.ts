import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launch, poll, signIn, webOrigin } from '../support/browser.ts';
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

const mailbox = async () => (await (await fetch(`${inject('stack').settings.GRAPH_BASE_URL}_local/mail`)).json()) as { to: string[]; subject: string }[];

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
});
