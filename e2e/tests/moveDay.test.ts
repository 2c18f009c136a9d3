import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { floorPlanPng } from '@movers/local/src/png.ts';
import { CLIENT_B_ID } from '@movers/local/src/directory.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { allowConsoleErrors, expectAccessible, launch, newPage, poll, signIn, webOrigin } from '../support/browser.ts';
import { DEMO_LOCATION, DEMO_MOVE } from '../support/demoMove.ts';
import { ownLocation, staffPost } from '../support/ownLocation.ts';

// Move day (issue 36) in the browser: the personal link of a seat letter opens the person's own page on a
// phone, signed in and in the letter's language; 'I'm here' and a report with a photo made offline are
// kept on the phone and sent once when the network is back; the move team's board shows them without a
// reload and answers, which reaches the person's page and mailbox; the seat link of a label cannot act.
// The move is the test's own (a client of its own), its letter mailed through the Graph stand-in.

const PHONE = { width: 390, height: 844 };
const STAFF_USER = 'u0000000-0000-4000-8000-000000000002';
const tag = Date.now().toString(36);
const PATH = `zz-moveday-${tag}`;
const ANN = `ann.${tag}@moveday.test`;
const REPORT_TEXT = `The chair at my desk is broken ${tag}`;
const ANSWER = `A new chair is on its way ${tag}`;
const DIRECTIONS = `East lifts to the 4th floor, then left ${tag}`;

let browser: Browser;
let person: Page;
let board: Page;
let move: { clientId: string; locationId: string; moveId: string; tableId: string; annId: string; token: string };

const stack = () => inject('stack');
const staff = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${stack().apiOrigin}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${stack().tokens.staff}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? await response.json() : undefined };
};
interface Mail {
  subject: string;
  to: string[];
  body: string;
}
const mailTo = async (address: string) =>
  ((await (await fetch(`${stack().settings.GRAPH_BASE_URL}_local/mail`)).json()) as Mail[]).filter((m) => m.to.includes(address));
const personalLinkIn = (body: string) => /\/me\/([A-Za-z0-9_-]{43})/.exec(body)?.[1];

/** A published floor of the move, named `title`. */
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

async function plannedMove() {
  const { clientId, locationId } = await ownLocation('Move Day', '900 111 636');
  const made = await staffPost(
    `/v1/locations/${locationId}/moves`,
    moveInput(PATH, { languages: ['en', 'no', 'nn', 'de', 'da', 'se'], defaultLanguage: 'en', teamMembers: [{ id: STAFF_USER }] }),
  );
  const layout = await publishedFloor(made.id, '4');
  const space = await staffPost(`/v1/layouts/${layout.id}/markers`, { coordinates: { positionX: 30, positionY: 40 }, marker_type: 'room', title: '101' });
  const table = await staffPost(`/v1/layouts/${layout.id}/markers`, {
    coordinates: { positionX: 35, positionY: 45 },
    marker_type: 'table',
    title: 'A',
    spaceId: space.id,
  });
  const ann = await staffPost('/v1/marker-users', { name: 'Ann Arrival', email: ANN, move_layout_marker_id: table.id });
  // The seat letter, in German: its personal link is the person's way in.
  expect((await staff('POST', `/v1/moves/${made.id}/seat-letters`, { scope: 'all', language: 'de' })).status).toBe(200);
  let token: string | undefined;
  for (let end = Date.now() + 30_000; !token && Date.now() < end; await new Promise((r) => setTimeout(r, 250)))
    token = personalLinkIn((await mailTo(ANN)).at(-1)?.body ?? '');
  if (!token) throw new Error('no seat letter with a personal link was mailed');
  return { clientId, locationId, moveId: made.id, tableId: table.id, annId: ann.id, token };
}

const boardOf = async () => (await staff('GET', `/v1/moves/${move.moveId}/move-day`)).body as { arrived: number; expected: number };
const reportsOf = async () =>
  ((await staff('GET', `/v1/moves/${move.moveId}/reports`)).body as { items: { id: string; text: string; photo: string | null; status: string }[] }).items;

/**
 * Chooses the report's photo as a person does: the page's own button (in the page's language, not the
 * browser's 'Choose File'), by keyboard when asked; the chosen file's name shows beside it.
 */
