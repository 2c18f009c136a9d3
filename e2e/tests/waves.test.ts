import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { floorPlanPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { allowConsoleErrors, expectAccessible, launch, poll, shownChoice, signIn, webOrigin } from '../support/browser.ts';
import { ownLocation, staffPost } from '../support/ownLocation.ts';

// Waves (issue 48) in the admin, on a move of its own (in Oslo: its times are Europe/Oslo's): three
// waves over two days made in the waves screen by keyboard, people imported with a wave column, a wave
// over its capacity warned before and after saving, two people moved to another wave in the planner's
// people step, the move-day board narrowed to a wave and its 'today' view, a delete that says how many
// people are left in no wave, and the screen in Norwegian. Axe on each screen.

const tag = Date.now().toString(36);
const PATH = `zz-waves-${tag}`;
/** The move's today and tomorrow in its time zone: a wave's day may not be in the past there. */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());
const TOMORROW = new Date(Date.parse(`${TODAY}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const shown = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

let browser: Browser;
let page: Page;
let move: { clientId: string; locationId: string; moveId: string };
const movePath = (screen: string) => `/admin/clients/${move.clientId}/${move.locationId}/${move.moveId}/${screen}`;

/** A move in English and Norwegian with a published floor 1 holding spaces 101 and 102. */
async function movedOffice() {
  const { clientId, locationId } = await ownLocation('Waves', '900 111 748');
  const made = await staffPost(`/v1/locations/${locationId}/moves`, moveInput(PATH, { languages: ['en', 'no'], defaultLanguage: 'en' }));
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: '1', floor_size: 'small', published: 'true', isDefault: 'true' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(floorPlanPng(240, 120))], { type: 'image/png' }), 'plan.png');
  const floor = await fetch(`${inject('stack').apiOrigin}/api/v1/moves/${made.id}/layouts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${inject('stack').tokens.staff}` },
    body: form,
  });
  expect(floor.status).toBe(201);
  const { id: layoutId } = (await floor.json()) as { id: string };
  for (const [title, x] of [
    ['101', 20],
    ['102', 60],
  ] as const)
    await staffPost(`/v1/layouts/${layoutId}/markers`, { marker_type: 'room', title, coordinates: { positionX: x, positionY: 40 } });
  return { clientId, locationId, moveId: made.id };
}

/** Tabs until the focused element has this accessible name or text, then presses Enter: done by keyboard alone. */
async function pressByKeyboard(name: string) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      return [el?.getAttribute('aria-label') ?? '', el?.textContent?.trim() ?? ''];
    });
    if (focused.includes(name)) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error(`no focusable '${name}' reached by Tab`);
}

/** Types into a box of the open dialog found by its label: focused, then typed, as a keyboard does. */
async function typeIn(dialog: Locator, label: string, text: string) {
  const box = dialog.getByLabel(label, { exact: true });
  await box.focus();
  if ((await box.getAttribute('type')) === 'date' || (await box.getAttribute('type')) === 'datetime-local') await box.fill(text);
  else {
    await box.press('Control+a');
    await page.keyboard.type(text);
  }
}

/** The list's rows; its name in the screen's language. */
const waveRows = (list = 'waves in order') => page.getByRole('table', { name: list }).locator('tbody tr');
const waveNames = async (list?: string) => (await waveRows(list).locator('th').allInnerTexts()).map((t) => t.split('\n')[0]!.trim());

/** Adds a wave through the dialog, by keyboard: the button, the boxes, Enter to save. */
async function addWave(wave: { name: string; no?: string; day: string; packBy?: string; arrival?: [string, string]; people?: string; crates?: string }) {
  await page.getByRole('button', { name: 'add wave' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'add wave' });
  // A Fluent dialog's own element has no height (its content is laid out apart): wait for its first box.
  await dialog.getByLabel('name in English', { exact: true }).waitFor();
  await typeIn(dialog, 'name in English', wave.name);
  if (wave.no) await typeIn(dialog, 'name in Norsk (bokmål)', wave.no);
  await typeIn(dialog, 'day', wave.day);
  if (wave.packBy) await typeIn(dialog, 'pack by', wave.packBy);
  if (wave.arrival) {
    await typeIn(dialog, 'arrival: from', wave.arrival[0]);
    await typeIn(dialog, 'arrival: to', wave.arrival[1]);
  }
  if (wave.crates) await typeIn(dialog, 'capacity (crates)', wave.crates);
  if (wave.people) await typeIn(dialog, 'capacity (people)', wave.people);
  // Enter in a box of the form saves it.
  await dialog.getByLabel('name in English', { exact: true }).focus();
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await waveRows().filter({ hasText: wave.name }).waitFor();
}

beforeAll(async () => {
  move = await movedOffice();
  browser = await launch();
  page = await signIn(browser, 'staff@movers.test');
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('waves (issue 48)', () => {
  it("makes three waves over two days by keyboard, in the move's time zone, and lists the plan's days", async () => {
    // Reached from the move card's tiles, as the move's other screens.
    await page.goto(`${webOrigin()}/admin/clients/${move.clientId}/locations/${move.locationId}`);
    await page.getByRole('navigation', { name: 'move content' }).getByRole('link', { name: 'waves' }).click();
    await page.getByRole('heading', { level: 1, name: 'waves' }).waitFor();
    await page.getByText('Times are in the move’s time zone: Europe/Oslo.').waitFor();
    await page.getByText('No waves yet: add the first one.').waitFor();
    await expectAccessible(page, 'the waves screen, empty');

    // The dialog's own check (the contract's schema) names the field before anything is sent.
    await page.getByRole('button', { name: 'add wave' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'add wave' });
    await typeIn(dialog, 'name in English', 'Broken');
    await typeIn(dialog, 'day', TODAY);
    await typeIn(dialog, 'arrival: from', `${TODAY}T10:00`);
    await typeIn(dialog, 'arrival: to', `${TODAY}T09:00`);
    await dialog.getByRole('button', { name: 'add wave' }).click();
    await dialog.getByText('the end must not be before the start').waitFor();
    await expectAccessible(page, 'the add wave dialog with an error');
    await dialog.getByRole('button', { name: 'cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await addWave({ name: 'IT', no: 'IT-avdelingen', day: TODAY, packBy: `${TODAY}T00:00`, arrival: [`${TODAY}T00:00`, `${TODAY}T00:01`], people: '2' });
    await addWave({ name: 'Finance', day: TODAY, people: '10', crates: '100' });
    await addWave({ name: 'Sales', day: TOMORROW, people: '1' });
    expect(await waveNames()).toEqual(['IT', 'Finance', 'Sales']);
    const itRow = waveRows().filter({ hasText: 'IT' });
    await itRow.getByText(`${shown(TODAY)} 00:00–00:01`).waitFor();
    await itRow.getByText('0 of 2').waitFor();

    // Reordered by keyboard: the move down button, the new place announced.
    // Two moves in quick succession: the second waits for the first's new order (no 412).
    const reorders: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/waves/position')) reorders.push(r.status());
    });
    await page.getByRole('button', { name: 'move down: Finance' }).focus();
    await page.keyboard.press('Enter');
    await poll(waveNames).toEqual(['IT', 'Sales', 'Finance']);
    await page.getByText('Finance moved to position 3 of 3').waitFor();
    await page.getByRole('button', { name: 'move up: Finance' }).focus();
    await page.keyboard.press('Enter');
    await poll(waveNames).toEqual(['IT', 'Finance', 'Sales']);
    await poll(() => reorders).toEqual([200, 200]);
    await page.reload();
    await poll(waveNames).toEqual(['IT', 'Finance', 'Sales']);
    // Each says the number its people's stickers print: its place in the list, renumbered by the reorder (issue 55).
    await waveRows().and(page.locator('[data-wave="Finance"]')).getByText('number on the stickers: 2', { exact: true }).waitFor();
    await waveRows().and(page.locator('[data-wave="Sales"]')).getByText('number on the stickers: 3', { exact: true }).waitFor();

    const days = page.getByRole('region', { name: 'the plan’s days' }).getByRole('table');
    await poll(() => days.locator('tbody tr th').allInnerTexts()).toEqual([shown(TODAY), shown(TOMORROW)]);
    await days.getByRole('row', { name: `${shown(TODAY)} 2 0 0` }).waitFor();
    await expectAccessible(page, 'the waves screen with three waves');
  });

  it('imports people with a wave column, seen in the preview before the import', async () => {
    await page.goto(`${webOrigin()}${movePath('floor-planner')}?step=people`);
    await poll(() => page.locator('button', { hasText: 'Import allocation (.csv)' }).isEnabled()).toBe(true);
    const file = 'space;name;email;wave\n101;Ann Andersen;;IT\n101;Bo Berg;;IT\n102;Cy Carlsen;;IT\n102;Di Dahl;;Finance\n';
    await page.getByLabel('Import allocation (.csv)').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    const dialog = page.getByRole('alertdialog', { name: 'Import allocation' });
    const rows = dialog.getByRole('table', { name: 'The first lines as they will be read' });
    await rows.getByRole('columnheader', { name: 'Wave' }).waitFor();
    await rows.getByRole('row', { name: '2 Ann Andersen Floor 1 · 101 IT' }).waitFor();
    await rows.getByRole('row', { name: '5 Di Dahl Floor 1 · 102 Finance' }).waitFor();
    await expectAccessible(page, 'the import preview with a wave column');
    await dialog.getByRole('button', { name: 'Import allocation' }).click();
    await page.getByText('Imported 4 people').first().waitFor();
    const people = page.getByRole('table', { name: 'People' });
    await poll(() => shownChoice(people.getByRole('combobox', { name: 'Wave of Di Dahl' }))).toBe('Finance');
    await poll(() => shownChoice(people.getByRole('combobox', { name: 'Wave of Ann Andersen' }))).toBe('IT');
  });

  it('warns of a wave over its capacity before saving, in the form, and after, in the list', async () => {
    // The list comes without the form's code (its fields, the day picker): that loads when a wave is opened (issue 56).
    const scripts: string[] = [];
    const noteScript = (request: Request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    };
    page.on('request', noteScript);
    await page.goto(`${webOrigin()}${movePath('waves')}`);
    const itRow = waveRows().filter({ hasText: 'IT' });
    await itRow.getByText('3 of 2').waitFor();
    await itRow.getByText('over capacity: 3 people of 2').waitFor();
    await page.getByText('1 wave over capacity').waitFor();
    page.off('request', noteScript);
    expect(scripts.filter((path) => /\/(WaveDialog|fields|DayInput)-[^/]+\.js$/.test(path))).toEqual([]);

    await page.getByRole('button', { name: 'edit IT' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'edit IT' });
    await dialog.getByText(/over capacity: 3 people of 2/).waitFor();
    await typeIn(dialog, 'capacity (people)', '3');
    await dialog.getByText(/over capacity/).waitFor({ state: 'detached' });
    await typeIn(dialog, 'capacity (people)', '1');
    await dialog.getByText(/over capacity: 3 people of 1/).waitFor();
    await expectAccessible(page, 'the edit wave dialog warning over capacity');
    await dialog.getByRole('button', { name: 'save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await itRow.getByText('over capacity: 3 people of 1').waitFor();
  });

  it("moves two people to another wave in the planner's people step, chosen by filter and tick boxes", async () => {
    await page.goto(`${webOrigin()}${movePath('floor-planner')}?step=people`);
    const people = page.getByRole('table', { name: 'People' });
    await people.getByText('Cy Carlsen').waitFor();
    await page.getByRole('group', { name: 'Filter people' }).getByRole('combobox', { name: 'Wave' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'IT', exact: true }).click();
    await people.getByText('Di Dahl').waitFor({ state: 'detached' });
    // Chosen by keyboard: each tick box with Space.
    for (const name of ['Ann Andersen', 'Bo Berg']) {
      await page.getByRole('checkbox', { name: `Choose ${name}` }).focus();
      await page.keyboard.press('Space');
    }
    await page.getByText('2 chosen').waitFor();
    await page.getByRole('button', { name: 'Put in wave…' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Put 2 people in a wave' });
    await dialog.getByRole('combobox', { name: 'Wave' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Sales', exact: true }).click();
    await expectAccessible(page, "the 'Put in wave' dialog");
    await dialog.getByRole('button', { name: 'Put in wave' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Over capacity after the assignment is a warning, not a refusal.
    await page.getByText('Sales is over capacity now: 2 people of 1').waitFor();
    // Filtered by IT, the two have gone; Cy stays.
    await people.getByText('Ann Andersen').waitFor({ state: 'detached' });
    await people.getByText('Cy Carlsen').waitFor();
    await page.getByRole('group', { name: 'Filter people' }).getByRole('combobox', { name: 'Wave' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Sales', exact: true }).click();
    await poll(() => people.locator('tbody tr').count()).toBe(2);
    await expectAccessible(page, 'the people step filtered by wave');

    // One by one, in the person's row: Di to no wave, then listed as such, and back to Finance.
    await page.getByRole('group', { name: 'Filter people' }).getByRole('combobox', { name: 'Wave' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'All', exact: true }).click();
    const diWave = people.getByRole('combobox', { name: 'Wave of Di Dahl' });
    await diWave.selectOption({ label: 'No wave' });
    await poll(() => shownChoice(diWave)).toBe('No wave');
    await page.getByRole('group', { name: 'Filter people' }).getByRole('combobox', { name: 'Wave' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'No wave', exact: true }).click();
    await poll(() => people.locator('tbody tr').count()).toBe(1);
    await people.getByText('Di Dahl').waitFor();
    await diWave.selectOption({ label: 'Finance' });
    await poll(() => people.locator('tbody tr').count()).toBe(0);
  });

  it('narrows the move-day board to a wave and shows the waves of today with who is late', async () => {
    await page.goto(`${webOrigin()}${movePath('move-day')}`);
    await page.getByTestId('move-day-arrived').getByText('arrived 0 of 4 people with a seat', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'wave' }).selectOption({ label: 'Finance' });
    await page.getByTestId('move-day-arrived').getByText('arrived 0 of 1 people with a seat in Finance').waitFor();
    expect(new URL(page.url()).searchParams.get('wave')).toBeTruthy();
    await expectAccessible(page, 'the board narrowed to a wave');

    await page.getByRole('button', { name: 'today' }).focus();
    await page.keyboard.press('Enter');
    const today = page.getByRole('region', { name: 'waves of today' });
    await today.getByRole('heading', { name: 'IT' }).waitFor();
    await today.getByRole('heading', { name: 'Finance' }).waitFor();
    expect(await today.getByRole('heading', { name: 'Sales' }).count()).toBe(0);
    await today.getByText(/Europe\/Oslo/).waitFor();
    // IT's people were to have packed and arrived by 00:01: late, said in words.
    const itWave = today.getByRole('region', { name: 'IT', exact: true });
    await itWave.getByText('1 late').waitFor();
    await itWave.getByRole('table', { name: 'people of IT' }).getByText('late: not packed').waitFor();
    await today.getByRole('searchbox', { name: 'search by name' }).fill('Dahl');
    await today.getByText('1 matching').waitFor();
    await expectAccessible(page, "the board's today view");
  });

  it('makes a timeline event for chosen waves, the whole move by default', async () => {
    await page.goto(`${webOrigin()}${movePath('timeline')}`);
    await page.getByRole('button', { name: 'add section' }).click();
    await page.getByRole('textbox', { name: 'section title in English' }).fill('Moving days');
    await page.getByRole('textbox', { name: 'section date' }).fill(shown(TODAY));
    await page.getByRole('button', { name: 'save section' }).click();
    await page.getByRole('button', { name: 'add event to Moving days' }).click();
    await page.getByRole('textbox', { name: 'event title in English' }).fill('IT packs');
    await page.getByRole('textbox', { name: 'start date' }).fill(shown(TODAY));
    const waves = page.getByRole('combobox', { name: /^for waves/ });
    await waves.getByText('all waves').waitFor();
    await waves.focus();
    await page.keyboard.press('Enter');
    const it = page.getByRole('listbox').getByRole('option', { name: 'IT', exact: true });
    await it.focus();
    await page.keyboard.press('Space');
    await poll(() => it.isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await expectAccessible(page, 'the event form with its waves');
    await page.getByRole('button', { name: 'save event' }).click();
    await page.getByRole('list', { name: 'events of Moving days' }).getByText('(for IT)').waitFor();
  });

  it('says when someone changed the waves meanwhile (412) and shows their version', async () => {
    allowConsoleErrors(/status of 412/);
    await page.goto(`${webOrigin()}${movePath('waves')}`);
    await page.getByRole('button', { name: 'edit Finance' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'edit Finance' });
    await dialog.getByLabel('capacity (crates)', { exact: true }).waitFor();
    // Meanwhile, someone else changes the wave.
    const api = `${inject('stack').apiOrigin}/api/v1`;
    const auth = { Authorization: `Bearer ${inject('stack').tokens.staff}` };
    const list = (await (await fetch(`${api}/moves/${move.moveId}/waves`, { headers: auth })).json()) as { waves: Record<string, unknown>[] };
    const finance = list.waves.find((w) => w.name === 'Finance')!;
    const { name, translations, day, packBy, pickUp, arrival, color } = finance;
    const changed = await fetch(`${api}/waves/${finance.id}`, {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/json', 'If-Match': String(finance.etag) },
      body: JSON.stringify({ name, translations, day, packBy, pickUp, arrival, color, capacity: { people: 10, crates: 120 } }),
    });
    expect(changed.status).toBe(200);
    await typeIn(dialog, 'capacity (people)', '9');
    await dialog.getByRole('button', { name: 'save' }).click();
    await dialog.getByText('Someone changed the waves meanwhile', { exact: false }).waitFor();
    // The dialog now shows their version; saving again is a choice made with it in sight.
    await poll(() => dialog.getByLabel('capacity (crates)', { exact: true }).inputValue()).toBe('120');
    await poll(() => dialog.getByLabel('capacity (people)', { exact: true }).inputValue()).toBe('10');
    await expectAccessible(page, 'the edit dialog after a conflict');
    await typeIn(dialog, 'capacity (people)', '9');
    await dialog.getByRole('button', { name: 'save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const financeRow = waveRows().filter({ hasText: 'Finance' });
    await financeRow.getByText(/of 120/).waitFor();
    await financeRow.getByText('1 of 9').waitFor();
  });

  it('asks before a delete how many people will be left in no wave, and speaks Norwegian', async () => {
    await page.goto(`${webOrigin()}${movePath('waves')}`);
    await page.getByRole('button', { name: 'delete Sales' }).focus();
    await page.keyboard.press('Enter');
    const question = page.getByRole('alertdialog', { name: 'delete Sales?' });
    await question.getByText('Their 2 people will be in no wave.', { exact: false }).waitFor();
    await question.getByRole('button', { name: 'cancel' }).click();
    await question.waitFor({ state: 'detached' });

    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Norsk', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'bølger' }).waitFor();
    await page.getByRole('button', { name: 'legg til bølge' }).waitFor();
    await page.getByText('Tidene er i flyttingens tidssone: Europe/Oslo.').waitFor();
    // The wave's name in Norwegian where the move has it.
    await waveRows('bølgene i rekkefølge').filter({ hasText: 'IT-avdelingen' }).getByText('1 av 1').waitFor();
    await page.getByRole('region', { name: 'planens dager' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('nb');
    // The admin's side menu speaks the screen's language too (issue 55).
    const menu = page.getByRole('navigation', { name: 'hovedmeny' });
    for (const entry of ['oversikt', 'kunder', 'lokasjoner', 'brukere']) await menu.getByRole('link', { name: entry, exact: true }).waitFor();
    await expectAccessible(page, 'the waves screen in Norwegian');
    await pressByKeyboard('slett Sales');
    const spurning = page.getByRole('alertdialog', { name: 'slette Sales?' });
    await spurning.getByText('De 2 personene blir uten bølge.', { exact: false }).waitFor();
    await spurning.getByRole('button', { name: 'slett' }).click();
    await spurning.waitFor({ state: 'detached' });
    await poll(() => waveNames('bølgene i rekkefølge')).toEqual(['IT-avdelingen', 'Finance']);
    await page.getByTestId('without-wave').getByText('2 personer (', { exact: false }).waitFor();
    await page.evaluate(() => localStorage.removeItem('planner-language'));
  });
});

// Issue 55: on one English screen the waves list, the 'Send to' menu and the stickers showed a move's
// Norwegian (default) wave name and the rest the English one. One rule: the screen's language, else the
// move's default.
describe("wave names follow the screen's language (issue 55)", () => {
  let noMove: { clientId: string; locationId: string; moveId: string };
  const noPath = (screen: string) => `/admin/clients/${noMove.clientId}/${noMove.locationId}/${noMove.moveId}/${screen}`;

  beforeAll(async () => {
    const { clientId, locationId } = await ownLocation('Waves Norsk', '900 111 756');
    const made = await staffPost(`/v1/locations/${locationId}/moves`, moveInput(`${PATH}-no`, { languages: ['no', 'en'], defaultLanguage: 'no' }));
    const form = new FormData();
    for (const [k, v] of Object.entries({ floor_name: '2', floor_size: 'small', published: 'true', isDefault: 'true' })) form.append(k, v);
    form.append('layout', new Blob([new Uint8Array(floorPlanPng(240, 120))], { type: 'image/png' }), 'plan.png');
    const floor = await fetch(`${inject('stack').apiOrigin}/api/v1/moves/${made.id}/layouts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${inject('stack').tokens.staff}` },
      body: form,
    });
    expect(floor.status).toBe(201);
    const { id: layoutId } = (await floor.json()) as { id: string };
    const room = await staffPost(`/v1/layouts/${layoutId}/markers`, { marker_type: 'room', title: '201', coordinates: { positionX: 30, positionY: 40 } });
    const wave = await staffPost(`/v1/moves/${made.id}/waves`, { name: 'Bølge Salg', translations: { en: { name: 'Wave Sales' } }, day: TOMORROW });
    const person = await staffPost<{ id: string; etag: string }>('/v1/marker-users', {
      name: 'Ola Nordmann',
      email: `ola.${tag}@waves.test`,
      move_layout_marker_id: room.id,
    });
    // In the wave, as the person's own form puts them.
    const put = await fetch(`${inject('stack').apiOrigin}/api/v1/marker-users/${person.id}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${inject('stack').tokens.staff}`, 'Content-Type': 'application/json', 'If-Match': person.etag },
      body: JSON.stringify({ name: 'Ola Nordmann', move_layout_marker_id: room.id, waveId: wave.id }),
    });
    expect(put.status).toBe(200);
    noMove = { clientId, locationId, moveId: made.id };
  });

  it('shows the English name on every English screen of a move whose default is Norwegian', async () => {
    await page.evaluate(() => localStorage.removeItem('planner-language'));
    await page.goto(`${webOrigin()}${noPath('waves')}`);
    await waveRows().first().waitFor();
    expect(await waveNames()).toEqual(['Wave Sales']);

    await page.goto(`${webOrigin()}${noPath('floor-planner')}?step=people`);
    const people = page.getByRole('table', { name: 'People' });
    await poll(() => shownChoice(people.getByRole('combobox', { name: 'Wave of Ola Nordmann' }))).toBe('Wave Sales');
    await page.getByRole('combobox', { name: 'Send to' }).click();
    await page
      .getByRole('listbox')
      .getByRole('option', { name: /Wave Sales/ })
      .waitFor();
    expect(
      await page
        .getByRole('listbox')
        .getByRole('option', { name: /Bølge Salg/ })
        .count(),
    ).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto(`${webOrigin()}${noPath('floor-planner')}?step=labels`);
    await page.getByRole('button', { name: 'Show sticker sheet' }).click();
    const sheet = page.getByRole('region', { name: 'Print sticker sheet' });
    await sheet
      .locator('[data-sticker]')
      .first()
      .getByText(/Wave Sales/)
      .waitFor();
    expect(await sheet.getByText(/Bølge Salg/).count()).toBe(0);

    await page.goto(`${webOrigin()}${noPath('move-day')}`);
    await poll(() => page.getByRole('combobox', { name: 'wave' }).locator('option').allTextContents()).toContain('Wave Sales');
  });
});
