import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { avatarPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { allowConsoleErrors, expectAccessible, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { staffApi } from '../support/movedPerson.ts';

// Undo and redo in the planner (issue 50): the user's own changes, each undone as a restore from the
// history on the record's current ETag; a colleague's later change is never overwritten. On a move of its
// own, so no other test's floor moves under it.

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'staff@movers.test');
});
afterAll(async () => {
  await browser?.close();
});

interface MarkerView {
  id: string;
  etag: string;
  title: string;
  coordinates: { positionX: number; positionY: number };
}

/** A move with floor 3 of spaces 304 and 305, and Kari seated at 305. */
async function plannedMove() {
  const tag = Date.now().toString(36);
  const client = await staffApi('POST', '/v1/clients', { name: `Zz Undo ${tag}`, orgNumber: '900 111 437', countryId: 'IE', active: true });
  const location = await staffApi('POST', `/v1/clients/${client.id}/locations`, {
    name: 'Undo HQ',
    address: 'Veien 45',
    city: 'Oslo',
    countryId: 'NO',
    isOffice: true,
  });
  const move = await staffApi('POST', `/v1/locations/${location.id}/moves`, moveInput(`zz-undo-${tag}`, { languages: ['en', 'no'], defaultLanguage: 'en' }));
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: '3', floor_size: 'small', published: 'true' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(avatarPng(40, [0, 90, 158]))], { type: 'image/png' }), 'plan.png');
  const floor = await staffApi('POST', `/v1/moves/${move.id}/layouts`, form);
  const space = (title: string, x: number, y: number) =>
    staffApi('POST', `/v1/layouts/${floor.id}/markers`, { marker_type: 'room', title, coordinates: { positionX: x, positionY: y } });
  const s304 = await space('304', 10, 20);
  const s305 = await space('305', 30, 70);
  const kari = await staffApi('POST', '/v1/marker-users', { name: 'Kari Angre', move_layout_marker_id: s305.id });
  return {
    screen: `/admin/clients/${client.id}/${location.id}/${client.id}_${location.id}/floor-planner?step=areas`,
    floorId: floor.id,
    moveId: move.id,
    s304: s304.id,
    s305: s305.id,
    kari: kari.id,
  };
}

let setup: Awaited<ReturnType<typeof plannedMove>>;
const markers = async () => (await staffApi<{ markers: MarkerView[] }>('GET', `/v1/layouts/${setup.floorId}`)).markers;
const positions = async () => Object.fromEntries((await markers()).map((m) => [m.title, [m.coordinates.positionX, m.coordinates.positionY]]));
const positionOf304 = async () => (await positions())['304'];

const plan = () => page.getByRole('application', { name: /^Floor plan/ });
const undoButton = () => page.getByRole('button', { name: 'Undo', exact: true });
const redoButton = () => page.getByRole('button', { name: 'Redo', exact: true });

