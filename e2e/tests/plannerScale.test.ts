import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { avatarPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { expectAccessible, launch, newPage, poll, signIn, webOrigin } from '../support/browser.ts';
import { ownLocation, staffPost } from '../support/ownLocation.ts';

// A floor drawn to scale (issue 50): calibrating on a known 10 m wall, the scale bar in the planner and on
// the visitor site, markers that snap to another's centre line when placed or dragged, Alt to place freely,
// a marker's size in metres, and a seat's walk from the entrance. A move of its own with one 400 × 400 px plan.

const PLAN_PIXELS = 400;
/** The wall: 250 px of the plan (from 12.5 % to 75 % across, 30 % down) is 10 m. */
const WALL = { from: 0.125, to: 0.75, y: 0.3, metres: 10 };
/** Tall enough that the whole plan and the scale panel under it are in the window: clicks land where they are aimed. */
const TALL = { width: 1280, height: 1800 };
const METRES_PER_PIXEL = WALL.metres / ((WALL.to - WALL.from) * PLAN_PIXELS);
const PASSWORD = 'zz-scale-secret';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function newMoveWithFloor() {
  const stack = inject('stack');
  const { clientId, locationId } = await ownLocation('Scale', '900 111 444');
  const path = `zz-scale-${Date.now().toString(36)}`;
  const move = await staffPost(`/v1/locations/${locationId}/moves`, moveInput(path, { password: PASSWORD }));
  const form = new FormData();
  form.append('floor_name', '7');
  form.append('layout', new Blob([new Uint8Array(avatarPng(PLAN_PIXELS, [240, 240, 240]))], { type: 'image/png' }), 'plan.png');
  const response = await fetch(`${stack.apiOrigin}/api/v1/moves/${move.id}/layouts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack.tokens.staff}` },
    body: form,
  });
  expect(response.status).toBe(201);
  const floor = (await response.json()) as { id: string };
  return { path, floorId: floor.id, planner: `/admin/clients/${clientId}/${locationId}/${move.id}/floor-planner?step=areas&floor=${floor.id}` };
}

/** Where an element's centre is on the plan's image, in percent of it. */
async function centreOn(image: Locator, element: Locator) {
  const box = (await image.boundingBox())!;
  const at = (await element.boundingBox())!;
  return { x: ((at.x + at.width / 2 - box.x) / box.width) * 100, y: ((at.y + at.height / 2 - box.y) / box.height) * 100 };
}

/** The scale bar's length says a round number of metres, and its line is as long as the plan draws that length now. */
async function expectTrueScaleBar(bar: Locator, line: Locator, image: Locator, label: RegExp) {
  const read = async () => {
    const metres = Number(await bar.getAttribute('data-metres'));
    const drawnWidth = (await image.boundingBox())!.width;
    const width = (await line.boundingBox())!.width;
    return { metres, width, off: Math.abs(width - (metres / METRES_PER_PIXEL) * (drawnWidth / PLAN_PIXELS)) };
  };
  // Read once the zoom has settled (a seat link zooms to the seat as it opens).
  await poll(async () => (await read()).off).toBeLessThan(2);
  const { metres, width } = await read();
  expect(await bar.getAttribute('aria-label')).toMatch(label);
  expect([1, 2, 5, 10, 20, 50]).toContain(metres);
  expect(width).toBeLessThanOrEqual(140);
  return { metres, width };
}

async function placeSpace(page: Page, x: number, y: number, options: { free?: boolean } = {}) {
  const image = page.getByTestId('floor-image');
  const box = (await image.boundingBox())!;
  if (options.free) await page.keyboard.down('Alt');
  await page.mouse.click(box.x + (box.width * x) / 100, box.y + (box.height * y) / 100);
  if (options.free) await page.keyboard.up('Alt');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'New space or table' }).waitFor();
  const title = await dialog.getByRole('textbox', { name: 'Space number' }).inputValue();
  await dialog.getByRole('button', { name: 'OK' }).click();
  const marker = page.getByRole('application', { name: /^Floor plan/ }).getByRole('button', { name: `Space ${title}: nobody` });
  await marker.waitFor();
  return marker;
}

