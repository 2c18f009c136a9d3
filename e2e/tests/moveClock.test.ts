import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { floorPlanPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { allowConsoleErrors, launch, newPage, poll, signIn, webOrigin } from '../support/browser.ts';
import { ownLocation, staffPost } from '../support/ownLocation.ts';
import { staffApi } from '../support/movedPerson.ts';
import { asPerson, tokenOf } from '../support/personalLink.ts';
import { DEMO_LOCATION, DEMO_MOVE, demoMoveScreen } from '../support/demoMove.ts';

// One clock, the move's (issue 55): a move in Norway (Europe/Oslo), seen from browsers in other zones (UTC,
// Asia/Tokyo ahead of it, America/New_York behind it). Every time on the person's page, the board, its
// report list, seat popup and wall is the move's wall-clock time, and each screen names the zone once.
// And pages that know what is done: after 'packed' and 'I'm here' the person's countdown says all is done;
// the 'today' view never calls a person who has arrived late for packing.

const PHONE = { width: 390, height: 844 };
const STAFF_USER = 'u0000000-0000-4000-8000-000000000002';
const ZONE = 'Europe/Oslo';
const tag = Date.now().toString(36);
const PATH = `zz-clock-${tag}`;
const ANN = `ann.${tag}@clock.test`;
const BO = `bo.${tag}@clock.test`;
const stack = () => inject('stack');

/** What a clock in Oslo reads at an instant: the test's own reckoning, apart from the app's. */
const osloClock = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
const osloDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const deviceClock = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

let browser: Browser;
let move: { clientId: string; locationId: string; moveId: string; annToken: string };
let times: { packedAt: string; arrivedAt: string; reportedAt: string; feedbackAt: string };

beforeAll(async () => {
  const { clientId, locationId } = await ownLocation('Clock', '900 111 640');
  const made = await staffPost(
    `/v1/locations/${locationId}/moves`,
    moveInput(PATH, { languages: ['en', 'no'], defaultLanguage: 'en', teamMembers: [{ id: STAFF_USER }] }),
  );
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: '4', floor_size: 'small', published: 'true' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(floorPlanPng(240, 120))], { type: 'image/png' }), 'plan.png');
  const floor = await staffApi('POST', `/v1/moves/${made.id}/layouts`, form);
  const space = await staffPost(`/v1/layouts/${floor.id}/markers`, { coordinates: { positionX: 30, positionY: 40 }, marker_type: 'room', title: '101' });
  const other = await staffPost(`/v1/layouts/${floor.id}/markers`, { coordinates: { positionX: 60, positionY: 40 }, marker_type: 'room', title: '102' });
  const ann = await staffPost('/v1/marker-users', { name: 'Ann Clock', email: ANN, move_layout_marker_id: space.id });
  const bo = await staffPost('/v1/marker-users', { name: 'Bo Arrived', email: BO, move_layout_marker_id: other.id });
  // Today in Oslo: packing was due at its first minute, arrival is open all day.
  const day = osloDay(new Date());
  const wave = await staffPost(`/v1/moves/${made.id}/waves`, {
    name: 'Today',
    day,
    packBy: `${day}T00:00`,
    arrival: { start: `${day}T00:01`, end: `${day}T23:59` },
  });
  const people = await fetch(`${stack().apiOrigin}/api/v1/moves/${made.id}/people`, { headers: { Authorization: `Bearer ${stack().tokens.staff}` } });
  await staffApi('POST', `/v1/moves/${made.id}/people/wave`, { personIds: [ann.id, bo.id], waveId: wave.id }, { 'If-Match': people.headers.get('etag') ?? '' });
  await staffApi('POST', `/v1/moves/${made.id}/seat-letters`, { scope: 'all', language: 'en' });
  const annToken = await tokenOf(ANN);
  // Ann packs, arrives and reports; Bo arrives without saying he packed.
  const annCalls = await asPerson(PATH, annToken);
  const packed = await annCalls('POST', '/packed');
  const arrived = await annCalls('POST', '/arrival');
  const report = await annCalls('POST', '/reports', { category: 'furniture', text: 'The chair wobbles' }, { 'Idempotency-Key': `clock-${tag}` });
  await (await asPerson(PATH, await tokenOf(BO)))('POST', '/arrival');
  const feedback = await staffPost<{ createdAt: string }>(`/v1/moves/${made.id}/feedback`, {
    feedbackType: 'question',
    question: 'When do the crates come?',
    email: ANN,
  });
  times = { packedAt: packed.packedAt!, arrivedAt: arrived.arrivedAt!, reportedAt: report.createdAt!, feedbackAt: feedback.createdAt };
  move = { clientId, locationId, moveId: made.id, annToken };
  browser = await launch();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe("one clock, the move's", () => {
  for (const deviceZone of ['UTC', 'Asia/Tokyo']) {
    it(`shows the person's page on the move's clock with the phone on ${deviceZone}, and says all is done`, async () => {
      const phone = await newPage(browser, PHONE, { timezoneId: deviceZone });
      await phone.goto(`${webOrigin()}/${PATH}/me/${move.annToken}`);
      const card = phone.getByRole('region', { name: 'Your wave: Today', exact: true });
      await card.getByText(`Times are local time (${ZONE}).`).waitFor();
      await card.getByText(`Packed at ${osloClock(times.packedAt)}`).waitFor();
      // Packed and arrived: no countdown to a step that is done.
      await card.getByText('All done: every step of your move is done.').waitFor();
      expect(await card.getByRole('timer').count()).toBe(0);
      expect(await card.getByRole('button', { name: 'My crates are packed' }).count()).toBe(0);
      await phone.getByText(`Arrived at ${osloClock(times.arrivedAt)}`).waitFor();
      await phone.getByRole('region', { name: 'My reports' }).getByText(osloClock(times.reportedAt)).waitFor();
      // Said once on the page.
      expect(await phone.getByText(`(${ZONE})`).count()).toBe(1);
      // The device's own clock reads otherwise, so the page did not follow it.
      expect(deviceClock(times.arrivedAt, deviceZone)).not.toBe(osloClock(times.arrivedAt));
      await phone.context().close();
    });
  }

  it("shows the board, its report list, a seat's arrival and the wall on the move's clock with the browser on America/New_York", async () => {
    const board: Page = await signIn(browser, 'staff@movers.test', { page: await newPage(browser, undefined, { timezoneId: 'America/New_York' }) });
    await board.goto(`${webOrigin()}/admin/clients/${move.clientId}/${move.locationId}/${move.moveId}/move-day`);
    await board.getByText(`Times are in the move’s time zone: ${ZONE}.`).waitFor();
    const reported = new Date(times.reportedAt);
    const reportDay = osloDay(reported);
    await board
      .getByRole('list', { name: 'reports' })
      .getByText(`Ann Clock · furniture · ${reportDay} ${osloClock(times.reportedAt)}`)
      .waitFor();
    // The chart's quarter of the arrivals: the move's, as the server cut it (its table may be folded away).
    const quarter = (clock: string) => `${clock.slice(0, 3)}${String(Math.floor(Number(clock.slice(3)) / 15) * 15).padStart(2, '0')}`;
    await board
      .locator('.move-day-chart-table th[scope="row"]', { hasText: quarter(osloClock(times.arrivedAt)) })
      .first()
      .waitFor({ state: 'attached' });
    await board.getByRole('button', { name: /^101: Ann Clock/ }).click();
    await board.getByTestId('move-day-seat-popup').getByText(osloClock(times.arrivedAt), { exact: false }).first().waitFor();
    await board.keyboard.press('Escape');

    await board.getByRole('button', { name: 'Wall mode' }).click();
    const wall = board.getByTestId('move-day-wall');
    await wall.getByText(new RegExp(`^Figures from \\d\\d:\\d\\d \\(${ZONE.replace('/', '\\/')}\\)$`)).waitFor();
    await wall.getByTestId('wall-reports').getByText(osloClock(times.reportedAt)).waitFor();
    expect(deviceClock(times.reportedAt, 'America/New_York')).not.toBe(osloClock(times.reportedAt));
    await board.context().close();
  });

  // The rest of a move's screens (issue 55, second part): its visitor site offline, the seat letters, its
  // recent changes and its feedback, with the browser on America/New_York (six hours behind Oslo).
  const NEW_YORK = 'America/New_York';
  const minutesBetween = (from: number, to: number) => {
    const clocks = new Set<string>();
    for (let at = from - 60_000; at <= to + 60_000; at += 30_000) clocks.add(osloClock(new Date(at).toISOString()));
    return clocks;
  };

  it("says when the visitor site's saved copy was saved on the move's clock, with the phone on America/New_York", async () => {
    const phone = await newPage(browser, PHONE, { timezoneId: NEW_YORK });
    const from = Date.now();
    await phone.goto(`${webOrigin()}/${PATH}`);
    await phone.getByLabel('Password').fill(`${PATH} secret`);
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await phone.getByRole('navigation').waitFor();
    await poll(() => phone.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await poll(() => phone.evaluate(async (path) => (await caches.keys()).includes(`visit:${path}`), PATH)).toBe(true);
    // Offline as visitor.test.ts goes offline: the page's requests and the worker's.
    await phone.context().setOffline(true);
    await phone.context().route(`${stack().apiOrigin.replace('127.0.0.1', 'localhost')}/**`, (route) => route.abort('internetdisconnected'));
    allowConsoleErrors(/Failed to fetch|ERR_INTERNET_DISCONNECTED|net::ERR/);
    await phone.reload();
    const line = phone.getByRole('status').getByText(/^Offline — saved \d\d:\d\d \(Europe\/Oslo\)$/);
    await line.waitFor();
    const clock = /(\d\d:\d\d)/.exec((await line.textContent()) ?? '')?.[1] ?? '';
    // Saved while the test ran: one of the minutes an Oslo clock read meanwhile, not New York's.
    expect([...minutesBetween(from, Date.now())]).toContain(clock);
    expect(deviceClock(new Date(from).toISOString(), NEW_YORK)).not.toBe(osloClock(new Date(from).toISOString()));
    await phone.context().unrouteAll();
    await phone.context().close();
  });

  it("shows the seat letters' sent time, the recent changes, the feedback and the documents on the move's clock with the browser on America/New_York", async () => {
    const admin: Page = await signIn(browser, 'staff@movers.test', { page: await newPage(browser, undefined, { timezoneId: NEW_YORK }) });
    const base = `${webOrigin()}/admin/clients/${move.clientId}/${move.locationId}/${move.moveId}`;
    const zoneNote = `Times are in the move’s time zone: ${ZONE}.`;
    const osloDayTime = (iso: string) => `${osloDay(new Date(iso))} ${osloClock(iso)}`;

    const letters = await staffApi<{ rows: { name: string; sentAt: string | null }[] }>('GET', `/v1/moves/${move.moveId}/seat-letters`);
    const sentAt = letters.rows.find((row) => row.name === 'Ann Clock')?.sentAt ?? '';
    await admin.goto(`${base}/floor-planner?step=people`);
    const annRow = admin.getByRole('table', { name: 'Seat letters' }).getByRole('row', { name: /Ann Clock/ });
    await annRow.getByText(`sent ${osloDayTime(sentAt)}`, { exact: false }).waitFor();
    expect(await admin.getByText(zoneNote).count()).toBe(1);

    const history = await staffApi<{ entries: { at: string }[] }>('GET', `/v1/moves/${move.moveId}/history?limit=1`);
    const newest = history.entries[0]!.at;
    await admin.goto(`${base}/recent-changes`);
    await admin.getByText(zoneNote).waitFor();
    await admin
      .getByText(` · ${osloClock(newest)} · `, { exact: false })
      .first()
      .waitFor();
    expect(await admin.getByText(` · ${deviceClock(newest, NEW_YORK)} · `, { exact: false }).count()).toBe(0);

    await admin.goto(`${base}/feedback`);
    await admin.getByText(zoneNote).waitFor();
    await admin.getByRole('cell', { name: osloDayTime(times.feedbackAt), exact: true }).waitFor();
    expect(await admin.getByText(zoneNote).count()).toBe(1);

    // The demo move's documents (a move in Oslo too).
    const documents = await staffApi<{ originalFilename: string; createdAt: string }[]>('GET', `/v1/locations/${DEMO_LOCATION}/moves/${DEMO_MOVE}/documents`);
    await admin.goto(`${webOrigin()}${demoMoveScreen('documents')}`);
    await admin.getByText(zoneNote).waitFor();
    await admin
      .getByRole('table', { name: 'Uploaded documents' })
      .getByRole('cell', { name: osloDayTime(documents[0]!.createdAt), exact: true })
      .first()
      .waitFor();
    await admin.context().close();
  });
});

describe('pages that know what is done', () => {
  it("'today' never calls a person who has arrived late, packed or not", async () => {
    const board: Page = await signIn(browser, 'staff@movers.test', { page: await newPage(browser, undefined, { timezoneId: 'UTC' }) });
    await board.goto(`${webOrigin()}/admin/clients/${move.clientId}/${move.locationId}/${move.moveId}/move-day?view=today`);
    const table = board.getByRole('table', { name: 'people of Today' });
    const bo = table.getByRole('row', { name: /Bo Arrived/ });
    await bo.getByText('not packed', { exact: true }).waitFor();
    await bo.getByText('arrived', { exact: true }).waitFor();
    expect(await table.getByText('late: not packed').count()).toBe(0);
    expect(await board.getByText('late: not arrived').count()).toBe(0);
    await board.context().close();
  });
});
