import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { floorPlanPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { expectAccessible, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { ownLocation, staffPost } from '../support/ownLocation.ts';

// The day as a picture (issue 49) on the move team's board: arrivals per 15 minutes with the running
// share of the expected, and the reports beside them, for the move or one floor; the same figures as a
// table, on demand and in print; who is not here yet, with their phone and e-mail. The arrivals and the
// report are made through the API by the people's own personal links (their seat letters, mailed through
// the Graph stand-in), as their phones make them.

const STAFF_USER = 'u0000000-0000-4000-8000-000000000002';
const tag = Date.now().toString(36);
const PATH = `zz-daychart-${tag}`;
const at = (who: string) => `${who}.${tag}@daychart.test`;

let browser: Browser;
let page: Page;
let move: {
  clientId: string;
  locationId: string;
  moveId: string;
  annArrivedAt: string;
  boArrivedAt: string;
  seats: { ann: string; bo: string; cy: string };
  day: string;
};

const stack = () => inject('stack');
const api = async (method: string, path: string, body?: unknown, token = stack().tokens.staff) => {
  const response = await fetch(`${stack().apiOrigin}/api${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? await response.json() : undefined };
};
const mailTo = async (address: string) =>
  ((await (await fetch(`${stack().settings.GRAPH_BASE_URL}_local/mail`)).json()) as { to: string[]; body: string }[]).filter((m) => m.to.includes(address));

/** The person's own session, from the personal link in their seat letter. */
async function personSession(address: string) {
  let token: string | undefined;
  for (let end = Date.now() + 30_000; !token && Date.now() < end; await new Promise((r) => setTimeout(r, 250)))
    token = /\/me\/([A-Za-z0-9_-]{43})/.exec((await mailTo(address)).at(-1)?.body ?? '')?.[1];
  if (!token) throw new Error(`no seat letter with a personal link was mailed to ${address}`);
  const session = await api('POST', `/v1/visit/${PATH}/session`, { personToken: token }, '');
  expect(session.status).toBe(201);
  return session.body.token as string;
}

async function publishedFloor(moveId: string, title: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: title, floor_size: 'small', published: 'true' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(floorPlanPng(240, 120))], { type: 'image/png' }), 'plan.png');
  const floor = await fetch(`${stack().apiOrigin}/api/v1/moves/${moveId}/layouts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack().tokens.staff}` },
    body: form,
  });
  expect(floor.status).toBe(201);
  return (await floor.json()) as { id: string };
}

/** Floor 4: Ann and Bo, who arrive (Bo reports a problem); floor 5: Cy, not here yet, with a phone. Ann and Cy are in the wave IT (arriving at 09:00), Bo in none. */
async function movingDay() {
  const { clientId, locationId } = await ownLocation('Day Chart', '900 111 649');
  const made = await staffPost(`/v1/locations/${locationId}/moves`, moveInput(PATH, { teamMembers: [{ id: STAFF_USER }] }));
  const [fourth, fifth] = [await publishedFloor(made.id, '4'), await publishedFloor(made.id, '5')];
  const room = (layoutId: string, title: string) =>
    staffPost(`/v1/layouts/${layoutId}/markers`, { coordinates: { positionX: 30, positionY: 40 }, marker_type: 'room', title });
  const [r401, r402, r501] = [await room(fourth.id, '401'), await room(fourth.id, '402'), await room(fifth.id, '501')];
  const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const wave = await staffPost(`/v1/moves/${made.id}/waves`, { name: 'IT', day, arrival: { start: `${day}T09:00`, end: `${day}T10:00` } });
  const annPerson = await staffPost('/v1/marker-users', { name: 'Ann Arrival', email: at('ann'), move_layout_marker_id: r401.id });
  await staffPost('/v1/marker-users', { name: 'Bo Report', email: at('bo'), move_layout_marker_id: r402.id });
  const cyPerson = await staffPost('/v1/marker-users', { name: 'Cy Notyet', email: at('cy'), phone: '+47 912 34 567', move_layout_marker_id: r501.id });
  const people = await fetch(`${stack().apiOrigin}/api/v1/moves/${made.id}/people`, { headers: { Authorization: `Bearer ${stack().tokens.staff}` } });
  const inWave = await fetch(`${stack().apiOrigin}/api/v1/moves/${made.id}/people/wave`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack().tokens.staff}`, 'Content-Type': 'application/json', 'If-Match': people.headers.get('etag') ?? '' },
    body: JSON.stringify({ personIds: [annPerson.id, cyPerson.id], waveId: wave.id }),
  });
  expect(inWave.status).toBe(200);
  expect((await api('POST', `/v1/moves/${made.id}/seat-letters`, { scope: 'all' })).status).toBe(200);
  const [ann, bo] = [await personSession(at('ann')), await personSession(at('bo'))];
  const annArrival = await api('POST', `/v1/visit/${PATH}/arrival`, undefined, ann);
  const boArrival = await api('POST', `/v1/visit/${PATH}/arrival`, undefined, bo);
  expect([annArrival.status, boArrival.status]).toEqual([201, 201]);
  expect((await api('POST', `/v1/visit/${PATH}/reports`, { category: 'furniture', text: 'The chair is broken' }, bo)).status).toBe(201);
  return {
    clientId,
    locationId,
    moveId: made.id as string,
    annArrivedAt: annArrival.body.arrivedAt,
    boArrivedAt: boArrival.body.arrivedAt,
    seats: { ann: r401.id as string, bo: r402.id as string, cy: r501.id as string },
    day,
  };
}

