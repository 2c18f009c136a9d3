import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { floorPlanPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { allowConsoleErrors, expectAccessible, launch, newPage, signIn, webOrigin } from '../support/browser.ts';
import { pressInDialog } from '../support/fluent.ts';
import { ownLocation, staffPost } from '../support/ownLocation.ts';

// The wall link (issue 49) in the browser: a member of the move team, signed in through the popup, makes a
// read-only link of the move-day board; a browser that never signed in opens it and sees the counts and
// the newest report, and no photo; once the team revokes it, the wall says the link no longer works. The
// move is the test's own: one person arrived, another reported a broken chair with a photo.

const STAFF_USER = 'u0000000-0000-4000-8000-000000000002';
const tag = Date.now().toString(36);
const PATH = `zz-wall-${tag}`;
const at = (who: string) => `${who}.${tag}@wall.test`;

let browser: Browser;
let team: Page;
let wall: Page;
let move: { clientId: string; locationId: string; moveId: string };
let address = '';

const stack = () => inject('stack');
const mailTo = async (to: string) =>
  ((await (await fetch(`${stack().settings.GRAPH_BASE_URL}_local/mail`)).json()) as { to: string[]; body: string }[]).filter((m) => m.to.includes(to));
const api = async (path: string, init: RequestInit & { token?: string } = {}) =>
  fetch(`${stack().apiOrigin}/api${path}`, { ...init, headers: { ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}), ...init.headers } });

