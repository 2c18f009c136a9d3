import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { floorPlanPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { expectAccessible, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { choose, pressInDialog } from '../support/fluent.ts';
import { staffApi } from '../support/movedPerson.ts';
import { ownLocation, staffPost } from '../support/ownLocation.ts';

// Waves (issue 48) in the planner: the sticker sheet prints each person's wave (name and colour) so the crew
// loads by wave, and the seat letters are sent a wave at a time. A move of the test's own.

const tag = Date.now().toString(36);
const ANN = `ann.${tag}@wavelabels.test`;
const BO = `bo.${tag}@wavelabels.test`;
const stack = () => inject('stack');
const mailTo = async (address: string) =>
  ((await (await fetch(`${stack().settings.GRAPH_BASE_URL}_local/mail`)).json()) as { to: string[]; subject: string }[]).filter((m) => m.to.includes(address));

let browser: Browser;
let page: Page;
let screen = '';
let annId = '';

beforeAll(async () => {
  const { clientId, locationId } = await ownLocation('Wave Labels', '900 111 640');
  const move = await staffPost(`/v1/locations/${locationId}/moves`, moveInput(`zz-wave-labels-${tag}`, { languages: ['en', 'no'], defaultLanguage: 'en' }));
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: '5', floor_size: 'small', published: 'true' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(floorPlanPng(240, 120))], { type: 'image/png' }), 'plan.png');
  const floor = await staffApi('POST', `/v1/moves/${move.id}/layouts`, form);
  const space = await staffPost(`/v1/layouts/${floor.id}/markers`, { coordinates: { positionX: 30, positionY: 40 }, marker_type: 'room', title: '501' });
  annId = (await staffPost('/v1/marker-users', { name: 'Ann Wave', email: ANN, move_layout_marker_id: space.id })).id;
  await staffPost('/v1/marker-users', { name: 'Bo Nowave', email: BO, move_layout_marker_id: space.id });
  const day = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
  const wave = await staffPost(`/v1/moves/${move.id}/waves`, { name: 'IT', day, color: 'green' });
  const people = await fetch(`${stack().apiOrigin}/api/v1/moves/${move.id}/people`, { headers: { Authorization: `Bearer ${stack().tokens.staff}` } });
  await staffApi('POST', `/v1/moves/${move.id}/people/wave`, { personIds: [annId], waveId: wave.id }, { 'If-Match': people.headers.get('etag') ?? '' });
  screen = `/admin/clients/${clientId}/${locationId}/${move.id}/floor-planner`;
  browser = await launch();
  page = await signIn(browser, 'staff@movers.test');
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('waves in the planner', () => {
  it("print each person's wave on their stickers", async () => {
    await page.goto(`${webOrigin()}${screen}?step=labels`);
    await page.getByRole('button', { name: 'Show sticker sheet' }).click();
    const sheet = page.getByRole('region', { name: 'Print sticker sheet' });
    const ann = sheet.locator(`[data-sticker="${annId}"]`).first();
    await ann.getByText('Wave IT', { exact: true }).waitFor();
    expect(
      await sheet
        .locator('[data-sticker]', { hasText: 'Bo Nowave' })
        .first()
        .getByText(/^Wave /)
        .count(),
    ).toBe(0);
    await expectAccessible(page, 'the sticker sheet with waves');
  });

  it('send the seat letters of one wave: only its people are mailed', async () => {
    await page.goto(`${webOrigin()}${screen}`);
    await page.getByRole('button', { name: '3. people' }).click();
    const letters = page.getByRole('region', { name: 'Seat letters' });
    await letters.getByRole('columnheader', { name: 'Wave' }).waitFor();
    await choose(page, 'Send to', 'Wave IT');
    await letters.getByRole('button', { name: 'Send seat letters' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Send seat letters to 1 people?' });
    await pressInDialog(page, dialog, 'send');
    await page.getByText('Queued 1 letters').waitFor();
    await poll(async () => (await mailTo(ANN)).length).toBe(1);
    expect(await mailTo(BO)).toHaveLength(0);
    await expectAccessible(page, 'seat letters of a move with waves');
  });
});
