import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { floorPlanPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { allowConsoleErrors, expectAccessible, launch, shownChoice, signIn, webOrigin } from '../support/browser.ts';
import { ownLocation, staffPost } from '../support/ownLocation.ts';

// Move day on the map (issue 49) in the browser: the board's plan marks each seat by its state with a
// legend in words; a person searched is lit; a seat opened by keyboard answers its report, which reaches
// the person; a person arriving (through the visit API, as their phone does) turns their seat without the
// plan's zoom being reset; the wall mode shows the counts and the newest reports, and since when its
// figures are old once the network drops. The move is the test's own, its letters mailed through the
// Graph stand-in for the personal links.

const STAFF_USER = 'u0000000-0000-4000-8000-000000000002';
const tag = Date.now().toString(36);
const PATH = `zz-daymap-${tag}`;
const REPORT_TEXT = `The chair is broken ${tag}`;
const ANSWER = `A new chair comes at ten ${tag}`;
const address = (who: string) => `${who}.${tag}@daymap.test`;

let browser: Browser;
let board: Page;
let move: {
  clientId: string;
  locationId: string;
  moveId: string;
  seats: { ann: string; bo: string; cy: string };
  tokens: { ann: string; bo: string; cy: string };
};

const stack = () => inject('stack');
const api = async (method: string, path: string, options: { body?: unknown; token?: string } = {}) => {
  const response = await fetch(`${stack().apiOrigin}/api${path}`, {
    method,
    headers: {
      ...(options.token === '' ? {} : { Authorization: `Bearer ${options.token ?? stack().tokens.staff}` }),
      ...(options.body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? await response.json() : undefined };
};
const mails = async () => (await (await fetch(`${stack().settings.GRAPH_BASE_URL}_local/mail`)).json()) as { to: string[]; body: string }[];
const personalLinkIn = (body: string) => /\/me\/([A-Za-z0-9_-]{43})/.exec(body)?.[1];

async function tokenOf(to: string) {
  for (let end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 250))) {
    const token = personalLinkIn((await mails()).filter((m) => m.to.includes(to)).at(-1)?.body ?? '');
    if (token) return token;
  }
  throw new Error(`no seat letter with a personal link was mailed to ${to}`);
}

/** Signs the person in with their personal link, as their phone does: the session's token. */
async function personSession(personToken: string) {
  const session = await api('POST', `/v1/visit/${PATH}/session`, { body: { personToken }, token: '' });
  expect(session.status).toBe(201);
  return session.body.token as string;
}

async function plannedMove() {
  const { clientId, locationId } = await ownLocation('Day Map', '900 111 649');
  const made = await staffPost(`/v1/locations/${locationId}/moves`, moveInput(PATH, { teamMembers: [{ id: STAFF_USER }] }));
  const addFloor = async (name: string) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ floor_name: name, floor_size: 'small', published: 'true' })) form.append(k, v);
    form.append('layout', new Blob([new Uint8Array(floorPlanPng(480, 240))], { type: 'image/png' }), 'plan.png');
    const floor = await fetch(`${stack().apiOrigin}/api/v1/moves/${made.id}/layouts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack().tokens.staff}` },
      body: form,
    });
    expect(floor.status).toBe(201);
    return (await floor.json()) as { id: string };
  };
  // Floor 5 is published and empty, and listed first (floors go from the top down): the board opened on it,
  // and the wall gave it half its time (issue 55).
  await addFloor('5');
  const layout = await addFloor('4');
  const room = (title: string, x: number) =>
    staffPost(`/v1/layouts/${layout.id}/markers`, { coordinates: { positionX: x, positionY: 50 }, marker_type: 'room', title });
  const r101 = await room('101', 20);
  const table = await staffPost(`/v1/layouts/${layout.id}/markers`, {
    coordinates: { positionX: 30, positionY: 60 },
    marker_type: 'table',
    title: 'A',
    spaceId: r101.id,
  });
  const r102 = await room('102', 55);
  const r103 = await room('103', 80);
  await staffPost('/v1/marker-users', { name: 'Ann Chair', email: address('ann'), move_layout_marker_id: table.id });
  await staffPost('/v1/marker-users', { name: 'Bo Later', email: address('bo'), move_layout_marker_id: r102.id });
  await staffPost('/v1/marker-users', { name: 'Cy Early', email: address('cy'), move_layout_marker_id: r103.id });
  // Di has no seat yet: counted as such, not among the people expected at a seat.
  const di = await staffPost<{ id: string; etag: string }>('/v1/marker-users', { name: 'Di Noseat', email: address('di'), move_layout_marker_id: r103.id });
  const unseated = await fetch(`${stack().apiOrigin}/api/v1/marker-users/${di.id}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${stack().tokens.staff}`, 'Content-Type': 'application/json', 'If-Match': di.etag },
    body: JSON.stringify({ name: 'Di Noseat', move_layout_marker_id: null }),
  });
  expect(unseated.status).toBe(200);
  expect((await api('POST', `/v1/moves/${made.id}/seat-letters`, { body: { scope: 'all' } })).status).toBe(200);
  return {
    clientId,
    locationId,
    moveId: made.id,
    seats: { ann: table.id, bo: r102.id, cy: r103.id },
    tokens: { ann: await tokenOf(address('ann')), bo: await tokenOf(address('bo')), cy: await tokenOf(address('cy')) },
  };
}

