import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CLIENT_A_ID as CLIENT } from '@movers/local/src/directory.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { A4_LANDSCAPE, damagedPdf, floorPlanPdf } from '@movers/local/src/testing/floorPdf.ts';
import { expectAccessible, launch, poll, signIn, webOrigin } from '../support/browser.ts';

// Issue 50: a floor plan from the architect's PDF. The pages are read and drawn in the browser (PDF.js,
// loaded only once a PDF is chosen); one page per floor, several floors from one file in one go; the PDF
// is kept with the floor and its pages offered again when the plan is replaced.

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const stack = () => inject('stack');
const api = async (path: string) => {
  const answer = await fetch(`${stack().apiOrigin}/api${path}`, { headers: { Authorization: `Bearer ${stack().tokens.staff}` } });
  return answer;
};

/** A move of its own at a location of client A's. */
async function newMove() {
  const headers = { Authorization: `Bearer ${stack().tokens.staff}`, 'Content-Type': 'application/json' };
  const post = async (path: string, body: unknown) =>
    (await fetch(`${stack().apiOrigin}/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json();
  const tag = Date.now().toString(36);
  const location = await post(`/v1/clients/${CLIENT}/locations`, { name: `Zz PDF ${tag}`, address: 'Veien 5', city: 'Oslo', countryId: 'NO', isOffice: true });
  const move = await post(`/v1/locations/${location.id}/moves`, moveInput(`zz-pdf-${tag}`));
  return { locationId: location.id as string, moveId: move.id as string };
}

/** A Fluent checkbox ticked as a person does with the keyboard. */
async function tick(box: Locator) {
  await box.focus();
  await box.press('Space');
  await poll(() => box.isChecked()).toBe(true);
}

/** Three floors of an architect's set, one a page, each with its room numbers as text. */
const threeFloors = floorPlanPdf([1, 2, 3].map((floor) => ({ ...A4_LANDSCAPE, rooms: [`${floor}01`, `${floor}02`, `${floor}03`, `${floor}04`] })));

describe('floors from a PDF', () => {
  it('makes three floors from a three-page PDF in one go, refuses a damaged or protected one, and offers the pages again', async () => {
    const { locationId, moveId } = await newMove();
    const page = await signIn(browser, 'staff@movers.test');
    const floorUploads: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && /\/layouts\b/.test(request.url()) && floorUploads.push(request.url()));
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT}/${locationId}/${moveId}/floor-planner`);
    await page.getByRole('heading', { name: 'Upload floor plan layouts' }).waitFor();
    const form = page.getByRole('form', { name: 'Add floor' });
    const input = form.locator('input[type=file]');

    // A text file named .pdf and an empty .pdf (issue 55: both were told only which types can be used): said what is wrong with this file.
    await input.setInputFiles({ name: 'bad.pdf', mimeType: 'application/pdf', buffer: Buffer.from('These are the notes, not a drawing.\n') });
    await form.getByText('bad.pdf is not a PDF: its content is of another kind (perhaps a renamed file). Nothing was saved.').waitFor();
    await input.setInputFiles({ name: 'empty.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) });
    await form.getByText('empty.pdf is empty (0 bytes). Nothing was saved.').waitFor();
    expect(await form.getByText(/^Only \.jpg/).count()).toBe(0);
    // A damaged PDF and a password-protected one: said why, in the planner's words, and nothing sent.
    await input.setInputFiles({ name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from(damagedPdf()) });
    await form.getByText('This PDF could not be read: the file is damaged or not a complete PDF. Nothing was saved.').waitFor();
    await input.setInputFiles({
      name: 'locked.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(floorPlanPdf([{ ...A4_LANDSCAPE, rooms: ['101'] }], { encrypted: true })),
    });
    await form.getByText(/This PDF is protected by a password/).waitFor();
    expect(floorUploads).toEqual([]);
    expect(await (await api(`/v1/moves/${moveId}/layouts`)).json()).toEqual([]);
    await expectAccessible(page, 'the floor step with a PDF refused');

    // Three pages: three floors, each named, in one go.
    await input.setInputFiles({ name: 'Architect set.pdf', mimeType: 'application/pdf', buffer: Buffer.from(threeFloors) });
    const dialog = page.getByRole('dialog', { name: 'Floors from Architect set.pdf' });
    await dialog.locator('img[alt="Page 3"]').waitFor();
    await tick(dialog.getByRole('checkbox', { name: 'Page 2' }));
    await tick(dialog.getByRole('checkbox', { name: 'Page 3' }));
    await expectAccessible(page, 'the pages of a PDF offered as floors');
    // A floor number is needed for each page ticked.
    await dialog.getByRole('button', { name: 'Add floors' }).click();
    await poll(() => dialog.getByText('Please enter a floor number').count()).toBe(3);
    for (const n of [1, 2, 3]) await dialog.getByRole('textbox', { name: `floor number for page ${n}` }).fill(String(n));
    await dialog.getByRole('button', { name: 'Add floors' }).click();
    await page.getByText('3 floors added').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const floors = (await (await api(`/v1/moves/${moveId}/layouts`)).json()) as {
      id: string;
      floor_name: string;
      etag: string;
      image: { url: string; width: number; height: number };
      source: { file_name: string } | null;
    }[];
    expect(floors.map((f) => f.floor_name).sort()).toEqual(['1', '2', '3']);
    for (const floor of floors) {
      expect(floor.source?.file_name).toBe('Architect set.pdf');
      // Drawn large enough to read a room number at a phone's largest zoom, as A4's shape.
      expect(Math.max(floor.image.width, floor.image.height)).toBeGreaterThanOrEqual(4000);
      expect(floor.image.width / floor.image.height).toBeCloseTo(A4_LANDSCAPE.width / A4_LANDSCAPE.height, 2);
      const image = await api(floor.image.url.replace(/^\/api/, ''));
      expect(image.headers.get('content-type')).toBe('image/webp');
      // Within the floor image budget on the wire.
      expect((await image.arrayBuffer()).byteLength).toBeLessThanOrEqual(150 * 1024);
    }
    await expectAccessible(page, 'the floor step with floors from a PDF');

    // Another page of the kept PDF as floor 1's plan: the same shape, so its space stays.
    const first = floors.find((f) => f.floor_name === '1')!;
    const space = await fetch(`${stack().apiOrigin}/api/v1/layouts/${first.id}/markers`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack().tokens.staff}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ marker_type: 'room', title: '101', coordinates: { positionX: 20, positionY: 20 } }),
    });
    expect(space.status).toBe(201);
    await page.getByRole('button', { name: 'Another page of Architect set.pdf: Floor 1' }).click();
    const replace = page.getByRole('dialog', { name: 'A new plan for floor 1 from Architect set.pdf' });
    await replace.locator('img[alt="Page 2"]').waitFor();
    await replace.getByRole('radio', { name: 'Page 2' }).check();
    await replace.getByRole('button', { name: 'Replace image' }).click();
    await page.getByText('Floor plan replaced').waitFor();
    const replaced = await (await api(`/v1/layouts/${first.id}`)).json();
    expect(replaced.markers.map((m: { title: string }) => m.title)).toEqual(['101']);
    expect(replaced.image.url).not.toBe(first.image.url);
    expect(replaced.source.file_name).toBe('Architect set.pdf');
    // Four pages drawn at 4096² pixels each and encoded, on a machine the other tests share.
  }, 240_000);
});