describe('a floor drawn to scale', () => {
  it('calibrates on a known 10 m wall, draws a true scale bar, snaps a marker placed or dragged beside another to its centre line, places freely with Alt, sizes a marker in metres, and shows the scale to visitors', async () => {
    const { path, floorId, planner } = await newMoveWithFloor();
    const page = await signIn(browser, 'staff@movers.test', { viewport: TALL });
    await page.goto(`${webOrigin()}${planner}`);
    const image = page.getByTestId('floor-image');
    await page.locator('[data-testid="floor-image"][data-loaded="true"]').waitFor();
    await page.getByText('Not to scale yet: calibrate on a length you know (a wall, a door).').waitFor();
    expect(await page.getByTestId('scale-bar').count()).toBe(0);

    // Calibrate: the wall's two ends clicked on the plan, its length typed.
    await page.getByRole('button', { name: 'Calibrate' }).click();
    const box = (await image.boundingBox())!;
    await page.mouse.click(box.x + box.width * WALL.from, box.y + box.height * WALL.y);
    await page.mouse.click(box.x + box.width * WALL.to, box.y + box.height * WALL.y);
    await poll(() => page.getByRole('textbox', { name: 'To, across (%)' }).inputValue()).toMatch(/^7[45]\.\d+|^75$/);
    await page.getByTestId('calibration-line').waitFor();
    await page.getByText(/^The line is 25[01] pixels of the plan/).waitFor();
    await expectAccessible(page, 'planner calibrating a floor');
    await page.getByRole('textbox', { name: 'Length (m)' }).fill('10');
    await page.getByRole('button', { name: 'Save scale' }).click();
    await page.getByText('1 pixel of the plan is 0.04 m').waitFor();

    // The scale bar: a round length, drawn as long as the plan shows it; zoomed in, it follows.
    const bar = page.getByTestId('scale-bar');
    await bar.waitFor();
    const before = await expectTrueScaleBar(bar, page.getByTestId('scale-bar-line'), image, /^Scale bar: \d+ m$/);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await poll(
      async () =>
        (await bar.getAttribute('data-metres')) !== String(before.metres) || (await page.getByTestId('scale-bar-line').boundingBox())!.width !== before.width,
    ).toBe(true);
    await expectTrueScaleBar(bar, page.getByTestId('scale-bar-line'), image, /^Scale bar: \d+ m$/);
    await page.getByRole('button', { name: 'Reset zoom' }).click();
    await expectAccessible(page, 'planner with a scale bar');

    // Snapping: a space placed a little beside another's centre line lands on it; with Alt it stays where clicked.
    // The first is placed freely off the 0.5 m grid (3.125 % of this plan), so that the second's snap to its
    // line is not the grid's.
    const first = await placeSpace(page, 30, 10, { free: true });
    const firstAt = await centreOn(image, first);
    expect(Math.abs(firstAt.x - 30)).toBeLessThan(0.3);
    const second = await placeSpace(page, 31, 40);
    await poll(async () => Math.abs((await centreOn(image, second)).x - firstAt.x)).toBeLessThan(0.3);
    const free = await placeSpace(page, 31, 55, { free: true });
    expect(Math.abs((await centreOn(image, free)).x - 31)).toBeLessThan(0.3);
    // Moved by dragging: it snaps as a placed one does, and no popup opens; with Alt it goes where it is let go.
    const drag = async (marker: Locator, x: number, y: number, alt = false) => {
      const from = (await marker.boundingBox())!;
      const to = (await image.boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x + (to.width * x) / 100, to.y + (to.height * y) / 100, { steps: 5 });
      if (alt) await page.keyboard.down('Alt');
      await page.mouse.up();
      if (alt) await page.keyboard.up('Alt');
    };
    await drag(free, firstAt.x + 1.2, 65);
    await poll(async () => Math.abs((await centreOn(image, free)).x - firstAt.x)).toBeLessThan(0.3);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await drag(free, firstAt.x + 1.2, 65, true);
    await poll(async () => Math.abs((await centreOn(image, free)).x - (firstAt.x + 1.2))).toBeLessThan(0.3);
    // By keyboard: a focused marker's arrows step it along the 0.5 m grid (3.125 % here), Enter puts it there.
    const secondBefore = await centreOn(image, second);
    await second.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const grid = 3.125;
    // It was placed on the grid: two lines further down.
    const expectedY = (Math.round(secondBefore.y / grid) + 2) * grid;
    await poll(async () => Math.abs((await centreOn(image, second)).y - expectedY)).toBeLessThan(0.3);
    expect(Math.abs((await centreOn(image, second)).x - firstAt.x)).toBeLessThan(0.3);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectAccessible(page, 'planner with snapped markers');

    // A size in metres once calibrated: 2 m × 1 m drawn as a rectangle that long on the plan.
    await second.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'size' }).click();
    await dialog.getByRole('textbox', { name: 'Width (m)' }).fill('2');
    await dialog.getByRole('textbox', { name: 'Height (m)' }).fill('1');
    await expectAccessible(page, 'planner marker popup with its size');
    await dialog.getByRole('button', { name: 'OK' }).click();
    const area = page.locator('[data-marker-area]');
    const screenPerPlanPixel = async () => (await image.boundingBox())!.width / PLAN_PIXELS;
    await poll(async () => Math.abs((await area.boundingBox())!.width - (2 / METRES_PER_PIXEL) * (await screenPerPlanPixel()))).toBeLessThan(2);
    const height = (await area.boundingBox())!.height;
    expect(Math.abs(height - (1 / METRES_PER_PIXEL) * (await screenPerPlanPixel()))).toBeLessThan(2);
    // Resized by keyboard: its corner, two steps (0.5 % of the plan each) wider, Enter saves.
    const handle = page.getByRole('button', { name: /^Resize / });
    const wide = (await area.boundingBox())!.width;
    await handle.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await poll(async () => Math.abs((await area.boundingBox())!.width - (wide + (await image.boundingBox())!.width * 0.01))).toBeLessThan(2);

    // The entrance, marked by clicking the plan.
    await page.getByRole('button', { name: 'Mark the entrance' }).click();
    const now = (await image.boundingBox())!;
    await page.mouse.click(now.x + now.width * 0.1, now.y + now.height * 0.7);
    await page.getByTestId('floor-entrance').waitFor();
    await page.context().close();

    // The visitor site: the same scale bar on the floor, and a seat's walk from the entrance in metres.
    const stack = inject('stack');
    const markers = (await (await fetch(`${stack.apiOrigin}/api/v1/layouts/${floorId}`, { headers: { Authorization: `Bearer ${stack.tokens.staff}` } })).json())
      .markers as { id: string }[];
    const person = await staffPost<{ id: string }>('/v1/marker-users', { name: 'Zz Scale Person', move_layout_marker_id: markers[0].id });
    const visitor = await newPage(browser);
    await visitor.goto(`${webOrigin()}/${path}/seat/${person.id}`);
    await visitor.getByLabel('Password').fill(PASSWORD);
    await visitor.getByRole('button', { name: 'Sign in' }).click();
    await visitor.getByRole('heading', { name: 'Floor 7', level: 2 }).waitFor();
    const visitorBar = visitor.getByTestId('scale-bar');
    await visitorBar.waitFor();
    await expectTrueScaleBar(visitorBar, visitor.getByTestId('scale-bar-line'), visitor.locator('.v-plan-content img'), /^Scale: \d+ m$/);
    await visitor
      .getByTestId('walk-from-entrance')
      .getByText(/^About \d+ m from the entrance, in a straight line$/)
      .waitFor();
    await expectAccessible(visitor, 'visitor floor plan with a scale bar');
    await visitor.context().close();
  });
});
