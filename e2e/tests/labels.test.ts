import jsqr from 'jsqr';
import type { Browser, Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_MOVE_PATH } from '@movers/local/src/seedMoves.ts';
import { seededMarker } from '@movers/local/src/seedPlanner.ts';
import { expectAccessible, launch, newPage, poll, signIn, webOrigin } from '../support/browser.ts';
import { DEMO_MOVE, demoMoveScreen } from '../support/demoMove.ts';

// The sticker sheet's QR codes (issue 27, item 1): every sticker of a placed person carries the QR code
// of their seat link, read back here from a screenshot as a phone would; the common A4 label sheets
// are laid out in millimetres; on paper only the labels print. The seeded demo move is only read.

/** jsqr is CommonJS: its default export is the module, whose own default is the reader. */
const jsQR = jsqr.default;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  // Four times the pixels: a seat link's code has 61 modules a side in 28 mm, and jsqr reads a screenshot
  // of it reliably when a module is several whole pixels (a phone's camera sees far more).
  page = await signIn(browser, 'staff@movers.test', { page: await newPage(browser, undefined, { deviceScaleFactor: 4 }) });
});
afterAll(async () => {
  await browser?.close();
});

/** A call to the API as staff. */
async function staff(method: string, path: string, body?: unknown) {
  const stack = inject('stack');
  const headers: Record<string, string> = { Authorization: `Bearer ${stack.tokens.staff}` };
  if (method !== 'GET') headers['If-Match'] = '*';
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${stack.apiOrigin}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}

/** The demo move's people as the API gives them. */
const people = (): Promise<{ id: string; name: string; move_layout_marker_id: string | null }[]> => staff('GET', `/v1/moves/${DEMO_MOVE}/people`);

/** What a QR code on the page says, read from a screenshot of it. */
async function decode(code: Locator): Promise<string | undefined> {
  const png = PNG.sync.read(await code.screenshot());
  return jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)?.data;
}

/** A sticker's size in millimetres (96 CSS pixels to the inch), to a tenth. */
const sizeMm = async (sticker: Locator) => {
  const box = (await sticker.boundingBox())!;
  return [box.width, box.height].map((px) => Math.round((px * 254) / 96) / 10);
};

/** Picks a layout (Fluent's radio is drawn by its label, which takes the click). */
async function choose(sheet: Locator, layout: string) {
  await sheet.getByText(layout, { exact: true }).click();
  expect(await sheet.getByRole('radio', { name: layout }).isChecked()).toBe(true);
}