/** 304 moved by keyboard: its popup's Move, then the crosshair one step right and Enter; the plan says where it went. */
async function move304(x: number) {
  await plan()
    .getByRole('button', { name: /^Space 304:/ })
    .focus();
  await page.keyboard.press('Enter');
  // The popup's focus trap takes the focus as it opens: the button is focused once it has, else Enter lands elsewhere.
  const popup = page.getByRole('dialog', { name: 'Edit 304' });
  await poll(() => popup.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  const moveButton = popup.getByRole('button', { name: 'Move', exact: true });
  await moveButton.focus();
  await poll(() => moveButton.evaluate((b) => b === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await page.getByText('Choose the new place of 304 on the plan', { exact: false }).waitFor();
  await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('planner-floor-view');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Enter');
  await page.getByText(`304: ${x}, 50`, { exact: true }).waitFor({ state: 'attached' });
}

describe('undo and redo in the planner', () => {
  it("undoes and redoes ten moves in order, refuses an undo after a colleague's change, and brings a removed space back with its people", async () => {
    setup = await plannedMove();
    await page.goto(`${webOrigin()}${setup.screen}`);
    await plan()
      .getByRole('button', { name: /^Space 304:/ })
      .waitFor();
    const before = await positions();
    expect(before).toEqual({ '304': [10, 20], '305': [30, 70] });
    expect(await undoButton().isDisabled()).toBe(true);

    // Ten moves by keyboard placement: the crosshair starts in the middle and goes one step right each time.
    const trail: number[][] = [[10, 20]];
    for (let i = 1; i <= 10; i++) {
      await move304(50 + i);
      trail.push([50 + i, 50]);
      await poll(positionOf304).toEqual([50 + i, 50]);
    }
    await poll(() => undoButton().getAttribute('title')).toBe('Undo move of 304');
    await expectAccessible(page, 'the planner with undo and redo');

    // Ctrl+Z ten times: each undo puts back the place before its move, latest first.
    await plan().focus();
    for (let i = 9; i >= 0; i--) {
      await page.keyboard.press('Control+z');
      await poll(positionOf304).toEqual(trail[i]);
    }
    expect(await positions()).toEqual(before);
    await poll(() => undoButton().isDisabled()).toBe(true);
    await poll(() => redoButton().getAttribute('title')).toBe('Redo move of 304');

    // Redone in order, by Ctrl+Shift+Z and Ctrl+Y: the floor is as the ten moves left it.
    for (let i = 1; i <= 10; i++) {
      await page.keyboard.press(i % 2 ? 'Control+Shift+z' : 'Control+y');
      await poll(positionOf304).toEqual(trail[i]);
    }
    expect(await positions()).toEqual({ '304': [60, 50], '305': [30, 70] });

    // In a field, Ctrl+Z is the field's own: the planner undoes nothing.
    await plan()
      .getByRole('button', { name: /^Space 304:/ })
      .click();
    const popup = page.getByRole('dialog', { name: 'Edit 304' });
    await popup.getByRole('textbox', { name: 'Space number' }).press('Control+z');
    await popup.getByRole('button', { name: 'cancel' }).click();
    expect(await positionOf304()).toEqual([60, 50]);

    // A colleague moves 304 through the API: the undo says so and the colleague's change stays.
    const stack = inject('stack');
    const current = (await markers()).find((m) => m.title === '304')!;
    const colleague = await fetch(`${stack.apiOrigin}/api/v1/markers/${current.id}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${stack.tokens.super}`, 'Content-Type': 'application/json', 'If-Match': current.etag },
      body: JSON.stringify({ title: '304', coordinates: { positionX: 80, positionY: 80 }, openSpace: false }),
    });
    expect(colleague.status).toBe(200);
    // The refused restore: 412 on the ETag the planner had, or 409 when it had read the colleague's change.
    allowConsoleErrors(/status of 412 .*\/restore\)$/, /status of 409 .*\/restore\)$/);
    await plan().focus();
    await page.keyboard.press('Control+z');
    await page.getByText('Someone else changed 304 since; nothing was undone').waitFor();
    expect(await positionOf304()).toEqual([80, 80]);
    await expectAccessible(page, 'an undo refused after a colleague’s change');

    // Removing 305 (Kari sits there) and undoing it with the button: 305 is back, and Kari in it.
    await plan().getByRole('button', { name: 'Space 305: Kari Angre' }).click();
    await page.getByRole('dialog', { name: 'Edit 305' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alertdialog', { name: 'Remove 305' }).getByRole('button', { name: 'Remove' }).click();
    await plan()
      .getByRole('button', { name: /^Space 305:/ })
      .waitFor({ state: 'detached' });
    await poll(() => undoButton().getAttribute('title')).toBe('Undo removal of 305');
    await undoButton().click();
    await plan().getByRole('button', { name: 'Space 305: Kari Angre' }).waitFor();
    const people = await staffApi<{ id: string; move_layout_marker_id: string | null }[]>('GET', `/v1/moves/${setup.moveId}/people`);
    expect(people.find((p) => p.id === setup.kari)?.move_layout_marker_id).toBe(setup.s305);
    expect(await positions()).toEqual({ '304': [80, 80], '305': [30, 70] });

    // In Norwegian, the redo says what it does again.
    await page.getByRole('combobox', { name: /^Language/ }).click();
    await page.getByRole('option', { name: 'Norsk' }).click();
    await poll(() => page.getByRole('button', { name: 'Gjør om', exact: true }).getAttribute('title')).toBe('Gjør om fjerning av 305');
    await expectAccessible(page, 'the planner with undo and redo in Norwegian');
  });
});
