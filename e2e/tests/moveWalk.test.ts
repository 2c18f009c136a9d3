import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { formatWaveWindow } from '@movers/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floorPlanPng } from '@movers/local/src/png.ts';
import { A4_LANDSCAPE, floorPlanPdf } from '@movers/local/src/testing/floorPdf.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { expectAccessible, launch, newPage, poll, shownChoice, signIn, webOrigin } from '../support/browser.ts';
import { choose, pressInDialog } from '../support/fluent.ts';
import { staffApi } from '../support/movedPerson.ts';
import { asPerson, mailTo, tokenOf } from '../support/personalLink.ts';
import { ownLocation, staffPost } from '../support/ownLocation.ts';

// Issue 55's walk, as a team runs a move in waves, on a new client's move of the test's own (not the demo
// move): a move in Norway (Europe/Oslo) whose default language is Norwegian, seen from browsers on UTC.
// Floors (one from an architect's PDF, and an empty one), 30 people imported with departments into three
// waves named in Norwegian and English, the stickers, letters a wave at a time, a wave's pick-up moved and
// corrected, a person's page on a 390 px phone, the waves' 'today', the board, its chart and CSV, and the
// wall link signed out. Every time is the move's clock; wave names are in one language per screen.

const ZONE = 'Europe/Oslo';
const UTC = { timezoneId: 'UTC' };
const PHONE = { width: 390, height: 844 };
const STAFF_USER = 'u0000000-0000-4000-8000-000000000002';
const tag = Date.now().toString(36);
const PATH = `zz-walk-${tag}`;
const address = (name: string) => `${name.split(' ')[0]!.toLowerCase().replace('ø', 'o')}.${tag}@walk.test`;

/** The move's today and a day five days on, in its zone: a wave's day may not be in the past there. */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
const LATER = new Date(Date.parse(`${TODAY}T12:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10);
/** Wave 2's pick-up before and after the team moves it. */
const PICK_UP = { start: `${LATER}T13:00`, end: `${LATER}T14:00` };
const MOVED = { start: `${LATER}T13:30`, end: `${LATER}T14:30` };

/** What a clock in Oslo reads at an instant: the test's own reckoning, apart from the app's. */
const osloClock = (at: string | number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(at));
const osloDay = (at: string | number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(at));
const utcClock = (at: string | number) => new Date(at).toISOString().slice(11, 16);
/** Every minute an Oslo clock read between two instants (a click's time is known only that closely). */
const osloMinutesBetween = (from: number, to: number) => {
  const clocks = new Set<string>();
  for (let at = from - 60_000; at <= to + 60_000; at += 30_000) clocks.add(osloClock(at));
  return [...clocks];
};
/** The CSV's form of an instant: the move's wall clock to the second, with its offset. */
const osloStamp = (at: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${parts.timeZoneName!.slice(3)}`;
};

/** The waves: Norwegian names (the move's default language) with English ones. */
const WAVES = {
  finance: { no: 'Økonomi', en: 'Finance' },
  sales: { no: 'Salg', en: 'Sales' },
  it: { no: 'IT-avdelingen', en: 'IT department' },
} as const;
type WaveKey = keyof typeof WAVES;

/**
 * The 30 people of the import: floor 3 (six spaces) holds 18, floor 2 (from the PDF, three spaces) 12.
 * Nora is the person whose phone is walked, Pia the one who arrives without saying she packed. The file
 * names the first waves in English and the rest in Norwegian, as a team writes it.
 */
const PEOPLE: { name: string; space: string; department: string; wave: WaveKey }[] = [
  { name: 'Nora Berg', space: '301', department: 'Customer desk', wave: 'sales' },
  { name: 'Pia Okonomi', space: '302', department: 'Accounts', wave: 'finance' },
  { name: 'Ivar Drift', space: '201', department: 'Operations', wave: 'it' },
  ...Array.from({ length: 27 }, (_, i) => {
    const wave: WaveKey = i < 9 ? 'finance' : i < 20 ? 'sales' : 'it';
    const onThree = i < 16;
    return {
      name: `Person ${String(i + 1).padStart(2, '0')} Walk`,
      space: onThree ? `30${(i % 6) + 1}` : `20${(i % 3) + 1}`,
      department: { finance: 'Accounts', sales: 'Customer desk', it: 'Operations' }[wave],
      wave,
    };
  }),
];
const NORA = PEOPLE[0]!;
const PIA = PEOPLE[1]!;
const countOf = (wave: WaveKey) => PEOPLE.filter((p) => p.wave === wave).length;

let browser: Browser;
let admin: Page;
let move: { clientId: string; locationId: string; moveId: string };
let waves: Record<WaveKey, { id: string }>;
const screen = (name: string) => `${webOrigin()}/admin/clients/${move.clientId}/${move.locationId}/${move.moveId}/${name}`;
let ids: Record<string, string> = {};
/** Pia's steps, as the API recorded them. */
let pia: { arrivedAt: string; reportedAt: string };
let wallAddress = '';

async function addFloor(name: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: name, floor_size: 'small', published: 'true' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(floorPlanPng(480, 240))], { type: 'image/png' }), 'plan.png');
  return staffApi('POST', `/v1/moves/${move.moveId}/layouts`, form);
}

