import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { floorPlanPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { expectAccessible, launch, poll, shownChoice, signIn, webOrigin } from '../support/browser.ts';
import { staffApi } from '../support/movedPerson.ts';
import { ownLocation, staffPost } from '../support/ownLocation.ts';

// People in waves by department (issue 48): a file with a department column is imported (its preview shows
// the column), then the people step's department filter, 'Select all shown' and 'Put in wave…' put one
// department's people in a wave. A move of the test's own, with one wave.

const tag = Date.now().toString(36);

let browser: Browser;
let page: Page;
let screen = '';

beforeAll(async () => {
  const { clientId, locationId } = await ownLocation('Departments', '900 111 766');
  const move = await staffPost(`/v1/locations/${locationId}/moves`, moveInput(`zz-departments-${tag}`, { languages: ['en', 'no'], defaultLanguage: 'en' }));
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: '1', floor_size: 'small', published: 'true', isDefault: 'true' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(floorPlanPng(240, 120))], { type: 'image/png' }), 'plan.png');
  const floor = await staffApi('POST', `/v1/moves/${move.id}/layouts`, form);
  await staffPost(`/v1/layouts/${floor.id}/markers`, { coordinates: { positionX: 30, positionY: 40 }, marker_type: 'room', title: '101' });
  const day = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
  await staffPost(`/v1/moves/${move.id}/waves`, { name: 'First wave', day });
  screen = `/admin/clients/${clientId}/${locationId}/${move.id}/floor-planner`;
  browser = await launch();
  page = await signIn(browser, 'staff@movers.test');
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe("the people step's department filter (issue 48)", () => {
  it('imports a department column, seen in the preview, then puts one department in a wave', async () => {
    await page.goto(`${webOrigin()}${screen}?step=people`);
    await poll(() => page.locator('button', { hasText: 'Import allocation (.csv)' }).isEnabled()).toBe(true);
    const file = 'space;name;department\n101;Ann Andersen;Finance\n101;Bo Berg;IT\n101;Cy Carlsen;Finance\n';
    await page.getByLabel('Import allocation (.csv)').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    const dialog = page.getByRole('alertdialog', { name: 'Import allocation' });
    const rows = dialog.getByRole('table', { name: 'The first lines as they will be read' });
    await rows.getByRole('columnheader', { name: 'Department' }).waitFor();
    await rows.getByRole('row', { name: '2 Ann Andersen Floor 1 · 101 Finance' }).waitFor();
    await rows.getByRole('row', { name: '3 Bo Berg Floor 1 · 101 IT' }).waitFor();
    await expectAccessible(page, 'the import preview with a department column');
    await dialog.getByRole('button', { name: 'Import allocation' }).click();
    await page.getByText('Imported 3 people').first().waitFor();

    const people = page.getByRole('table', { name: 'People' });
    await people.getByText('Cy Carlsen').waitFor();
    const filters = page.getByRole('group', { name: 'Filter people' });
    await filters.getByRole('combobox', { name: 'Department' }).click();
    // The move's departments, each once.
    await poll(() => page.getByRole('listbox').getByRole('option').allInnerTexts()).toEqual(['All', 'Finance', 'IT']);
    await page.getByRole('listbox').getByRole('option', { name: 'Finance', exact: true }).click();
    await people.getByText('Bo Berg').waitFor({ state: 'detached' });
    await poll(() => people.locator('tbody tr').count()).toBe(2);
    await expectAccessible(page, 'the people step filtered by department');

    await page.getByRole('checkbox', { name: 'Select all shown' }).focus();
    await page.keyboard.press('Space');
    await page.getByText('2 chosen').waitFor();
    await page.getByRole('button', { name: 'Put in wave…' }).focus();
    await page.keyboard.press('Enter');
    const put = page.getByRole('alertdialog', { name: 'Put 2 people in a wave' });
    await put.getByRole('combobox', { name: 'Wave' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'First wave', exact: true }).click();
    await expectAccessible(page, "the 'Put in wave' dialog for a department");
    await put.getByRole('button', { name: 'Put in wave' }).click();
    await put.waitFor({ state: 'detached' });

    // Everyone again: Finance's two are in the wave, IT's Bo in none.
    await filters.getByRole('combobox', { name: 'Department' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'All', exact: true }).click();
    await people.getByText('Bo Berg').waitFor();
    for (const name of ['Ann Andersen', 'Cy Carlsen'])
      await poll(() => shownChoice(people.getByRole('combobox', { name: `Wave of ${name}` }))).toBe('First wave');
    await poll(() => shownChoice(people.getByRole('combobox', { name: 'Wave of Bo Berg' }))).toBe('No wave');
  });
});