async function choosePhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, byKeyboard = false) {
  const field = page.getByRole('group', { name: 'Foto (optional)' });
  await field.getByText('Kein Foto ausgewählt').waitFor();
  const button = field.getByRole('button', { name: 'Foto auswählen' });
  const chooser = page.waitForEvent('filechooser');
  if (byKeyboard) {
    await button.focus();
    await page.keyboard.press('Enter');
  } else await button.click();
  await (await chooser).setFiles(file);
  await field.getByText(file.name).waitFor();
}

/** Tabs until the focused element has this accessible text, then presses Enter: done by keyboard alone. */
async function pressByKeyboard(page: Page, name: string) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')) === name) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error(`no focusable '${name}' reached by Tab`);
}

beforeAll(async () => {
  move = await plannedMove();
  browser = await launch();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('move day', () => {
  it("opens the person's page from the letter's personal link on a phone, signed in, in the letter's language, axe clean and by keyboard", async () => {
    person = await newPage(browser, PHONE);
    await person.goto(`${webOrigin()}/${PATH}/me/${move.token}`);
    await person.getByRole('heading', { level: 1, name: 'Mein Umzug' }).waitFor();
    // The token leaves the address bar (and the history).
    expect(new URL(person.url()).pathname).toBe(`/${PATH}/me`);
    expect(await person.evaluate(() => document.documentElement.lang)).toBe('de');
    await person.getByText('Hallo, Ann Arrival').waitFor();
    await person.getByRole('heading', { name: 'Ihr Platz' }).waitFor();
    // The seat, ringed on the plan.
    await person.locator(`#v-marker-${move.tableId}[aria-pressed="true"]`).waitFor();
    // Only the person's own seat is marked on their small map: the other markers covered each other and the plan's room numbers (issue 55).
    expect(await person.locator('.v-marker').count()).toBe(1);
    await expectAccessible(person, "the person's page (phone, de)");

    // 'I'm here' and 'take it back', by keyboard alone.
    await pressByKeyboard(person, 'Ich bin da');
    await person.getByText(/^Angekommen um \d\d:\d\d/).waitFor();
    expect((await boardOf()).arrived).toBe(1);
    await pressByKeyboard(person, 'Zurücknehmen');
    await person.getByRole('button', { name: 'Ich bin da' }).waitFor();
    expect((await boardOf()).arrived).toBe(0);

    // The six languages (the site's switcher).
    const headings: Record<string, string> = { en: 'My move', no: 'Min flytting', nn: 'Flyttinga mi', de: 'Mein Umzug', da: 'Min flytning', se: 'Min flytt' };
    for (const [code, heading] of Object.entries(headings)) {
      await person.locator('.v-language select').selectOption(code);
      await person.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      await person
        .getByRole('button', { name: { en: "I'm here", no: 'Jeg er her', nn: 'Eg er her', de: 'Ich bin da', da: 'Jeg er her', se: 'Jag är här' }[code] })
        .waitFor();
    }
    expect(new Set(Object.values(headings)).size).toBe(6);
    await person.locator('.v-language select').selectOption('de');
    await person.getByRole('heading', { level: 1, name: 'Mein Umzug' }).waitFor();
  });

  it("keeps 'I'm here' and a report with a photo offline, sends each once when the network is back, and the board shows them without a reload", async () => {
    board = await signIn(browser, 'staff@movers.test');
    // The board's reads of the counts: each after the first asks only what changed since the board it holds
    // (issue 56), and asked again with nothing changed, with If-None-Match (a 304).
    const boardReads: { since: string | null; etag: Promise<string | undefined> }[] = [];
    board.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith(`/moves/${move.moveId}/move-day`))
        boardReads.push({ since: url.searchParams.get('since'), etag: request.allHeaders().then((h) => h['if-none-match']) });
    });
    await board.goto(`${webOrigin()}/admin/clients/${move.clientId}/${move.locationId}/${move.moveId}/move-day`);
    await board.getByText('arrived 0 of 1').waitFor();
    await board.getByText('No reports.').waitFor();
    await expectAccessible(board, 'move-day board');

    await poll(() => person.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await person.context().setOffline(true);
    await person.context().route(`${stack().apiOrigin.replace('127.0.0.1', 'localhost')}/**`, (route) => route.abort('internetdisconnected'));
    allowConsoleErrors(/Failed to fetch|ERR_INTERNET_DISCONNECTED|net::ERR/);

    await person.getByRole('button', { name: 'Ich bin da' }).click();
    await person
      .getByText(/Wird gesendet/)
      .first()
      .waitFor();
    await person.getByLabel('Was stimmt nicht?').selectOption('furniture');
    await person.getByLabel('Beschreiben Sie es kurz').fill(REPORT_TEXT);
    await choosePhoto(person, { name: 'chair.png', mimeType: 'image/png', buffer: Buffer.from(floorPlanPng(60, 40)) }, true);
    await person.getByRole('button', { name: 'Senden' }).click();
    await person.getByRole('status').getByText('Sie sind offline. Ihre Meldung ist auf diesem Telefon gespeichert').waitFor();
    await person.getByRole('region', { name: 'Meine Meldungen' }).getByText(REPORT_TEXT).waitFor();
    await expectAccessible(person, "the person's page with what waits offline (phone, de)");
    expect((await boardOf()).arrived).toBe(0);
    expect(await reportsOf()).toEqual([]);

    await person.context().unrouteAll();
    await person.context().setOffline(false);
    await person
      .getByRole('status')
      .getByText('Die gespeicherte Nachricht')
      .or(person.getByText(/^Angekommen um/))
      .first()
      .waitFor({ timeout: 30_000 });
    await expect.poll(boardOf, { timeout: 30_000 }).toMatchObject({ arrived: 1 });
    await expect.poll(async () => (await reportsOf()).map((r) => [r.text, r.photo !== null]), { timeout: 30_000 }).toEqual([[REPORT_TEXT, true]]);
    // Sent: the page no longer says it is kept on the phone.
    await person.getByRole('region', { name: 'Meine Meldungen' }).getByText('Neu').waitFor({ timeout: 30_000 });
    await poll(() => person.getByText('Ihre Meldung ist auf diesem Telefon gespeichert', { exact: false }).count()).toBe(0);
    // Opening the page again sends nothing twice.
    await person.reload();
    await person.getByText(/^Angekommen um/).waitFor();
    await person.getByRole('region', { name: 'Meine Meldungen' }).getByText('Neu').waitFor();
    expect(await person.getByText('Wird gesendet').count()).toBe(0);
    expect((await reportsOf()).length).toBe(1);
    expect((await boardOf()).arrived).toBe(1);

    // The board, never reloaded, has read itself again.
    await board.getByText('arrived 1 of 1').waitFor({ timeout: 30_000 });
    expect(boardReads.length).toBeGreaterThan(1);
    expect(boardReads[0]!.since).toBeNull();
    expect(boardReads.slice(1).every((read) => read.since !== null)).toBe(true);
    // A version asked again (nothing changed since the read before) is asked with the ETag of its answer.
    const askedAgain = () => boardReads.findIndex((read, i) => i > 1 && read.since === boardReads[i - 1]!.since);
    await expect.poll(askedAgain, { timeout: 30_000 }).toBeGreaterThan(1);
    expect(await boardReads[askedAgain()]!.etag).toMatch(/^W\/"/);
    const card = board.getByRole('listitem').filter({ hasText: REPORT_TEXT });
    await card.getByText('Ann Arrival').first().waitFor({ timeout: 30_000 });
    await card.getByText('seat: floor 4 · space 101 · table A').waitFor();
    const photo = card.getByRole('img', { name: 'photo of the report from Ann Arrival' });
    await photo.waitFor();
    await poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });

  it("answers and sets the status on the board: the person's page and mailbox get the answer", async () => {
    const card = board.getByRole('listitem').filter({ hasText: REPORT_TEXT });
    await card.getByRole('combobox', { name: 'status' }).click();
    // The card's own list (the filters' choices above are the page's options too).
    await board.getByRole('listbox', { name: 'status' }).getByRole('option', { name: 'in progress', exact: true }).click();
    await board.getByText('Saved.').first().waitFor();
    await card.getByLabel('answer to the person').fill(ANSWER);
    await card.getByRole('button', { name: 'save answer' }).click();
    await expect.poll(async () => (await reportsOf())[0]?.status).toBe('inProgress');
    // Assigned to the move's team member.
    await card.getByRole('combobox', { name: 'assigned to' }).click();
    await board.getByRole('listbox', { name: 'assigned to' }).getByRole('option').nth(1).click();
    await expect.poll(async () => ((await reportsOf())[0] as unknown as { assigneeId: string | null }).assigneeId).toBe(STAFF_USER);
    // The CSV for the after-move review.
    const download = board.waitForEvent('download');
    await board.getByRole('button', { name: 'download CSV' }).click();
    const csv = await download;
    expect(csv.suggestedFilename()).toBe(`${PATH}-move-day.csv`);
    expect(readFileSync((await csv.path())!, 'utf8')).toContain(REPORT_TEXT);
    await poll(async () => (await mailTo(ANN)).some((m) => m.body.includes(ANSWER))).toBe(true);
    // Filtering by status keeps it; another status does not.
    const filters = board.getByRole('group', { name: 'filters' });
    await filters.getByRole('combobox', { name: 'status' }).selectOption({ label: 'resolved' });
    await board.getByText('No reports.').waitFor();
    await filters.getByRole('combobox', { name: 'status' }).selectOption({ label: 'in progress' });
    await card.waitFor();
    await expectAccessible(board, 'move-day board with a report');

    await person.reload();
    const mine = person.getByRole('region', { name: 'Meine Meldungen' });
    await mine.getByText(ANSWER).waitFor();
    await mine.getByText('In Bearbeitung').waitFor();
    await expectAccessible(person, "the person's page with an answer (phone, de)");

    // The planner's floor view marks the seat with the open report.
    await board.goto(`${webOrigin()}/admin/clients/${move.clientId}/${move.locationId}/${move.moveId}/floor-planner?step=areas`);
    await board.getByRole('button', { name: /Ann Arrival \(a move-day report is open here\)$/ }).waitFor();
    expect(await board.locator('[data-open-report="true"]').count()).toBe(1);

    // The floor's directions, written in the planner, are on the person's page.
    await board.goto(`${webOrigin()}/admin/clients/${move.clientId}/${move.locationId}/${move.moveId}/floor-planner?step=floors`);
    const directions = board.getByRole('textbox', { name: 'directions 4' });
    await directions.fill(DIRECTIONS);
    await directions.press('Tab');
    await board.getByText('The directions are saved').first().waitFor();
    await person.reload();
    await person.getByRole('heading', { name: 'So finden Sie hin' }).waitFor();
    await person.getByText(DIRECTIONS).waitFor();

    // Online, a report with a photo is sent at once (through the worker, which passes it on).
    await person.getByLabel('Was stimmt nicht?').selectOption('it');
    await person.getByLabel('Beschreiben Sie es kurz').fill(`${REPORT_TEXT}, and the screen too`);
    await choosePhoto(person, { name: 'screen.png', mimeType: 'image/png', buffer: Buffer.from(floorPlanPng(50, 30)) });
    await person.getByRole('button', { name: 'Senden' }).click();
    await person.getByRole('status').getByText('Danke. Das Umzugsteam hat Ihre Meldung erhalten.').waitFor();
    await expect.poll(async () => (await reportsOf()).find((r) => r.text.endsWith('and the screen too'))?.photo ?? null).not.toBeNull();
    await mine.getByText(`${REPORT_TEXT}, and the screen too`).waitFor();
    // Each photo says what it is, in the page's language.
    await poll(() => mine.getByRole('img', { name: /^Foto zu Ihrer Meldung: / }).count()).toBe(2);
    await expectAccessible(person, "the person's page with the photos of their reports (phone, de)");
    await board.context().close();
    await person.context().close();
  });

  it("the label's seat link opens the seat only: no 'I'm here', no report, and the API refuses them", async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${webOrigin()}/${PATH}/seat/${move.annId}`);
    await page.getByLabel('Password').fill(`${PATH} secret`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Floor plan' }).waitFor();
    await page.locator(`#v-marker-${move.tableId}[aria-pressed="true"]`).waitFor();
    expect(await page.getByRole('button', { name: "I'm here" }).count()).toBe(0);
    expect(await page.getByText('Something is wrong at my seat').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'My move' }).count()).toBe(0);
    const session = await page.evaluate((path) => JSON.parse(localStorage.getItem(`visit:${path}:session`) ?? 'null') as { token: string }, PATH);
    for (const [method, rest, body] of [
      ['POST', 'arrival', undefined],
      ['POST', 'reports', { category: 'other', text: 'not mine' }],
      ['GET', 'me', undefined],
    ] as const) {
      const response = await fetch(`${stack().apiOrigin}/api/v1/visit/${PATH}/${rest}`, {
        method,
        headers: { Authorization: `Bearer ${session.token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(response.status, `${method} ${rest}`).toBe(401);
    }
    expect((await reportsOf()).length).toBe(2);
    // Its own page says so rather than acting: /me without a personal link's session.
    allowConsoleErrors(/status of 401/);
    await page.context().close();
  });

  it("another client's user at an address of client A's move board gets the restricted-access page, not the board's frame", async () => {
    const ext = await signIn(browser, 'ext-b@client-b.test');
    // Their own client in the address, client A's location and move: every call of the board is a 403.
    allowConsoleErrors(/status of 403/);
    await ext.goto(`${webOrigin()}/admin/clients/${CLIENT_B_ID}/${DEMO_LOCATION}/${DEMO_MOVE}/move-day`);
    await ext.getByRole('heading', { level: 1, name: 'restricted access' }).waitFor();
    expect(await ext.getByRole('button', { name: 'download CSV' }).count()).toBe(0);
    expect(await ext.getByText('Could not load the board.').count()).toBe(0);
    expect(await ext.getByRole('heading', { name: 'move day' }).count()).toBe(0);
    await expectAccessible(ext, 'move-day board of another client: restricted access');
    await ext.context().close();
  });

  it('lists who has not arrived yet by floor on the board, searchable by name from the keyboard, in English and Norwegian', async () => {
    // A move of its own: two floors, three people, one of whom has arrived.
    const { clientId, locationId } = await ownLocation('Move Day Absent', '900 111 637');
    const own = await staffPost(`/v1/locations/${locationId}/moves`, moveInput(`${PATH}-absent`, { teamMembers: [{ id: STAFF_USER }] }));
    const [fourth, fifth] = [await publishedFloor(own.id, '4'), await publishedFloor(own.id, '5')];
    const room = (layoutId: string, title: string) =>
      staffPost(`/v1/layouts/${layoutId}/markers`, { coordinates: { positionX: 30, positionY: 40 }, marker_type: 'room', title });
    const [r401, r402, r501] = [await room(fourth.id, '401'), await room(fourth.id, '402'), await room(fifth.id, '501')];
    const seated = (name: string, markerId: string) => staffPost('/v1/marker-users', { name, email: null, move_layout_marker_id: markerId });
    await seated('Ingrid Ødegård', r401.id);
    await seated('Ola Nordmann', r402.id);
    await seated('Kari Femte', r501.id);

    const page = await signIn(browser, 'staff@movers.test');
    await page.evaluate(() => localStorage.setItem('planner-language', 'en'));
    await page.goto(`${webOrigin()}/admin/clients/${clientId}/${locationId}/${own.id}/move-day`);
    const absent = page.getByRole('region', { name: 'not arrived yet (3)' });
    const floor4 = absent.getByRole('list', { name: 'floor 4: 2 not arrived' });
    const floor5 = absent.getByRole('list', { name: 'floor 5: 1 not arrived' });
    await floor4.waitFor();
    expect(await floor4.getByRole('listitem').allTextContents()).toEqual(['Ingrid Ødegård · space 401', 'Ola Nordmann · space 402']);
    expect(await floor5.getByRole('listitem').allTextContents()).toEqual(['Kari Femte · space 501']);
    await expectAccessible(page, 'move-day board with who has not arrived');

    // The search, reached and used by keyboard alone: typed without the Nordic letters, it still finds her.
    const search = absent.getByRole('searchbox', { name: 'search by name' });
    for (let i = 0; i < 40 && !(await search.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('odegard');
    await absent.getByRole('status').getByText('1 matching').waitFor();
    expect(await floor4.getByRole('listitem').allTextContents()).toEqual(['Ingrid Ødegård · space 401']);
    expect(await floor5.count()).toBe(0);
    await page.keyboard.type('x');
    await absent.getByRole('status').getByText('No name matches "odegardx".').waitFor();
    await expectAccessible(page, 'move-day board, a search of who has not arrived that matches no one');
    await page.keyboard.press('Escape');
    await floor5.waitFor();
    expect(await floor4.getByRole('listitem').count()).toBe(2);

    // Norwegian, as the board offers.
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Norsk' }).click();
    const norsk = page.getByRole('region', { name: 'ikke kommet ennå (3)' });
    await norsk.getByRole('list', { name: 'etasje 5: 1 ikke kommet' }).getByText('Kari Femte · rom 501').waitFor();
    await norsk.getByRole('searchbox', { name: 'søk etter navn' }).fill('nordmann ola');
    await norsk.getByRole('status').getByText('1 treff').waitFor();
    await expectAccessible(page, 'move-day board in Norwegian, who has not arrived');
    await page.evaluate(() => localStorage.setItem('planner-language', 'en'));
    await page.context().close();
  });

  it('keeps a long list of who has not arrived in a box of its own that draws the rows in view: the last person is found by the search and reached by the keyboard', async () => {
    // 150 people not arrived on one floor, 50 to a room: more than the box shows at once.
    const { clientId, locationId } = await ownLocation('Move Day Many', '900 111 637');
    const own = await staffPost(`/v1/locations/${locationId}/moves`, moveInput(`${PATH}-many`, { teamMembers: [{ id: STAFF_USER }] }));
    const floor = await publishedFloor(own.id, '7');
    for (const r of [1, 2, 3])
      await staffPost(`/v1/layouts/${floor.id}/markers`, { coordinates: { positionX: 20 * r, positionY: 40 }, marker_type: 'room', title: `70${r}` });
    const name = (i: number) => `Many Absent ${String(i).padStart(3, '0')}`;
    const csv = ['Space;Name', ...Array.from({ length: 150 }, (_, i) => `70${Math.floor(i / 50) + 1};${name(i + 1)}`)].join('\n');
    const auth = { Authorization: `Bearer ${inject('stack').tokens.staff}` };
    const people = await fetch(`${inject('stack').apiOrigin}/api/v1/moves/${own.id}/people`, { headers: auth });
    const imported = await fetch(`${inject('stack').apiOrigin}/api/v1/moves/${own.id}/people/import`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json', 'If-Match': people.headers.get('etag') ?? '*' },
      body: JSON.stringify({ csv }),
    });
    expect(((await imported.json()) as { imported: number }).imported).toBe(150);

    const page = await signIn(browser, 'staff@movers.test');
    await page.evaluate(() => localStorage.setItem('planner-language', 'en'));
    await page.goto(`${webOrigin()}/admin/clients/${clientId}/${locationId}/${own.id}/move-day`);
    const absent = page.getByRole('region', { name: 'not arrived yet (150)' });
    const list = absent.getByRole('list', { name: 'floor 7: 150 not arrived' });
    await list.getByText(`${name(1)} · space 701`).waitFor();
    // Each row says where it is in the floor's list; the last is not drawn until the list is scrolled to it.
    expect(await list.getByRole('listitem').first().getAttribute('aria-posinset')).toBe('1');
    expect(await list.getByRole('listitem').first().getAttribute('aria-setsize')).toBe('150');
    expect(await absent.getByText(name(150)).count()).toBe(0);
    await expectAccessible(page, 'move-day board with a long list of who has not arrived');

    // Found by the search.
    const search = absent.getByRole('searchbox', { name: 'search by name' });
    await search.fill('absent 150');
    await absent.getByRole('status').getByText('1 matching').waitFor();
    expect(await list.getByRole('listitem').allTextContents()).toEqual([`${name(150)} · space 703`]);
    await search.press('Escape');
    await absent.getByText(name(1), { exact: false }).waitFor();

    // Reached by the keyboard: Tab from the search to the list's box, then End scrolls it to the last person.
    const box = absent.getByRole('group', { name: 'not arrived yet, by floor' });
    for (let i = 0; i < 5 && !(await box.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('End');
    const last = list.getByRole('listitem').filter({ hasText: name(150) });
    await last.waitFor();
    expect(await last.getAttribute('aria-posinset')).toBe('150');
    expect(await last.isVisible()).toBe(true);
    await expectAccessible(page, 'move-day board, the list of who has not arrived scrolled to its end');

    // Norwegian: the box is named in the board's language.
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Norsk' }).click();
    await page.getByRole('group', { name: 'ikke kommet ennå, etter etasje' }).waitFor();
    await page.evaluate(() => localStorage.setItem('planner-language', 'en'));
    await page.context().close();
  });
});