beforeAll(async () => {
  const { clientId, locationId } = await ownLocation('Walk', '900 111 659');
  const made = await staffPost(
    `/v1/locations/${locationId}/moves`,
    moveInput(PATH, { languages: ['no', 'en'], defaultLanguage: 'no', teamMembers: [{ id: STAFF_USER }] }),
  );
  move = { clientId, locationId, moveId: made.id };
  // Floor 7 is published and stays empty; listed first (floors go from the top down).
  await addFloor('7');
  const three = await addFloor('3');
  for (let n = 1; n <= 6; n++)
    await staffPost(`/v1/layouts/${three.id}/markers`, { marker_type: 'room', title: `30${n}`, coordinates: { positionX: 10 + n * 12, positionY: 40 } });
  // Wave 1 is today: its packing was due at the day's first minute, arrival is open all day.
  const wave = (key: WaveKey, times: Record<string, unknown>) =>
    staffPost(`/v1/moves/${made.id}/waves`, { name: WAVES[key].no, translations: { en: { name: WAVES[key].en } }, ...times });
  waves = {
    finance: await wave('finance', { day: TODAY, packBy: `${TODAY}T00:00`, arrival: { start: `${TODAY}T00:01`, end: `${TODAY}T23:59` }, color: 'green' }),
    sales: await wave('sales', {
      day: LATER,
      packBy: `${LATER}T09:00`,
      pickUp: PICK_UP,
      arrival: { start: `${LATER}T15:00`, end: `${LATER}T16:00` },
      color: 'blue',
    }),
    it: await wave('it', { day: LATER, packBy: `${LATER}T10:00`, color: 'orange' }),
  };
  browser = await launch();
  admin = await signIn(browser, 'staff@movers.test', { page: await newPage(browser, undefined, UTC) });
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/** The waves screen's names, in its list's order. */
const waveNames = async (list: string) =>
  (await admin.getByRole('table', { name: list }).locator('tbody tr th').allInnerTexts()).map((t) => t.split('\n')[0]!.trim());

describe('a move in waves, walked as a team runs it (issue 55), with every browser on UTC and the move in Oslo', () => {
  it('adds a floor from the architect’s PDF, and says of a text file named bad.pdf that it is not a PDF', async () => {
    await admin.goto(`${screen('floor-planner')}?step=floors`);
    await admin.getByRole('heading', { name: 'Upload floor plan layouts' }).waitFor();
    const form = admin.getByRole('form', { name: 'Add floor' });
    const input = form.locator('input[type=file]');
    await input.setInputFiles({ name: 'bad.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Room list, not a drawing.\n') });
    await form.getByText('bad.pdf is not a PDF: its content is of another kind (perhaps a renamed file). Nothing was saved.').waitFor();
    expect(await form.getByText(/^Only \.jpg/).count()).toBe(0);
    await expectAccessible(admin, 'the floor step with a text file named bad.pdf');

    await input.setInputFiles({
      name: 'Floor 2.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(floorPlanPdf([{ ...A4_LANDSCAPE, rooms: ['201', '202', '203'] }])),
    });
    const dialog = admin.getByRole('dialog', { name: 'Floors from Floor 2.pdf' });
    await dialog.locator('img[alt="Page 1"]').waitFor();
    await dialog.getByRole('textbox', { name: 'floor number for page 1' }).fill('2');
    await dialog.getByRole('button', { name: 'Add floors' }).click();
    await admin.getByText('Floor added').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Its spaces, and published, as the mark and publish steps would.
    const floors = await staffApi<{ id: string; floor_name: string; etag: string }[]>('GET', `/v1/moves/${move.moveId}/layouts`);
    const two = floors.find((f) => f.floor_name === '2')!;
    for (let n = 1; n <= 3; n++)
      await staffPost(`/v1/layouts/${two.id}/markers`, { marker_type: 'room', title: `20${n}`, coordinates: { positionX: 15 + n * 20, positionY: 50 } });
    const current = await staffApi<{ etag: string }>('GET', `/v1/layouts/${two.id}`);
    await staffApi('PATCH', `/v1/layouts/${two.id}`, { published: true }, { 'If-Match': current.etag });
  }, 180_000);

  it("imports 30 people with departments into waves, each wave named in the screen's language: English here, Norwegian on a Norwegian screen", async () => {
    await admin.goto(`${screen('floor-planner')}?step=people`);
    await poll(() => admin.locator('button', { hasText: 'Import allocation (.csv)' }).isEnabled()).toBe(true);
    const file = [
      'space;name;email;department;wave',
      ...PEOPLE.map((p, i) => [p.space, p.name, address(p.name), p.department, i < 10 ? WAVES[p.wave].en : WAVES[p.wave].no].join(';')),
    ].join('\n');
    await admin.getByLabel('Import allocation (.csv)').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(`${file}\n`) });
    const dialog = admin.getByRole('alertdialog', { name: 'Import allocation' });
    const preview = dialog.getByRole('table', { name: 'The first lines as they will be read' });
    await preview.getByRole('columnheader', { name: 'Department' }).waitFor();
    const noraRow = preview.getByRole('row').filter({ hasText: NORA.name });
    await noraRow.getByRole('cell', { name: 'Floor 3 · 301', exact: true }).waitFor();
    await noraRow.getByRole('cell', { name: 'Customer desk', exact: true }).waitFor();
    // The wave as the screen names it: English, whatever the move's default.
    await noraRow.getByRole('cell', { name: 'Customer desk', exact: true }).waitFor();
    await noraRow.getByRole('cell', { name: 'Sales', exact: true }).waitFor();
    for (const name of Object.values(WAVES).map((w) => w.no)) expect(await preview.getByRole('cell', { name, exact: true }).count(), name).toBe(0);
    await expectAccessible(admin, 'the import preview with departments and waves');
    await dialog.getByRole('button', { name: 'Import allocation' }).click();
    await admin.getByText(`Imported ${PEOPLE.length} people`).first().waitFor();

    const people = admin.getByRole('table', { name: 'People' });
    await poll(() => shownChoice(people.getByRole('combobox', { name: `Wave of ${NORA.name}` }))).toBe('Sales');
    await admin.getByRole('combobox', { name: 'Send to' }).click();
    // The open dropdown's choices (the rows' own wave choices are options too).
    const sendTo = admin.getByRole('listbox');
    for (const [n, key] of [
      [1, 'finance'],
      [2, 'sales'],
      [3, 'it'],
    ] as const)
      await sendTo.getByRole('option', { name: new RegExp(`^Wave ${n} · ${WAVES[key].en}`) }).waitFor();
    expect(await sendTo.getByRole('option', { name: /Økonomi|Salg|IT-avdelingen/ }).count()).toBe(0);
    await admin.keyboard.press('Escape');
    const state = await staffApi<{ id: string; name: string }[]>('GET', `/v1/moves/${move.moveId}/people`);
    ids = Object.fromEntries(state.map((p) => [p.name, p.id]));
    expect(Object.keys(ids)).toHaveLength(PEOPLE.length);

    // The waves' screen in English, then in Norwegian: each wave's load counts its people, names in one language.
    await admin.goto(screen('waves'));
    await poll(() => waveNames('waves in order')).toEqual(['Finance', 'Sales', 'IT department']);
    await admin.getByRole('combobox', { name: 'Language' }).click();
    await admin.getByRole('option', { name: 'Norsk', exact: true }).click();
    await admin.getByRole('heading', { level: 1, name: 'bølger' }).waitFor();
    await poll(() => waveNames('bølgene i rekkefølge')).toEqual(['Økonomi', 'Salg', 'IT-avdelingen']);
    await admin.getByText(`Tidene er i flyttingens tidssone: ${ZONE}.`).waitFor();
    for (const name of Object.values(WAVES).map((w) => w.en)) expect(await admin.getByText(name, { exact: true }).count(), name).toBe(0);
    await expectAccessible(admin, 'the waves screen in Norwegian');
    await admin.getByRole('combobox', { name: 'Språk' }).click();
    await admin.getByRole('option', { name: 'English', exact: true }).click();
    await admin.getByRole('heading', { level: 1, name: 'waves' }).waitFor();
  });

  it("prints each wave's number large as text on the stickers, so a grey-scale print tells the waves apart", async () => {
    await admin.goto(`${screen('floor-planner')}?step=labels`);
    const order = admin.getByRole('table', { name: 'Label order sheet' });
    await order
      .getByRole('row', { name: new RegExp(NORA.name) })
      .getByRole('cell', { name: '2 · Sales', exact: true })
      .waitFor();
    await order
      .getByRole('row', { name: new RegExp(PIA.name) })
      .getByRole('cell', { name: '1 · Finance', exact: true })
      .waitFor();
    await admin.getByRole('button', { name: 'Show sticker sheet' }).click();
    const sheet = admin.getByRole('region', { name: 'Print sticker sheet' });
    for (const [person, number] of [
      [NORA, '2'],
      [PIA, '1'],
    ] as const) {
      const sticker = sheet.locator(`[data-sticker="${ids[person.name]}"]`).first();
      await sticker.getByText(WAVES[person.wave].en, { exact: false }).waitFor();
      expect(await waveNumberOn(sticker)).toMatchObject({ text: number, black: true, large: true });
    }
    expect(await sheet.getByText(/Økonomi|Salg|IT-avdelingen/).count()).toBe(0);
    await expectAccessible(admin, 'the sticker sheet of a move in three waves');
  });

  it("sends one wave's letters; its pick-up moved, the changed list and the correction name the old and the new time", async () => {
    // The list of 30 is drawn whole at its first drawing: rows drawn after the first paint, above a window
    // already scrolled to the letters below it, moved the page, which closed the 'Send to' menu opened there.
    await admin.addInitScript(() => {
      const rows = () => document.querySelectorAll('table[aria-label="People"] tr[data-person-id]').length;
      new MutationObserver((_, observer) => {
        if (rows() === 0) return;
        (window as unknown as { rowsFirstDrawn: number }).rowsFirstDrawn = rows();
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true });
    });
    await admin.goto(`${screen('floor-planner')}?step=people`);
    const letters = admin.getByRole('region', { name: 'Seat letters' });
    await letters.getByRole('columnheader', { name: 'Wave' }).waitFor();
    expect(await admin.evaluate(() => (window as unknown as { rowsFirstDrawn?: number }).rowsFirstDrawn)).toBe(PEOPLE.length);
    await choose(admin, 'Send to', `Wave 2 · Sales`);
    await letters.getByRole('button', { name: 'Send seat letters' }).click();
    const send = admin.getByRole('alertdialog', { name: `Send seat letters to ${countOf('sales')} people?` });
    await pressInDialog(admin, send, 'send');
    await admin.getByText(`Queued ${countOf('sales')} letters`).waitFor();
    await poll(async () => (await mailTo(address(NORA.name))).length).toBe(1);
    expect(await mailTo(address(PIA.name))).toHaveLength(0);

    // The team moves wave 2's pick-up half an hour.
    const listed = await staffApi<{ waves: { id: string; etag: string }[] }>('GET', `/v1/moves/${move.moveId}/waves`);
    await staffApi(
      'PUT',
      `/v1/waves/${waves.sales.id}`,
      {
        name: WAVES.sales.no,
        translations: { en: { name: WAVES.sales.en } },
        day: LATER,
        packBy: `${LATER}T09:00`,
        pickUp: MOVED,
        arrival: { start: `${LATER}T15:00`, end: `${LATER}T16:00` },
        capacity: { people: null, crates: null },
        color: 'blue',
      },
      { 'If-Match': listed.waves.find((w) => w.id === waves.sales.id)!.etag },
    );
    await admin.reload();
    const changed = letters.getByRole('list', { name: `Changed since their letter (${countOf('sales')})` });
    await changed
      .locator(`[data-changed-person="${ids[NORA.name]}"]`)
      .getByText(`Pick-up: ${formatWaveWindow(PICK_UP, 'en')} → ${formatWaveWindow(MOVED, 'en')}`, { exact: true })
      .waitFor();
    await expectAccessible(admin, 'seat letters with a wave whose pick-up moved');

    await letters.getByRole('button', { name: `Send corrections and replace old labels (${countOf('sales')})` }).click();
    const question = admin.getByRole('alertdialog', { name: `Send corrections to ${countOf('sales')} people?` });
    await question.getByText(`a new seat for 0 people, a new wave or new moving times for ${countOf('sales')} people.`, { exact: false }).waitFor();
    await pressInDialog(admin, question, 'send');
    await admin.getByText(`Queued ${countOf('sales')} letters`).waitFor();
    await poll(async () => (await mailTo(address(NORA.name))).length).toBe(2);
    await letters.getByRole('heading', { name: 'Changed since their letter (0)' }).waitFor({ timeout: 30_000 });
    await letters.getByRole('heading', { name: `Corrections sent (${countOf('sales')})` }).waitFor();

    // The correction as Nora reads it on her phone, in her letter's language (the move's default, Norwegian).
    const correction = (await mailTo(address(NORA.name)))[1]!;
    const phone = await newPage(browser, PHONE, UTC);
    await phone.setContent(correction.body);
    await phone.getByText('Flyttetidene dine er endret:', { exact: false }).waitFor();
    await phone.getByText(`${formatWaveWindow(PICK_UP, 'no')} → ${formatWaveWindow(MOVED, 'no')}`, { exact: false }).waitFor();
    expect(await phone.getByText(`${WAVES.sales.no} → ${WAVES.sales.no}`, { exact: false }).count()).toBe(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.context().close();
  });

  it("shows a person's page on a 390 px phone on UTC in the move's clock, the zone said once, and counts down to the next step not done", async () => {
    const phone = await newPage(browser, PHONE, UTC);
    await phone.goto(`${webOrigin()}/${PATH}/me/${await tokenOf(address(NORA.name))}`);
    const card = phone.getByRole('region', { name: `Flyttebølgen din: ${WAVES.sales.no}`, exact: true });
    await card.getByText(`Tidene er lokal tid (${ZONE}).`).waitFor();
    await card.getByText(formatWaveWindow(MOVED, 'no'), { exact: true }).waitFor();
    await card
      .getByRole('timer')
      .getByText(/^Om .+: kassene dine må være pakket$/)
      .waitFor();
    expect(await phone.getByText(`(${ZONE})`, { exact: false }).count()).toBe(1);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phone, "the person's page on a phone (no)");

    const packing = Date.now();
    await card.getByRole('button', { name: 'Kassene mine er pakket' }).click();
    const packed = card.getByText(/^Pakket kl\. \d\d:\d\d/);
    await packed.waitFor();
    const packedClock = /(\d\d:\d\d)/.exec((await packed.textContent()) ?? '')![1]!;
    expect(osloMinutesBetween(packing, Date.now())).toContain(packedClock);
    expect(osloMinutesBetween(packing, Date.now())).not.toContain(utcClock(packing));
    // Packed: the countdown goes on to the movers' pick-up.
    await card
      .getByRole('timer')
      .getByText(/^Om .+: flytterne henter plassen din$/)
      .waitFor();
    expect(await card.getByText(/kassene dine må være pakket/).count()).toBe(0);

    const arriving = Date.now();
    await phone.getByRole('button', { name: 'Jeg er her' }).click();
    const arrived = phone.getByText(/^Ankom kl\. \d\d:\d\d/);
    await arrived.waitFor();
    expect(osloMinutesBetween(arriving, Date.now())).toContain(/(\d\d:\d\d)/.exec((await arrived.textContent()) ?? '')![1]);
    await card.getByText('Alt er gjort: hvert steg av flyttingen din er gjort.').waitFor();
    expect(await card.getByRole('timer').count()).toBe(0);
    expect(await phone.getByText(`(${ZONE})`, { exact: false }).count()).toBe(1);
    await expectAccessible(phone, "the person's page with every step done (no)");

    // In English, the wave's English name, on the same clock.
    await phone.locator('.v-language select').selectOption('en');
    const english = phone.getByRole('region', { name: `Your wave: ${WAVES.sales.en}`, exact: true });
    await english.getByText('All done: every step of your move is done.').waitFor();
    await english.getByText(`Packed at ${packedClock}`).waitFor();
    expect(await phone.getByText(WAVES.sales.no, { exact: true }).count()).toBe(0);
    await phone.context().close();
  });

  it("never calls an arrived person late in 'today', and opens the board on a floor with people, its times, chart and CSV on the move's clock", async () => {
    // Wave 1's letters; Pia arrives without saying she packed, and reports a wobbly chair.
    await staffApi('POST', `/v1/moves/${move.moveId}/seat-letters`, { scope: 'all', waveId: waves.finance.id });
    const calls = await asPerson(PATH, await tokenOf(address(PIA.name)));
    const arrival = await calls('POST', '/arrival');
    const report = await calls('POST', '/reports', { category: 'furniture', text: `The chair wobbles ${tag}` }, { 'Idempotency-Key': `walk-${tag}` });
    pia = { arrivedAt: arrival.arrivedAt!, reportedAt: report.createdAt! };
    expect(osloClock(pia.arrivedAt)).not.toBe(utcClock(pia.arrivedAt));

    await admin.goto(`${screen('move-day')}?view=today`);
    const today = admin.getByRole('table', { name: `people of ${WAVES.finance.en}` });
    const piaRow = today.getByRole('row', { name: new RegExp(PIA.name) });
    await piaRow.getByText('arrived', { exact: true }).waitFor();
    await piaRow.getByText('not packed', { exact: true }).waitFor();
    expect(await piaRow.getByText(/late/).count()).toBe(0);
    // Lateness is still said of those neither packed nor here.
    await today.getByText('late: not packed').first().waitFor();
    await expectAccessible(admin, "the waves' today view");

    await admin.goto(screen('move-day'));
    await admin.getByRole('heading', { name: 'on the plan' }).waitFor();
    // Floor 7, listed first, has no seats: the board opens on floor 3, where most people are expected.
    const floorShown = await shownChoice(admin.getByRole('combobox', { name: 'floor shown' }));
    expect(floorShown).toContain('3');
    expect(floorShown).not.toContain('7');
    await admin.locator('[data-testid="move-day-plan"] [id^="move-day-seat-"]').first().waitFor();
    await admin.getByText(`Times are in the move’s time zone: ${ZONE}.`).waitFor();
    await admin
      .getByRole('list', { name: 'reports' })
      .getByText(`${PIA.name} · furniture · ${osloDay(pia.reportedAt)} ${osloClock(pia.reportedAt)}`)
      .waitFor();
    // The chart's table: her arrival in its quarter of the move's clock, none an hour earlier in UTC's.
    const day = admin.getByRole('region', { name: 'the day as a picture' });
    await day.getByRole('button', { name: 'show as table' }).click();
    const chart = day.getByRole('table', { name: `Arrivals and reports per 15 minutes, all floors (times in ${ZONE})` });
    await chart.waitFor();
    const quarter = (clock: string) => `${clock.slice(0, 3)}${String(Math.floor(Number(clock.slice(3)) / 15) * 15).padStart(2, '0')}`;
    const arrivalsAt = async (from: string) =>
      (await chart.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? ''))))
        .filter((row) => row[0] === from)
        .reduce((sum, row) => sum + Number(row[1]), 0);
    await poll(() => arrivalsAt(quarter(osloClock(pia.arrivedAt)))).toBeGreaterThanOrEqual(1);
    expect(await arrivalsAt(quarter(utcClock(pia.arrivedAt)))).toBe(0);
    const waveChoices = await admin.getByRole('combobox', { name: 'wave' }).locator('option').allTextContents();
    for (const name of Object.values(WAVES).map((w) => w.en)) expect(waveChoices).toContain(name);
    expect(waveChoices.some((name) => /Økonomi|Salg|IT-avdelingen/.test(name))).toBe(false);
    await expectAccessible(admin, 'the move-day board of the walk');

    const download = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'download CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    const lines = csv.split('\r\n');
    expect(lines.find((line) => line.startsWith(`arrival;${PIA.name};`))).toContain(`;${osloStamp(pia.arrivedAt)};`);
    expect(lines.find((line) => line.startsWith(`report;${PIA.name};`))).toContain(`;${osloStamp(pia.reportedAt)};`);
    expect(csv).not.toContain(`T${utcClock(pia.arrivedAt)}`);
  });

  it("opens the wall link in a browser that is not signed in, on UTC, with the move's clock", async () => {
    const card = admin.getByRole('region', { name: 'wall link' });
    await card.getByRole('radio', { name: 'seat numbers only' }).check();
    await card.getByRole('button', { name: 'create wall link' }).click();
    wallAddress = await card.getByLabel('the new wall link').inputValue();
    expect(wallAddress).toMatch(new RegExp(`^${webOrigin()}/admin/wall/${move.moveId}#`));

    const wall = await newPage(browser, { width: 1920, height: 1080 }, UTC);
    await wall.goto(wallAddress);
    await wall.getByText(new RegExp(`^Figures from \\d\\d:\\d\\d \\(${ZONE.replace('/', '\\/')}\\)$`)).waitFor();
    await wall.getByTestId('wall-reports').getByText(osloClock(pia.reportedAt)).waitFor();
    expect(await wall.getByTestId('wall-reports').getByText(utcClock(pia.reportedAt)).count()).toBe(0);
    // Only the floors with seats take turns; floor 7 has none.
    await wall.getByTestId('wall-floor').first().waitFor();
    expect(await wall.getByText(/floor 7/).count()).toBe(0);
    await expectAccessible(wall, 'the wall opened by its link');
    await wall.context().close();
  });
});

/** The wave's number on a sticker: its text, whether it is black and large (16 pt type, 21 px, where the old line was 9 pt). */
function waveNumberOn(sticker: Locator) {
  return sticker.evaluate((element) => {
    const number = element.querySelector<HTMLElement>('.sticker-wave-number');
    if (!number) return { text: null, black: false, large: false };
    const style = getComputedStyle(number);
    return { text: number.innerText.trim(), black: style.color === 'rgb(0, 0, 0)', large: Number.parseFloat(style.fontSize) >= 21 };
  });
}
