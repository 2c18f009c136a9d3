import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { avatarPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
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
          'Each correction replaces the earlier letter: it shows the old seat and the new one, and says that the earlier letter’s link no longer works. The old labels become invalid: print the new ones with ‘Labels for changed people only’.',
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
    } finally {
      page.off('request', watch);
    }
  });
});

async function api<T = { id: string; etag: string }>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${stack().apiOrigin}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${stack().tokens.staff}`,
      ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}: ${response.status}`).toBeLessThan(300);
  return response.json() as Promise<T>;
}

/**
 * A move of its own (the demo move's letters stay as the test above leaves them) with a published floor 7:
 * Kari's letter is sent for space 100, then she is moved to 101 through the API.
 */
async function movedKari() {
  const tag = Date.now().toString(36);
  const client = await api('POST', '/v1/clients', { name: `Zz Letters ${tag}`, orgNumber: '900 111 437', countryId: 'IE', active: true });
  const location = await api('POST', `/v1/clients/${client.id}/locations`, {
    name: 'Letters HQ',
    address: 'Veien 45',
    city: 'Oslo',
    countryId: 'NO',
    isOffice: true,
  });
  const move = await api('POST', `/v1/locations/${location.id}/moves`, moveInput(`zz-letters-${tag}`, { languages: ['en', 'no'], defaultLanguage: 'en' }));
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: '7', floor_size: 'small', published: 'true' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(avatarPng(40, [0, 90, 158]))], { type: 'image/png' }), 'plan.png');
  const floor = await api('POST', `/v1/moves/${move.id}/layouts`, form);
  const spaces: string[] = [];
  for (const [i, title] of ['100', '101'].entries())
    spaces.push(
      (await api('POST', `/v1/layouts/${floor.id}/markers`, { marker_type: 'room', title, coordinates: { positionX: 10 + i * 20, positionY: 20 } })).id,
    );
  const email = `kari.${tag}@letters.test`;
  const kari = await api('POST', '/v1/marker-users', { name: 'Kari Rettelse', email, move_layout_marker_id: spaces[0] });
  await api('POST', `/v1/moves/${move.id}/seat-letters`, { scope: 'all' });
  await poll(async () => (await api<{ counts: { sent: number } }>('GET', `/v1/moves/${move.id}/seat-letters`)).counts.sent).toBe(1);
  await api('PUT', `/v1/marker-users/${kari.id}`, { name: 'Kari Rettelse', move_layout_marker_id: spaces[1] }, { 'If-Match': kari.etag });
  return { screen: `/admin/clients/${client.id}/${location.id}/${client.id}_${location.id}/floor-planner`, moveId: move.id, email };
}