/** The quarter of an hour of Oslo's clock (the location's country) an instant falls in, as the chart labels it. */
function osloQuarter(iso: string) {
  const [hour, minute] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date(iso))
    .split(':')
    .map(Number);
  return `${String(hour).padStart(2, '0')}:${String(Math.floor(minute / 15) * 15).padStart(2, '0')}`;
}

/** The table's rows as [from, arrivals, share, reports]. */
const tableRows = async (table: ReturnType<Page['getByRole']>) =>
  (await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')))) as string[][];
const columnSum = (rows: string[][], column: number) => rows.reduce((sum, row) => sum + Number(row[column]), 0);

beforeAll(async () => {
  move = await movingDay();
  browser = await launch();
  page = await signIn(browser, 'staff@movers.test');
  await page.evaluate(() => localStorage.setItem('planner-language', 'en'));
  await page.goto(`${webOrigin()}/admin/clients/${move.clientId}/${move.locationId}/${move.moveId}/move-day`);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

describe('the day as a picture', () => {
  it("draws the arrivals and reports per 15 minutes with the running share, per floor, with the same figures in a table in the move's time", async () => {
    const day = page.getByRole('region', { name: 'the day as a picture' });
    await day.getByRole('img', { name: 'Chart of arrivals, all floors: 2 of 3 people with a seat arrived (66.7 %)', exact: false }).waitFor();
    await day.getByRole('img', { name: 'Chart of reports, all floors: 1 reports', exact: false }).waitFor();
    expect(await day.locator('canvas').count()).toBe(2);

    // The table behind the charts, on demand.
    const show = day.getByRole('button', { name: 'show as table' });
    expect(await show.getAttribute('aria-expanded')).toBe('false');
    await show.click();
    const table = day.getByRole('table', { name: 'Arrivals and reports per 15 minutes, all floors (times in Europe/Oslo)' });
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['from', 'arrivals', 'arrived so far (%)', 'reports']);
    const rows = await tableRows(table);
    expect(columnSum(rows, 1)).toBe(2);
    expect(columnSum(rows, 3)).toBe(1);
    expect(rows.at(-1)?.[2]).toBe('66.7');
    // Each arrival in its quarter of the move's own clock (Oslo), whatever the browser's zone.
    for (const arrivedAt of [move.annArrivedAt, move.boArrivedAt]) expect(rows.some((r) => r[0] === osloQuarter(arrivedAt) && Number(r[1]) > 0)).toBe(true);
    await expectAccessible(page, "the board's chart with its table");

    // One floor: the fifth, where no one has arrived; the fourth, where everyone has.
    await day.getByRole('combobox', { name: 'floor' }).selectOption({ label: '5' });
    const fifth = day.getByRole('table', { name: 'Arrivals and reports per 15 minutes, floor 5 (times in Europe/Oslo)' });
    await fifth.waitFor();
    expect(columnSum(await tableRows(fifth), 1)).toBe(0);
    await day.getByRole('img', { name: 'Chart of arrivals, floor 5: 0 of 1 people with a seat arrived (0 %)', exact: false }).waitFor();
    await day.getByRole('combobox', { name: 'floor' }).selectOption({ label: '4' });
    const fourth = day.getByRole('table', { name: 'Arrivals and reports per 15 minutes, floor 4 (times in Europe/Oslo)' });
    await fourth.waitFor();
    expect((await tableRows(fourth)).at(-1)?.[2]).toBe('100');

    // On paper the table is there even when hidden on screen, and the controls are not.
    await day.getByRole('button', { name: 'hide the table' }).click();
    await poll(() => fourth.isVisible()).toBe(false);
    await page.emulateMedia({ media: 'print' });
    expect(await fourth.isVisible()).toBe(true);
    expect(await day.getByRole('button', { name: 'show as table' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    // Norwegian, as the board offers.
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Norsk' }).click();
    const dag = page.getByRole('region', { name: 'dagen som bilde' });
    await dag.getByRole('button', { name: 'vis som tabell' }).click();
    await dag.getByRole('table', { name: 'Ankomster og meldinger per 15 minutter, etasje 4 (tider i Europe/Oslo)' }).waitFor();
    await expectAccessible(page, "the board's chart in Norwegian");
    await page.getByRole('combobox', { name: 'Språk' }).click();
    await page.getByRole('option', { name: 'English' }).click();
  });

  it('finds who is not here yet by name, with the phone and e-mail the planner has for them', async () => {
    const absent = page.getByRole('region', { name: 'not arrived yet (1)' });
    await absent.getByRole('searchbox', { name: 'search by name' }).fill('notyet');
    await absent.getByRole('status').getByText('1 matching').waitFor();
    const cy = absent.getByRole('list', { name: 'floor 5: 1 not arrived' }).getByRole('listitem');
    expect(await cy.textContent()).toBe(`Cy Notyet · space 501 · wave IT · phone +47 912 34 567 · e-mail ${at('cy')}`);
    expect(await cy.getByRole('link', { name: '+47 912 34 567' }).getAttribute('href')).toBe('tel:+4791234567');
    expect(await cy.getByRole('link', { name: at('cy') }).getAttribute('href')).toBe(`mailto:${at('cy')}`);
    await expectAccessible(page, 'the board, who is not here yet with phone and e-mail');

    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Norsk' }).click();
    const norsk = page.getByRole('region', { name: 'ikke kommet ennå (1)' });
    await norsk.getByText('Cy Notyet · rom 501 · bølge IT · telefon +47 912 34 567', { exact: false }).waitFor();
    await page.getByRole('combobox', { name: 'Språk' }).click();
    await page.getByRole('option', { name: 'English' }).click();
  });

  it("draws the day per wave with the wave's arrival time marked, and one choice of wave narrows the board, the map and the chart", async () => {
    const day = page.getByRole('region', { name: 'the day as a picture' });
    // Fluent's radio is drawn over its hidden input: the label is what a user clicks.
    await day.getByText('per wave', { exact: true }).click();
    expect(await day.getByRole('radio', { name: 'per wave' }).isChecked()).toBe(true);
    const chartWave = day.getByRole('combobox', { name: 'wave' });
    await poll(() => chartWave.locator('option').allTextContents()).toEqual(['all waves', 'IT', 'no wave']);
    await chartWave.selectOption({ label: 'IT' });
    await day.getByRole('img', { name: 'Chart of arrivals, wave IT: 1 of 2 people with a seat arrived (50 %)', exact: false }).waitFor();
    expect(await day.getByRole('img', { name: 'Chart of arrivals, wave IT', exact: false }).getAttribute('aria-label')).toContain('arrival of IT from 09:00.');
    await day.getByText('arrival of IT from 09:00', { exact: true }).waitFor();
    // The table is still shown, as it was left above.
    await day.getByRole('button', { name: 'hide the table' }).waitFor();
    await day.getByRole('table', { name: 'Arrivals and reports per 15 minutes, wave IT (times in Europe/Oslo); arrival of IT from 09:00' }).waitFor();
    await expectAccessible(page, "the board's chart per wave");
    await chartWave.selectOption({ label: 'no wave' });
    await day.getByRole('img', { name: 'Chart of arrivals, no wave: 1 of 1 people with a seat arrived (100 %)', exact: false }).waitFor();
    expect(await day.getByText('arrival of', { exact: false }).count()).toBe(0);

    // The board's wave: its counts, its people on the map, who of them is not here, and the chart on that wave.
    // The board's own chooser comes first on the page, before the chart's.
    await page.getByRole('combobox', { name: 'wave' }).first().selectOption({ label: 'IT' });
    await poll(() => page.getByTestId('move-day-arrived').textContent()).toBe('arrived 1 of 2 people with a seat in IT');
    await day.getByRole('img', { name: 'Chart of arrivals, wave IT: 1 of 2 people with a seat arrived (50 %)', exact: false }).waitFor();
    // On the map's floor 4, Ann's seat and not Bo's, who is in no wave.
    await page.getByRole('heading', { name: 'on the plan' }).waitFor();
    await page.getByRole('combobox', { name: 'floor shown' }).selectOption({ label: '4' });
    await poll(() => page.locator(`#move-day-seat-${move.seats.ann}`).count()).toBe(1);
    expect(await page.locator(`#move-day-seat-${move.seats.bo}`).count()).toBe(0);
    await page.getByRole('region', { name: 'not arrived yet (1)' }).getByText('Cy Notyet · space 501 · wave IT', { exact: false }).waitFor();
    await expectAccessible(page, 'the board narrowed to one wave');
  });
});