/** A session of the person's own link, read from their seat letter. */
async function personSession(to: string) {
  let token: string | undefined;
  for (let end = Date.now() + 30_000; !token && Date.now() < end; await new Promise((r) => setTimeout(r, 250)))
    token = /\/me\/([A-Za-z0-9_-]{43})/.exec((await mailTo(to)).at(-1)?.body ?? '')?.[1];
  if (!token) throw new Error('no seat letter with a personal link was mailed');
  const session = await api(`/v1/visit/${PATH}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ personToken: token }),
  });
  expect(session.status).toBe(201);
  return ((await session.json()) as { token: string }).token;
}

async function movingDay() {
  const { clientId, locationId } = await ownLocation('Wall Link', '900 111 649');
  const made = await staffPost(
    `/v1/locations/${locationId}/moves`,
    moveInput(PATH, { languages: ['en'], defaultLanguage: 'en', teamMembers: [{ id: STAFF_USER }] }),
  );
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: '4', floor_size: 'small', published: 'true' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(floorPlanPng(240, 120))], { type: 'image/png' }), 'plan.png');
  const floor = await api(`/v1/moves/${made.id}/layouts`, { method: 'POST', token: stack().tokens.staff, body: form });
  expect(floor.status).toBe(201);
  const layout = (await floor.json()) as { id: string };
  const room = (title: string, positionX: number) =>
    staffPost<{ id: string }>(`/v1/layouts/${layout.id}/markers`, { coordinates: { positionX, positionY: 40 }, marker_type: 'room', title });
  const [r101, r102] = [await room('101', 20), await room('102', 60)];
  await staffPost('/v1/marker-users', { name: 'Ann Arrival', email: at('ann'), move_layout_marker_id: r101.id });
  await staffPost('/v1/marker-users', { name: 'Bo Broken', email: at('bo'), move_layout_marker_id: r102.id });
  const letters = await api(`/v1/moves/${made.id}/seat-letters`, {
    method: 'POST',
    token: stack().tokens.staff,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ scope: 'all' }),
  });
  expect(letters.status).toBe(200);
  const ann = await personSession(at('ann'));
  const bo = await personSession(at('bo'));
  expect((await api(`/v1/visit/${PATH}/arrival`, { method: 'POST', token: ann })).status).toBe(201);
  const report = await api(`/v1/visit/${PATH}/reports`, {
    method: 'POST',
    token: bo,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ category: 'furniture', text: 'The chair is broken' }),
  });
  expect(report.status).toBe(201);
  const photo = new FormData();
  photo.append('photo', new Blob([new Uint8Array(floorPlanPng(60, 40))], { type: 'image/png' }), 'chair.png');
  const reportId = ((await report.json()) as { id: string }).id;
  expect((await api(`/v1/visit/${PATH}/reports/${reportId}/photo`, { method: 'POST', token: bo, body: photo })).status).toBe(200);
  return { clientId, locationId, moveId: made.id };
}

beforeAll(async () => {
  move = await movingDay();
  browser = await launch();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('the wall link', () => {
  it('is made on the move-day board by a member of the team, showing seat numbers only, and copied from there', async () => {
    team = await signIn(browser, 'staff@movers.test');
    await team.evaluate(() => localStorage.setItem('planner-language', 'en'));
    await team.goto(`${webOrigin()}/admin/clients/${move.clientId}/${move.locationId}/${move.moveId}/move-day`);
    const card = team.getByRole('region', { name: 'wall link' });
    await card.getByText('This move has no wall link.').waitFor();
    await card.getByRole('radio', { name: 'seat numbers only' }).check();
    await card.getByRole('button', { name: 'create wall link' }).click();
    const field = card.getByLabel('the new wall link');
    await field.waitFor();
    address = await field.inputValue();
    expect(address).toMatch(new RegExp(`^${webOrigin()}/admin/wall/${move.moveId}#[A-Za-z0-9_-]{43}$`));
    await card.getByRole('list', { name: "the move's wall links" }).getByText('seat numbers only').waitFor();
    await expectAccessible(team, 'move-day board with its wall link');
  });

  it('opens without signing in: the counts and the newest report, no photo, and the token out of the address', async () => {
    wall = await newPage(browser, { width: 1920, height: 1080 });
    await wall.goto(address);
    await wall.getByTestId('wall-arrived').getByText('arrived 1 of 2 people with a seat').waitFor();
    await wall.getByTestId('wall-reports').getByText('furniture').waitFor();
    expect(await wall.getByTestId('wall-reports').textContent()).toContain('102');
    expect(await wall.getByText('Bo Broken').count()).toBe(0);
    expect(new URL(wall.url()).hash).toBe('');
    // The floor's plan, read with the token (an <img> sends no header): an object address of this page.
    await wall.locator('img[src^="blob:"]').first().waitFor();
    const sources = await wall.locator('img').evaluateAll((images) => images.map((i) => (i as HTMLImageElement).src));
    expect(sources.filter((src) => /photo/.test(src))).toEqual([]);
    await expectAccessible(wall, 'the wall, opened by its link');
  });

  it('keeps its figures when the network drops, saying since when they are old, and carries on when it is back', async () => {
    allowConsoleErrors(/Failed to fetch|ERR_INTERNET_DISCONNECTED|net::ERR/);
    await wall.context().route('**/api/v1/wall/**', (route) => route.abort('internetdisconnected'));
    await wall.getByTestId('wall-offline').waitFor({ timeout: 30_000 });
    // The figures stay, with the time they were last read.
    expect(await wall.getByTestId('wall-figures-from').textContent()).toMatch(/^Figures from \d{1,2}[:.]\d\d/);
    expect(await wall.getByTestId('wall-arrived').textContent()).toBe('arrived 1 of 2 people with a seat');
    await expectAccessible(wall, 'the wall without a network');
    await wall.context().unrouteAll();
    await wall.getByTestId('wall-offline').waitFor({ state: 'detached', timeout: 30_000 });
    await wall
      .getByTestId('wall-figures-from')
      .getByText(/^Figures from/)
      .waitFor();
  });

  it('stops working once revoked: the wall says so', async () => {
    const card = team.getByRole('region', { name: 'wall link' });
    await card.getByRole('button', { name: /^revoke the wall link made/ }).click();
    const dialog = team.getByRole('alertdialog', { name: 'Revoke the wall link?' });
    await dialog.getByText('The wall showing it says at once that the link no longer works.').waitFor();
    await pressInDialog(team, dialog, 'revoke');
    await card.getByText('This move has no wall link.').waitFor();
    allowConsoleErrors(/status of 401/);
    await wall.getByText('This wall link no longer works: ask the move team for a new one.').waitFor({ timeout: 30_000 });
    expect(await wall.getByTestId('wall-arrived').count()).toBe(0);
    await expectAccessible(wall, 'the wall of a revoked link');
  });
});