const seat = (markerId: string) => board.locator(`#move-day-seat-${markerId}`);
/** The plan's zoom and position as the zoom library holds them (its content's transform), once its animation has come to rest (ten frames alike). */
const planTransform = () =>
  board.locator('[data-testid="move-day-plan"] .react-transform-component').evaluate(async (element) => {
    let last = '';
    for (let same = 0; same < 10; ) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = (element as HTMLElement).style.transform;
      same = now === last ? same + 1 : 0;
      last = now;
    }
    return last;
  });

beforeAll(async () => {
  move = await plannedMove();
  // Before the board opens: Cy has arrived, Ann has reported her chair.
  expect((await api('POST', `/v1/visit/${PATH}/arrival`, { token: await personSession(move.tokens.cy) })).status).toBe(201);
  const report = await api('POST', `/v1/visit/${PATH}/reports`, {
    token: await personSession(move.tokens.ann),
    body: { category: 'furniture', text: REPORT_TEXT },
  });
  expect(report.status).toBe(201);
  browser = await launch();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('move day on the map', () => {
  it('marks each seat by its state with a legend in words, and lights a person searched', async () => {
    board = await signIn(browser, 'staff@movers.test');
    await board.goto(`${webOrigin()}/admin/clients/${move.clientId}/${move.locationId}/${move.moveId}/move-day`);
    await board.getByRole('heading', { name: 'on the plan' }).waitFor();
    // It opens on the floor where the people are (4), not on the empty floor 5 listed first.
    const floorShown = await shownChoice(board.getByRole('combobox', { name: 'floor shown' }));
    expect(floorShown).toContain('4');
    expect(floorShown).not.toContain('5');
    await seat(move.seats.ann).waitFor();
    // What is counted is said, and counted alike: people with a seat; the one without a seat is listed as such.
    expect(await board.getByTestId('move-day-arrived').textContent()).toBe('arrived 1 of 3 people with a seat');
    await board.getByText('1 more person has no seat (listed below)').waitFor();
    const withoutSeat = board.getByRole('list', { name: 'without a seat (1)' });
    await withoutSeat.getByText(/Di Noseat/).waitFor();
    expect(await seat(move.seats.ann).getAttribute('data-state')).toBe('reported');
    expect(await seat(move.seats.ann).getAttribute('aria-label')).toBe('101 A: Ann Chair (open report: furniture)');
    expect(await seat(move.seats.bo).getAttribute('aria-label')).toBe('102: Bo Later (expected)');
    expect(await seat(move.seats.cy).getAttribute('aria-label')).toBe('103: Cy Early (arrived)');
    const legend = board.getByRole('list', { name: 'seats by state' });
    for (const line of ['open report: 1', 'report resolved: 0', 'arrived: 1', 'expected: 1']) await legend.getByText(line, { exact: true }).waitFor();
    await board.getByTestId('move-day-plan-image').waitFor();
    await expectAccessible(board, 'move-day board with its map');

    // A filter by state shows only those seats.
    await board.getByRole('combobox', { name: 'seat state' }).selectOption({ label: 'arrived' });
    await board.getByText('1 of 3 seats shown').waitFor();
    expect(await seat(move.seats.bo).isVisible()).toBe(false);
    expect(await seat(move.seats.cy).isVisible()).toBe(true);

    // A person searched: their seat is lit and has the focus (the filter that hid it let go).
    await board.getByLabel('find a person').fill('bo lat');
    await board.keyboard.press('Enter');
    await board.locator(`#move-day-seat-${move.seats.bo}[data-lit="true"]`).waitFor();
    expect(await board.evaluate(() => document.activeElement?.id)).toBe(`move-day-seat-${move.seats.bo}`);
    await board.getByText('3 of 3 seats shown').waitFor();
  });

  it("turns a seat arrived when the person arrives, keeping the plan's zoom; a seat's report is answered by keyboard and reaches the person", async () => {
    await board.getByRole('button', { name: 'zoom in' }).click();
    await board.getByRole('button', { name: 'zoom in' }).click();
    const zoomed = await planTransform();
    expect(zoomed).not.toContain('scale(1)');

    // Bo's phone: 'I'm here'. Within a read of the map (10 s) his seat turns, the plan as the user left it.
    expect((await api('POST', `/v1/visit/${PATH}/arrival`, { token: await personSession(move.tokens.bo) })).status).toBe(201);
    await board.locator(`#move-day-seat-${move.seats.bo}[data-state="arrived"]`).waitFor({ timeout: 30_000 });
    expect(await planTransform()).toBe(zoomed);
    await board.getByRole('list', { name: 'seats by state' }).getByText('arrived: 2', { exact: true }).waitFor();

    // Ann's seat, opened by keyboard: who, and her report to answer.
    await seat(move.seats.ann).focus();
    await board.keyboard.press('Enter');
    const popup = board.getByRole('dialog');
    await popup.getByText(REPORT_TEXT).waitFor();
    await popup.getByText('not arrived yet').waitFor();
    await expectAccessible(board, "a seat's popup on the map");
    await popup.getByRole('textbox', { name: 'answer to the person' }).focus();
    await board.keyboard.type(ANSWER);
    await board.keyboard.press('Tab');
    expect(await board.evaluate(() => document.activeElement?.textContent?.trim())).toBe('save answer');
    await board.keyboard.press('Enter');
    await board.getByText('Saved.').waitFor();
    // The answer reaches the person's own page.
    const mine = await api('GET', `/v1/visit/${PATH}/reports`, { token: await personSession(move.tokens.ann) });
    expect(mine.body[0]).toMatchObject({ text: REPORT_TEXT, answer: ANSWER });
    await board.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
  });

  it('shows the wall: counts, the floors and the newest reports; it says since when its figures are old when the network drops', async () => {
    await board.getByRole('button', { name: 'Wall mode' }).click();
    const wall = board.getByTestId('move-day-wall');
    await wall.getByTestId('wall-arrived').getByText('arrived 2 of 3 people with a seat').waitFor();
    await wall.getByRole('heading', { name: 'floor 4: arrived 2 of 3 people' }).waitFor();
    // The seats' legend says it counts seats; the empty floor 5 is not in the rotation.
    const seatsLegend = wall.getByRole('list', { name: 'seats by state' });
    expect(await seatsLegend.locator('[data-state-count="arrived"]').textContent()).toBe('2');
    expect(await seatsLegend.locator('[data-state-count="expected"]').textContent()).toBe('0');
    expect(await wall.getByTestId('wall-floor').count()).toBe(1);
    expect(await wall.getByTestId('wall-turn').count()).toBe(0);
    await wall.getByTestId('wall-reports').getByText('furniture').waitFor();
    await wall
      .getByTestId('wall-reports')
      .getByText(/Ann Chair/)
      .waitFor();
    await wall.getByText(/^Figures from \d\d:\d\d \(Europe\/Oslo\)$/).waitFor();
    expect(await wall.locator(`[data-seat="${move.seats.ann}"]`).getAttribute('data-state')).toBe('reported');
    await expectAccessible(board, 'the wall mode');

    allowConsoleErrors(/Failed to fetch|ERR_INTERNET_DISCONNECTED|net::ERR/);
    await board.context().setOffline(true);
    await wall.getByText('no connection: trying again').waitFor({ timeout: 30_000 });
    await wall.getByText(/^Figures from \d\d:\d\d \(Europe\/Oslo\)$/).waitFor();
    expect(await wall.getByTestId('wall-arrived').textContent()).toBe('arrived 2 of 3 people with a seat');
    await board.context().setOffline(false);
    await wall.getByText('no connection: trying again').waitFor({ state: 'detached', timeout: 30_000 });

    await board.keyboard.press('Escape');
    await board.getByRole('heading', { name: 'on the plan' }).waitFor();
  });
});
