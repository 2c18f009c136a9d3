import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { formatWaveWindow } from '@movers/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { floorPlanPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { expectAccessible, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { choose, pressInDialog } from '../support/fluent.ts';
import { staffApi } from '../support/movedPerson.ts';
import { ownLocation, staffPost } from '../support/ownLocation.ts';

// Waves (issue 48) in the planner: the sticker sheet prints each person's wave (its number large, its name
// and colour) so the crew loads by wave, and the seat letters are sent a wave at a time; a wave whose times
// moved is listed with what changed, old → new, and corrected (issue 55). A move of the test's own.

const tag = Date.now().toString(36);
const ANN = `ann.${tag}@wavelabels.test`;
const BO = `bo.${tag}@wavelabels.test`;
const stack = () => inject('stack');
const mailTo = async (address: string) =>
  ((await (await fetch(`${stack().settings.GRAPH_BASE_URL}_local/mail`)).json()) as { to: string[]; subject: string; body: string }[]).filter((m) =>
    m.to.includes(address),
  );

let browser: Browser;
let page: Page;
let screen = '';
let annId = '';
let boId = '';
let itWave = { id: '', etag: '' };
let waveDay = '';
let moveId = '';

beforeAll(async () => {
  const { clientId, locationId } = await ownLocation('Wave Labels', '900 111 640');
  const move = await staffPost(`/v1/locations/${locationId}/moves`, moveInput(`zz-wave-labels-${tag}`, { languages: ['en', 'no'], defaultLanguage: 'en' }));
  moveId = move.id;
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: '5', floor_size: 'small', published: 'true' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(floorPlanPng(240, 120))], { type: 'image/png' }), 'plan.png');
  const floor = await staffApi('POST', `/v1/moves/${move.id}/layouts`, form);
  const space = await staffPost(`/v1/layouts/${floor.id}/markers`, { coordinates: { positionX: 30, positionY: 40 }, marker_type: 'room', title: '501' });
  annId = (await staffPost('/v1/marker-users', { name: 'Ann Wave', email: ANN, move_layout_marker_id: space.id })).id;
  boId = (await staffPost('/v1/marker-users', { name: 'Bo Salg', email: BO, move_layout_marker_id: space.id })).id;
  await staffPost('/v1/marker-users', { name: 'Cy Nowave', move_layout_marker_id: space.id });
  waveDay = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
  // Two waves whose names begin alike, as a team names them: the stickers tell them apart by number.
  itWave = await staffPost<{ id: string; etag: string }>(`/v1/moves/${move.id}/waves`, {
    name: 'Bølge 1 IT',
    day: waveDay,
    color: 'green',
    pickUp: { start: `${waveDay}T13:00`, end: `${waveDay}T14:00` },
  });
  const sales = await staffPost(`/v1/moves/${move.id}/waves`, { name: 'Bølge 2 Salg', day: waveDay, color: 'blue' });
  const into = async (personId: string, waveId: string) => {
    const people = await fetch(`${stack().apiOrigin}/api/v1/moves/${move.id}/people`, { headers: { Authorization: `Bearer ${stack().tokens.staff}` } });
    await staffApi('POST', `/v1/moves/${move.id}/people/wave`, { personIds: [personId], waveId }, { 'If-Match': people.headers.get('etag') ?? '' });
  };
  await into(annId, itWave.id);
  await into(boId, sales.id);
  screen = `/admin/clients/${clientId}/${locationId}/${move.id}/floor-planner`;
  browser = await launch();
  page = await signIn(browser, 'staff@movers.test');
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('waves in the planner', () => {
  it("print each person's wave on their stickers, its number large and in black in every layout, and the order sheet shows it (issue 55)", async () => {
    await page.goto(`${webOrigin()}${screen}?step=labels`);
    const order = page.getByRole('table', { name: 'Label order sheet' });
    await order.getByRole('columnheader', { name: 'Wave' }).waitFor();
    await order
      .getByRole('row', { name: /Ann Wave/ })
      .getByRole('cell', { name: '1 · Bølge 1 IT', exact: true })
      .waitFor();
    await order
      .getByRole('row', { name: /Bo Salg/ })
      .getByRole('cell', { name: '2 · Bølge 2 Salg', exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Show sticker sheet' }).click();
    const sheet = page.getByRole('region', { name: 'Print sticker sheet' });
    const sticker = (id: string) => sheet.locator(`[data-sticker="${id}"]`).first();
    for (const layout of ['3 × 8 · 70 × 37 mm', '2 × 7 · 99.1 × 38.1 mm', '3 × 7 · 63.5 × 38.1 mm']) {
      await sheet.getByText(layout, { exact: true }).click();
      await poll(() => sheet.getByRole('radio', { name: layout }).isChecked()).toBe(true);
      for (const [id, number] of [
        [annId, '1'],
        [boId, '2'],
      ]) {
        const shown = await waveNumberOn(sticker(id));
        expect(shown, layout).toMatchObject({ text: number, black: true, inside: true });
        // Large: as tall as 16 pt type (21 px), where the old line was 9 pt.
        expect(shown.fontPx, layout).toBeGreaterThanOrEqual(21);
      }
      expect(await sticker(annId).getByText('Wave', { exact: true }).isVisible()).toBe(true);
    }
    expect(await sheet.locator('[data-sticker]', { hasText: 'Cy Nowave' }).first().locator('.sticker-wave').count()).toBe(0);
    await expectAccessible(page, 'the sticker sheet with waves');

    // The label CSV a label printer reads carries the wave, its colour and the number the stickers print,
    // the wave named in the screen's language (issue 55).
    const download = page.waitForEvent('download');
    const asked = page.waitForRequest((request) => /\/layouts\.csv\b/.test(request.url()));
    await page.getByRole('button', { name: 'Download csv' }).first().click();
    expect(new URL((await asked).url()).searchParams.get('lang')).toBe('en');
    const csv = (await readFile((await (await download).path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe('Name;Floor;Space;Table;Colour;Count;Room number;Company name;Seat link;Wave;Wave colour;Wave number');
    const waveCells = (name: string) =>
      csv
        .find((line) => line.startsWith(`${name};`))
        ?.split(';')
        .slice(-3);
    expect(waveCells('Ann Wave')).toEqual(['Bølge 1 IT', 'green', '1']);
    expect(waveCells('Bo Salg')).toEqual(['Bølge 2 Salg', 'blue', '2']);
    expect(waveCells('Cy Nowave')).toEqual(['', '', '']);
  });

  it('send the seat letters of one wave: only its people are mailed', async () => {
    await page.goto(`${webOrigin()}${screen}`);
    await page.getByRole('button', { name: '3. people' }).click();
    const letters = page.getByRole('region', { name: 'Seat letters' });
    await letters.getByRole('columnheader', { name: 'Wave' }).waitFor();
    await choose(page, 'Send to', 'Wave 1 · Bølge 1 IT');
    await letters.getByRole('button', { name: 'Send seat letters' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Send seat letters to 1 people?' });
    await pressInDialog(page, dialog, 'send');
    await page.getByText('Queued 1 letters').waitFor();
    await poll(async () => (await mailTo(ANN)).length).toBe(1);
    expect(await mailTo(BO)).toHaveLength(0);
    await expectAccessible(page, 'seat letters of a move with waves');

    // The letter on a 390 px phone (issue 55): its wave named once, its links by words, nothing runs off the screen.
    const [letter] = await mailTo(ANN);
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await phone.setContent(letter.body);
      await phone.getByText('Your move wave: Bølge 1 IT', { exact: true }).waitFor();
      await phone.getByRole('link', { name: 'Open your seat on the floor plan' }).waitFor();
      await phone.getByRole('link', { name: 'Open your own page' }).waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await phone.getByText(/https?:\/\//).count()).toBe(0);
    } finally {
      await phone.close();
    }
  });

  it("list a wave's moved pick-up as what changed, old → new, ask before correcting saying for whom, and no longer count them changed once sent (issue 55)", async () => {
    await poll(async () => (await mailTo(ANN)).length).toBe(1);
    const before = { start: `${waveDay}T13:00`, end: `${waveDay}T14:00` };
    const after = { start: `${waveDay}T13:30`, end: `${waveDay}T14:30` };
    await staffApi(
      'PUT',
      `/v1/waves/${itWave.id}`,
      { name: 'Bølge 1 IT', day: waveDay, packBy: null, pickUp: after, arrival: null, capacity: { people: null, crates: null }, color: 'green' },
      {
        'If-Match': (await staffApi<{ waves: { id: string; etag: string }[] }>('GET', `/v1/moves/${moveId}/waves`)).waves.find((w) => w.id === itWave.id)!.etag,
      },
    );
    await page.goto(`${webOrigin()}${screen}`);
    await page.getByRole('button', { name: '3. people' }).click();
    const letters = page.getByRole('region', { name: 'Seat letters' });
    const changed = letters.getByRole('list', { name: 'Changed since their letter (1)' });
    const ann = changed.locator(`[data-changed-person="${annId}"]`);
    await ann.getByText(`Pick-up: ${formatWaveWindow(before, 'en')} → ${formatWaveWindow(after, 'en')}`, { exact: true }).waitFor();
    expect(await ann.getByText(/^Wave:/).count()).toBe(0);
    await expectAccessible(page, 'seat letters with a wave whose pick-up moved');

    await letters.getByRole('button', { name: 'Send corrections and replace old labels (1)' }).click();
    const question = page.getByRole('alertdialog', { name: 'Send a correction to 1 person?' });
    await question
      .getByText(/names what changed for its person, old → new .*: a new seat for 0 people, a new wave or new moving times for 1 person\./)
      .waitFor();
    await pressInDialog(page, question, 'send');
    await page.getByText('Queued 1 letters').waitFor();
    await poll(async () => (await mailTo(ANN)).map((m) => m.subject)).toEqual([
      expect.any(String),
      expect.stringMatching(/^Correction: your moving times at /),
    ]);
    // Sent: nobody is changed since their letter now; Ann is listed as corrected, with what it was for.
    await letters.getByRole('heading', { name: 'Changed since their letter (0)' }).waitFor({ timeout: 30_000 });
    await letters.getByRole('heading', { name: 'Corrections sent (1)' }).waitFor();
    await letters
      .getByRole('list', { name: 'Corrections sent (1)' })
      .getByText(`Pick-up: ${formatWaveWindow(before, 'en')} → ${formatWaveWindow(after, 'en')}`, { exact: true })
      .waitFor();
    await expectAccessible(page, 'seat letters after the corrections were sent');
  });
});

/** The wave's number on a sticker: its text, type size, whether it is black and whole inside the sticker (not cut). */
function waveNumberOn(sticker: Locator) {
  return sticker.evaluate((element) => {
    const number = element.querySelector<HTMLElement>('.sticker-wave-number');
    if (!number) return { text: null, fontPx: 0, black: false, inside: false };
    const box = number.getBoundingClientRect();
    const outer = element.getBoundingClientRect();
    const style = getComputedStyle(number);
    return {
      text: number.textContent?.trim() ?? '',
      fontPx: Number.parseFloat(style.fontSize),
      black: style.color === 'rgb(0, 0, 0)',
      inside: box.width > 0 && box.left >= outer.left && box.right <= outer.right + 0.5 && box.top >= outer.top && box.bottom <= outer.bottom + 0.5,
    };
  });
}
