import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { floorPlanPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { expectAccessible, launch, newPage, webOrigin } from '../support/browser.ts';
import { ownLocation, staffPost } from '../support/ownLocation.ts';
import { staffApi } from '../support/movedPerson.ts';

// Waves (issue 48) as the person meets them: the seat letter's personal link opens their page on a phone,
// which heads with their wave's times in the letter's language and counts down to the next; 'My crates are
// packed' by keyboard; their timeline is the whole move's and their wave's; every language of the move.

const PHONE = { width: 390, height: 844 };
const tag = Date.now().toString(36);
const PATH = `zz-wave-${tag}`;
const ANN = `ann.${tag}@wave.test`;
const stack = () => inject('stack');
const mailTo = async (address: string) =>
  ((await (await fetch(`${stack().settings.GRAPH_BASE_URL}_local/mail`)).json()) as { to: string[]; body: string }[]).filter((m) => m.to.includes(address));
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let browser: Browser;
let phone: Page;
let token = '';

beforeAll(async () => {
  const { locationId } = await ownLocation('Wave', '900 111 639');
  const move = await staffPost(
    `/v1/locations/${locationId}/moves`,
    moveInput(PATH, { languages: ['en', 'no', 'nn', 'de', 'da', 'se'], defaultLanguage: 'en' }),
  );
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: '4', floor_size: 'small', published: 'true' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(floorPlanPng(240, 120))], { type: 'image/png' }), 'plan.png');
  const floor = await staffApi('POST', `/v1/moves/${move.id}/layouts`, form);
  const space = await staffPost(`/v1/layouts/${floor.id}/markers`, { coordinates: { positionX: 30, positionY: 40 }, marker_type: 'room', title: '101' });
  const ann = await staffPost('/v1/marker-users', { name: 'Ann Wave', email: ANN, move_layout_marker_id: space.id });
  const day = dayIn(3);
  const it = await staffPost(`/v1/moves/${move.id}/waves`, {
    name: 'IT',
    translations: { de: { name: 'IT-Abteilung' }, no: { name: 'IT-avdelingen' } },
    day,
    packBy: `${day}T08:00`,
    pickUp: { start: `${day}T09:00`, end: `${day}T12:00` },
    arrival: { start: `${day}T13:00`, end: `${day}T14:00` },
    color: 'green',
  });
  const finance = await staffPost(`/v1/moves/${move.id}/waves`, { name: 'Finance', day });
  const people = await fetch(`${stack().apiOrigin}/api/v1/moves/${move.id}/people`, { headers: { Authorization: `Bearer ${stack().tokens.staff}` } });
  await staffApi('POST', `/v1/moves/${move.id}/people/wave`, { personIds: [ann.id], waveId: it.id }, { 'If-Match': people.headers.get('etag') ?? '' });
  await staffPost(`/v1/moves/${move.id}/timeline_sections`, {
    title: 'Moving days',
    date: day,
    events: [
      { title: 'Everyone: read the FAQ', startDate: day },
      { title: 'IT: crates arrive', startDate: day, waves: [it.id] },
      { title: 'Finance: crates arrive', startDate: day, waves: [finance.id] },
    ],
  });
  await staffApi('POST', `/v1/moves/${move.id}/seat-letters`, { scope: 'all', language: 'de' });
  for (let end = Date.now() + 30_000; !token && Date.now() < end; await new Promise((r) => setTimeout(r, 250)))
    token = /\/me\/([A-Za-z0-9_-]{43})/.exec((await mailTo(ANN)).at(-1)?.body ?? '')?.[1] ?? '';
  if (!token) throw new Error('no seat letter with a personal link was mailed');
  browser = await launch();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe("a person's wave", () => {
  it('heads their page in the letter’s language with a countdown, takes “packed” by keyboard, and reads in every language of the move', async () => {
    phone = await newPage(browser, PHONE);
    await phone.goto(`${webOrigin()}/${PATH}/me/${token}`);
    const card = phone.getByRole('region', { name: 'Ihre Umzugswelle: IT-Abteilung', exact: true });
    await card.waitFor();
    await card.getByText(/^In \d+ T\.( \d+ Std\.)?: Ihre Kisten müssen gepackt sein$/).waitFor();
    await card.getByText('Ankunft an Ihrem neuen Platz').waitFor();
    await card.getByText(/13:00–14:00$/).waitFor();
    await card.getByText('Die Zeiten sind Ortszeit (Europe/Oslo).').waitFor();
    await expectAccessible(phone, "the person's page with their wave (phone, de)");

    await card.getByRole('button', { name: 'Meine Kisten sind gepackt' }).focus();
    await phone.keyboard.press('Enter');
    await card.getByText(/^Gepackt um \d\d:\d\d/).waitFor();

    const waveWord: Record<string, string> = {
      en: 'Your wave: IT',
      no: 'Flyttebølgen din: IT-avdelingen',
      nn: 'Flyttebølgja di: IT',
      da: 'Din flyttebølge: IT',
      se: 'Din flyttvåg: IT',
    };
    for (const [code, heading] of Object.entries(waveWord)) {
      await phone.locator('.v-language select').selectOption(code);
      await phone.getByRole('region', { name: heading, exact: true }).waitFor();
    }
  });

  it('heads their timeline, which lists the whole move’s events and their wave’s only', async () => {
    await phone.locator('.v-language select').selectOption('en');
    await phone.goto(`${webOrigin()}/${PATH}/timeline`);
    await phone.getByRole('region', { name: 'Your wave: IT', exact: true }).waitFor();
    await phone.getByText('IT: crates arrive').waitFor();
    await phone.getByText('Everyone: read the FAQ').waitFor();
    expect(await phone.getByText('Finance: crates arrive').count()).toBe(0);
    await expectAccessible(phone, "the person's timeline with their wave (phone, en)");
  });
});