describe('the sticker sheet', () => {
  it("prints each placed person's seat link as a QR code on every one of their stickers, on the common A4 label sheets", async () => {
    const everyone = await people();
    const bjorn = everyone.find((p) => p.name === 'Bjørn Ærø')!;
    const ase = everyone.find((p) => p.name === 'Åse Ødegård')!;
    await page.goto(`${webOrigin()}${demoMoveScreen('floor-planner')}?step=labels`);
    await page.getByRole('heading', { name: 'Finish the label order sheet' }).waitFor();
    await page.getByRole('button', { name: 'Show sticker sheet' }).click();
    const sheet = page.getByRole('region', { name: 'Print sticker sheet' });

    // Each of Bjørn's stickers has one QR code, and it opens his seat on the visitor site.
    const seatOf = (id: string) => `${webOrigin()}/${DEMO_MOVE_PATH}/seat/${encodeURIComponent(id)}`;
    const bjornsStickers = sheet.locator(`[data-sticker="${bjorn.id}"]`);
    await poll(() => bjornsStickers.count()).toBeGreaterThan(0);
    for (const sticker of await bjornsStickers.all()) await poll(() => sticker.getByRole('img', { name: 'QR code of the seat of Bjørn Ærø' }).count()).toBe(1);
    const code = bjornsStickers.first().getByRole('img', { name: 'QR code of the seat of Bjørn Ærø' });
    expect(await decode(code)).toBe(seatOf(bjorn.id));
    // Another person's code is theirs.
    expect(await decode(sheet.locator(`[data-sticker="${ase.id}"]`).first().getByRole('img'))).toBe(seatOf(ase.id));
    // One code per sticker of a placed person (a room on it); the unplaced have no seat to link to.
    const stickers = sheet.locator('[data-sticker]');
    const placed = stickers.filter({ has: page.locator('.sticker-room', { hasNotText: '—' }) });
    await poll(() => sheet.getByRole('img').count()).toBe(await placed.count());
    for (const sticker of (await placed.all()).slice(0, 5)) expect(await sticker.getByRole('img').count()).toBe(1);

    // The layouts, in millimetres: 3 × 8 of 70 × 37 mm (the default), 2 × 7 of 99.1 × 38.1, 3 × 7 of 63.5 × 38.1.
    const first = stickers.first();
    const firstPage = sheet.locator('.sticker-page').first();
    expect(await sizeMm(first)).toEqual([70, 37]);
    const count = await stickers.count();
    await poll(() => firstPage.locator('[data-sticker]').count()).toBe(Math.min(count, 24));
    await expectAccessible(page, 'sticker sheet');
    await choose(sheet, '2 × 7 · 99.1 × 38.1 mm');
    await poll(() => sizeMm(first)).toEqual([99.1, 38.1]);
    await poll(() => firstPage.locator('[data-sticker]').count()).toBe(Math.min(count, 14));
    // The code still reads at the new size.
    expect(await decode(code)).toBe(seatOf(bjorn.id));
    await choose(sheet, '3 × 7 · 63.5 × 38.1 mm');
    await poll(() => sizeMm(first)).toEqual([63.5, 38.1]);
    expect(await decode(code)).toBe(seatOf(bjorn.id));
    await poll(() => firstPage.locator('[data-sticker]').count()).toBe(Math.min(count, 21));
    const sheetCount = Math.ceil(count / 21);
    await sheet
      .getByText(new RegExp(`^${count} stickers on ${sheetCount === 1 ? '1 A4 sheet' : `${sheetCount} A4 sheets`} \\(3 × 7 · 63.5 × 38.1 mm\\)$`))
      .waitFor();
    await expectAccessible(page, 'sticker sheet, 3 × 7');

    // On paper: the labels and nothing else (no table, no buttons, no layout choice).
    await page.emulateMedia({ media: 'print' });
    expect(await first.isVisible()).toBe(true);
    for (const other of [
      page.getByRole('table', { name: 'Label order sheet' }),
      page.getByRole('button', { name: 'Download csv' }).first(),
      sheet.getByRole('radio', { name: '3 × 8 · 70 × 37 mm' }),
    ])
      expect(await other.isVisible()).toBe(false);
    // In the page's corner, where the label sheet's measures start.
    expect(await sheet.evaluate((el) => [el.getBoundingClientRect().left, el.getBoundingClientRect().top + window.scrollY])).toEqual([0, 0]);
    // One A4 page per sheet of labels, and no more (what is hidden takes no room).
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page\b/g)?.length).toBe(Math.ceil(count / 21));
    for (const [, width, height] of pdf.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)) {
      // A4 in points (Chromium rounds to its own units).
      expect(Number(width)).toBeCloseTo(595.3, 0);
      expect(Number(height)).toBeCloseTo(841.9, 0);
    }
    await page.emulateMedia({ media: 'screen' });
  });

  it('shows a hostile name on the sticker as text, and its code still reads', async () => {
    const name = '<img src=x onerror="window.__labelXss=1">Zz Label';
    const made = await staff('POST', '/v1/marker-users', { name, move_layout_marker_id: seededMarker(2) });
    try {
      await page.goto(`${webOrigin()}${demoMoveScreen('floor-planner')}?step=labels`);
      await page.getByRole('button', { name: 'Show sticker sheet' }).click();
      const sticker = page.locator(`[data-sticker="${made.id}"]`).first();
      await sticker.getByText(name, { exact: true }).waitFor();
      const code = sticker.getByRole('img', { name: `QR code of the seat of ${name}` });
      expect(await decode(code)).toBe(`${webOrigin()}/${DEMO_MOVE_PATH}/seat/${encodeURIComponent(made.id)}`);
      expect(await page.locator('.sticker-sheet img[src="x"]').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __labelXss?: number }).__labelXss)).toBeUndefined();
    } finally {
      await staff('DELETE', `/v1/marker-users/${made.id}`);
    }
    // The demo move is left as it was found.
    expect((await people()).some((p) => p.id === made.id)).toBe(false);
  });

  it('fits a long name on the 70 × 37 mm sticker (smaller type, more lines) before cutting it, and cuts a very long one cleanly at its last line (issue 45)', async () => {
    const long = 'Ingrid Ødegård-Kristoffersen Johannessen';
    const veryLong = 'Ingrid Ødegård-Kristoffersen Johannessen Aschehoug-Wilhelmsen Sørensen Trolleborg Lindqvist-Bjørnstad';
    const made: { id: string }[] = [];
    try {
      for (const name of [long, veryLong]) made.push(await staff('POST', '/v1/marker-users', { name, move_layout_marker_id: seededMarker(2) }));
      await page.goto(`${webOrigin()}${demoMoveScreen('floor-planner')}?step=labels`);
      await page.getByRole('button', { name: 'Show sticker sheet' }).click();
      const sheet = page.getByRole('region', { name: 'Print sticker sheet' });
      await poll(() => sheet.getByRole('radio', { name: '3 × 8 · 70 × 37 mm' }).isChecked()).toBe(true);
      /** How a sticker shows its name: whether any of it is hidden, its type, its lines, and whether it stays on the label. */
      const shown = (id: string) =>
        sheet
          .locator(`[data-sticker="${id}"]`)
          .first()
          .evaluate((sticker) => {
            const name = sticker.querySelector<HTMLElement>('.sticker-name')!;
            const style = getComputedStyle(name);
            const box = name.getBoundingClientRect();
            const label = sticker.getBoundingClientRect();
            const inside = (el: Element | null) => {
              const r = el!.getBoundingClientRect();
              return r.top >= label.top && r.bottom <= label.bottom + 0.5 && r.left >= label.left && r.right <= label.right + 0.5;
            };
            return {
              text: name.textContent,
              hiddenAcross: name.scrollWidth > name.clientWidth,
              hiddenBelow: name.scrollHeight > name.clientHeight,
              sizePt: Math.round((Number.parseFloat(style.fontSize) * 72) / 96),
              lines: Math.round(box.height / Number.parseFloat(style.lineHeight)),
              onTheLabel: inside(name) && inside(sticker.querySelector('.sticker-room')) && inside(sticker.querySelector('.sticker-meta')),
            };
          });
      // The long name whole, in type still read at arm's length, on the label with its room and floor.
      const fitted = await shown(made[0].id);
      expect(fitted).toMatchObject({ text: long, hiddenAcross: false, hiddenBelow: false, onTheLabel: true });
      expect(fitted.sizePt).toBeGreaterThanOrEqual(7);
      expect(fitted.lines).toBeLessThanOrEqual(3);
      // The very long one: cut at the end of its last line ('…'), nothing past the label's edge.
      const cut = await shown(made[1].id);
      expect(cut).toMatchObject({ text: veryLong, hiddenAcross: false, hiddenBelow: true, onTheLabel: true });
      expect(cut.lines).toBeLessThanOrEqual(3);
      expect(
        await sheet
          .locator(`[data-sticker="${made[1].id}"] .sticker-name`)
          .first()
          .evaluate((el) => getComputedStyle(el).webkitLineClamp),
      ).toBe(String(cut.lines));
      await expectAccessible(page, 'sticker sheet with long names');
    } finally {
      for (const person of made) await staff('DELETE', `/v1/marker-users/${person.id}`);
    }
  });
});
