import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { avatarPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { expectAccessible, launch, poll, signIn, webOrigin } from '../support/browser.ts';

// Issue 39: the People step of a move of its own, as a coordinator fills it on their first day: names
// pasted, an ordinary CSV imported (commas, a header naming its columns in another order), what the
// file will do shown before the confirmation, and the seat letters panel following every change.

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'staff@movers.test');
});
afterAll(async () => {
  await browser?.close();
});

const headers = () => ({ Authorization: `Bearer ${inject('stack').tokens.staff}` });
async function post(path: string, body: unknown) {
  const response = await fetch(`${inject('stack').apiOrigin}/api${path}`, {
    method: 'POST',
    headers: { ...headers(), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A client, location and move of their own, with a published floor 1 holding space 101 (table A) and 102. */
async function newMove(): Promise<string> {
  const tag = Date.now().toString(36);
  const client = await post('/v1/clients', { name: `Zz Import ${tag}`, orgNumber: '900 111 444', countryId: 'IE', active: true });
  const location = await post(`/v1/clients/${client.id}/locations`, { name: 'Import HQ', address: 'Veien 3', city: 'Oslo', countryId: 'NO', isOffice: true });
  const move = await post(`/v1/locations/${location.id}/moves`, moveInput(`zz-import-${tag}`));
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: '1', floor_size: 'small', label_color: 'red', published: 'true', isDefault: 'true' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(avatarPng(40, [0, 90, 158]))], { type: 'image/png' }), 'plan.png');
  const floorResponse = await fetch(`${inject('stack').apiOrigin}/api/v1/moves/${move.id}/layouts`, { method: 'POST', headers: headers(), body: form });
  if (!floorResponse.ok) throw new Error(`floor: ${floorResponse.status} ${await floorResponse.text()}`);
  const floor = await floorResponse.json();
  const room = (title: string) => post(`/v1/layouts/${floor.id}/markers`, { marker_type: 'room', title, coordinates: { positionX: 10, positionY: 10 } });
  const space = await room('101');
  await room('102');
  await post(`/v1/layouts/${floor.id}/markers`, { marker_type: 'table', title: 'A', spaceId: space.id, coordinates: { positionX: 12, positionY: 12 } });
  return `/admin/clients/${client.id}/${location.id}/${move.id}/floor-planner?step=people`;
}

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

describe('the People step (issue 39)', () => {
  it('imports an ordinary file after showing what it will do, and the seat letters panel follows every change', async () => {
    await page.goto(`${webOrigin()}${await newMove()}`);
    const letters = page.getByRole('region', { name: 'Seat letters' });
    const counts = letters.getByRole('status');
    await letters.getByText('Nobody has both an e-mail address and a seat on a published floor').waitFor();
    await counts.getByText('Sent 0 · waiting 0 · failed 0 · without address 0 · without seat 0').waitFor();

    // A letter is offered in the move's languages only (this move speaks English alone).
    await letters.getByRole('combobox', { name: /^Letter language/ }).click();
    await poll(() => page.getByRole('listbox').getByRole('option').allInnerTexts()).toEqual(["the move's default language", 'English']);
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });

    // Names pasted: the panel counts them at once, without a reload.
    await page.getByRole('textbox', { name: 'Names, one a line' }).fill('Kari Nordmann\nÅse Ødegård');
    await page.getByRole('button', { name: 'Add people' }).click();
    await counts.getByText('Sent 0 · waiting 0 · failed 0 · without address 2 · without seat 0').waitFor();
    expect(await letters.getByRole('button', { name: 'Send seat letters' }).isDisabled()).toBe(true);

    // The screen says which file it takes, and offers it as a template.
    await page.getByText(/A \.csv file: a header line, then one person a line/).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download template (.csv)' }).click();
    const template = await download;
    expect(template.suggestedFilename()).toBe('allocation-template.csv');
    // Every column the import reads, with an example row (issue 55: department, phone and wave were read but not named).
    const [header, example] = (await readFile((await template.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('space;name;email;department;phone;wave');
    expect(example).toBe('101A;Kari Nordmann;kari.nordmann@example.com;Finance;+47 912 34 567;');

    // An ordinary file: commas, a header that names its columns in its own order.
    const file =
      'name,email,place\nKari Nordmann,kari@zz-import.test,101A\nÅse Ødegård,ase@zz-import.test,102\nPer Nowhere,per@zz-import.test,999\n,x@zz-import.test,101\n';
    await page.getByLabel('Import allocation (.csv)').setInputFiles(csvFile('people.csv', file));
    const dialog = page.getByRole('alertdialog', { name: 'Import allocation' });
    const preview = dialog.getByRole('region', { name: 'What the file will do' });
    await preview.getByText('People moved to another seat: 2').waitFor();
    for (const line of ['Lines taken: 2', 'People added: 0', 'People left without a seat: 0', 'Lines refused: 2']) await preview.getByText(line).waitFor();
    await preview.getByText('line 4: Per Nowhere,per@zz-import.test,999 (no space 999)').waitFor();
    await preview.getByText('line 5: ,x@zz-import.test,101 (no name)').waitFor();
    await dialog.getByText('The file will replace the existing allocation of people.', { exact: false }).waitFor();
    await expectAccessible(page, 'import preview');
    await dialog.getByRole('button', { name: 'Import allocation' }).click();
    await page.getByText('Imported 2 people').first().waitFor();

    // The panel sees the addresses and seats without a reload: letters can go.
    await counts.getByText('Sent 0 · waiting 0 · failed 0 · without address 0 · without seat 0').waitFor();
    await poll(() => letters.getByRole('button', { name: 'Send seat letters' }).isDisabled()).toBe(false);
    expect(await letters.getByText('Nobody has both an e-mail address and a seat on a published floor').count()).toBe(0);

    // A person deleted: the panel follows.
    await page.getByRole('button', { name: 'Delete Kari Nordmann' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'delete' }).click();
    await letters.locator('tr', { hasText: 'Kari Nordmann' }).waitFor({ state: 'detached' });

    // The planner's search folds the keyboard's spellings of Norwegian letters.
    await page.getByRole('searchbox', { name: 'Search people' }).fill('Odegaard');
    await page.getByRole('table', { name: 'People' }).getByText('Åse Ødegård').waitFor();
  });

  it('offers each file to read as one control with one name, its button', async () => {
    await page.goto(`${webOrigin()}${await newMove()}`);
    await page.getByText(/A \.csv file: a header line/).waitFor();
    // The hidden file input was a second control of the same name for a screen reader.
    for (const name of ['Import allocation (.csv)', 'Upload names (.txt)']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(1);
    await expectAccessible(page, 'people step with its file buttons');
  });

  it('shows the first lines as they will be read, a quoted name with a comma staying one name, and every refused line', async () => {
    await page.goto(`${webOrigin()}${await newMove()}`);
    await poll(() => page.locator('button', { hasText: 'Import allocation (.csv)' }).isEnabled()).toBe(true);
    const file = 'name,email,place\n"Larsen, Ola",ola@zz-import.test,101A\nKari Nordmann,kari@zz-import.test,102\nPer Nowhere,per@zz-import.test,999\n';
    await page.getByLabel('Import allocation (.csv)').setInputFiles(csvFile('people.csv', file));
    const dialog = page.getByRole('alertdialog', { name: 'Import allocation' });
    const rows = dialog.getByRole('table', { name: 'The first lines as they will be read' });
    await rows.getByRole('row', { name: '2 Larsen, Ola ola@zz-import.test Floor 1 · 101 A' }).waitFor();
    await rows.getByRole('row', { name: '3 Kari Nordmann kari@zz-import.test Floor 1 · 102' }).waitFor();
    expect(await rows.getByRole('row').count()).toBe(3);
    expect(await rows.getByRole('cell', { name: 'Ola', exact: true }).count()).toBe(0);
    await dialog.getByText('line 4: Per Nowhere,per@zz-import.test,999 (no space 999)').waitFor();
    await expectAccessible(page, 'import preview with the lines as read');
    await dialog.getByRole('button', { name: 'cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows the preview in Norwegian, with the reasons in Norwegian', async () => {
    // The planner's language as its menu remembers it (the menu itself is not what this test is about).
    const at = await newMove();
    await page.evaluate(() => localStorage.setItem('planner-language', 'no'));
    await page.goto(`${webOrigin()}${at}`);
    await page.getByText(/En \.csv-fil: en overskriftslinje/).waitFor();
    await page.getByRole('button', { name: 'Last ned mal (.csv)' }).waitFor();
    // The import is offered once the people list it replaces is read (a file chosen before is not read).
    await poll(() => page.locator('button', { hasText: 'Importer fordeling (.csv)' }).isEnabled()).toBe(true);
    const file = 'Plass;Navn;E-post\n101A;Kari Nordmann;kari@zz-import.test\n103;Ola Hansen;\n';
    await page.getByLabel('Importer fordeling (.csv)').setInputFiles(csvFile('fordeling.csv', file));
    const dialog = page.getByRole('alertdialog', { name: 'Importer fordeling' });
    await dialog.getByText('Personer som legges til: 1').waitFor();
    await dialog.getByText('linje 3: 103;Ola Hansen; (ingen plass 103)').waitFor();
    await dialog.getByRole('button', { name: 'avbryt' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Ingen personer ennå: lim inn navn eller importer en fordeling.').waitFor();
    await page.evaluate(() => localStorage.setItem('planner-language', 'en'));
  });

  it('writes a place one way everywhere, and gives someone without a seat no sticker', async () => {
    const at = await newMove();
    await page.goto(`${webOrigin()}${at}`);
    await page.getByRole('textbox', { name: 'Names, one a line' }).fill('Per Uten Plass');
    await page.getByRole('button', { name: 'Add people' }).click();
    await page.getByRole('table', { name: 'People' }).getByText('Per Uten Plass').waitFor();
    await page
      .getByLabel('Import allocation (.csv)')
      .setInputFiles(csvFile('seat.csv', 'space;name;email\n101A;Kari Plassert;kari@zz-import.test\nx;Per Uten Plass;\n'));
    const dialog = page.getByRole('alertdialog', { name: 'Import allocation' });
    await dialog.getByText('People added: 1').waitFor();
    await dialog.getByRole('button', { name: 'Import allocation' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The people list and the letters list: 'Floor 1 · 101 A', the same words.
    await page
      .getByRole('table', { name: 'People' })
      .getByRole('row', { name: /Kari Plassert/ })
      .getByText('Floor 1 · 101 A')
      .waitFor();
    await page
      .getByRole('region', { name: 'Seat letters' })
      .getByRole('row', { name: /Kari Plassert/ })
      .getByText('Floor 1 · 101 A')
      .waitFor();

    await page.goto(`${webOrigin()}${at.replace('step=people', 'step=labels')}`);
    await page.getByRole('button', { name: 'Show sticker sheet' }).click();
    const sheet = page.getByRole('region', { name: 'Print sticker sheet' });
    await sheet.getByText(/^\d+ stickers? on 1 A4 sheet \(3 × 8 · 70 × 37 mm\)$/).waitFor();
    await sheet.getByText('1 person without a seat gets no sticker').waitFor();
    // The stickers follow the count once their QR codes are made (in a worker, issue 56): the sheet is no longer busy.
    await sheet.and(page.locator('[aria-busy="false"]')).waitFor();
    const rooms = await sheet.locator('.sticker-room').allInnerTexts();
    expect(rooms.length).toBeGreaterThan(0);
    expect(new Set(rooms)).toEqual(new Set(['101 A']));
    expect(await sheet.getByText('Per Uten Plass').count()).toBe(0);
    for (const meta of await sheet.locator('.sticker-meta').allInnerTexts()) expect(meta).toMatch(/^Floor 1 · Zz Import \w+$/);
  });

  it('shows the preview on a phone (390 px) without sideways scrolling, its buttons within reach', async () => {
    const phone = await signIn(browser, 'staff@movers.test', { viewport: { width: 390, height: 844 } });
    try {
      await phone.goto(`${webOrigin()}${await newMove()}`);
      await phone.getByText(/A \.csv file: a header line/).waitFor();
      // The import is offered once the people list it replaces is read.
      await poll(() => phone.locator('button', { hasText: 'Import allocation (.csv)' }).isEnabled()).toBe(true);
      const file = 'name;email;place\nKari Nordmann;kari@zz-import.test;101A\nPer Nowhere;per@zz-import.test;999\n';
      await phone.getByLabel('Import allocation (.csv)').setInputFiles(csvFile('people.csv', file));
      const dialog = phone.getByRole('alertdialog', { name: 'Import allocation' });
      await dialog.getByText('People added: 1').waitFor();
      await dialog.getByText('line 3: Per Nowhere;per@zz-import.test;999 (no space 999)').waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const box = (await dialog.getByRole('button', { name: 'Import allocation' }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await expectAccessible(phone, 'import preview on a phone');
      await dialog.getByRole('button', { name: 'cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await phone.context().close();
    }
  });
});
