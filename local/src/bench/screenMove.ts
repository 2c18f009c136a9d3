import { inBatches } from '@movers/functions/src/platform/cosmos/inBatches.ts';
import type { Browser, Page } from 'playwright-core';
import { floorPlanPng } from '../png.ts';
import { moveInput } from '../testing/moveInput.ts';
import { storeSentLetter } from './personalLink.ts';
import { signedInPage } from './planner.ts';

/**
 * The screens bench's move (issue 56): what a head office's move looks like to the screens a team waits
 * for. `people` people (BENCH_SCREEN_PEOPLE, 2,000 by default) on 6 published floors of about
 * people × 1.05 / 6 seats each (350 for 2,000: one space marker a seat), 10 waves, the move's 4 crates
 * (stickers) each; everybody seated and in a wave. For move day: a wall link, one person's personal link,
 * and an arrival of every 7th person (through their own personal links, as phones send them).
 *
 * Made as a team makes it, through the API: the move, its floors, the markers (8 requests at a time), the
 * waves, then everybody in one allocation import (Space;Name;E-mail;Wave). Only the personal links' letters
 * are written to the store, as a sent letter leaves them (the moveDay bench does the same), so that no
 * letter goes through the mail.
 */
export interface ScreenMove {
  clientId: string;
  locationId: string;
  moveId: string;
  /** The visitor site's path (password `{path} secret`). */
  path: string;
  people: number;
  /** The floors in order (1 to 6; the first is the default), each with its seats' marker ids. */
  floors: { id: string; title: string; markerIds: string[] }[];
  seats: number;
  /** The waves in order ('Wave 1' … 'Wave 10'), on the move's today. */
  waves: { id: string; name: string }[];
  /** The move's crates (stickers) a person. */
  crates: number;
  /** Stickers on the sheet: people × crates. */
  stickers: number;
  /** How many have arrived (every 7th person). */
  arrived: number;
  /** The admin screens' addresses (from the web origin): the planner's steps, the waves, move day. */
  urls: {
    /** `…/floor-planner`; add `?step=people` or `?step=labels`. */
    planner: string;
    waves: string;
    moveDay: string;
    /** The wall link in a browser that is not signed in: `/admin/wall/{moveId}#{token}`. */
    wall: string;
    /** The first person's personal link: `/{path}/me/{token}`. */
    personal: string;
  };
  /** The first person (the personal link's), by id and name. */
  person: { id: string; name: string };
  wallToken: string;
  personalToken: string;
  /** A new browser context (1366×768) signed in as staff, on /admin. */
  signIn(browser: Browser): Promise<Page>;
  /** Seconds it took to make. */
  setupSeconds: number;
}

const PARALLEL = 8;
const FLOORS = 6;
const WAVES = 10;
const CRATES = 4;
const ARRIVE_EVERY = 7;

/** Runs `work` for 0..count-1, at most `PARALLEL` at a time. */
async function pool(count: number, work: (i: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, count) }, worker));
}

/** Today in the move's time zone (the bench's moves are Norwegian): a wave's day may not be in the past. */
const osloToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

export const screenPeople = () => Number(process.env.BENCH_SCREEN_PEOPLE ?? 2000);

export async function makeScreenMove(options: { apiOrigin: string; webOrigin: string; token: string; clientId: string; people?: number }): Promise<ScreenMove> {
  const started = performance.now();
  const peopleCount = options.people ?? screenPeople();
  const api = `${options.apiOrigin}/api`;
  const auth = { Authorization: `Bearer ${options.token}` };
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const isForm = body instanceof FormData;
    const response = await fetch(`${api}${path}`, {
      method,
      headers: { ...auth, ...(body && !isForm ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: isForm ? body : body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
    return response;
  };
  const tag = Date.now().toString(36);
  const location = await (
    await send('POST', `/v1/clients/${options.clientId}/locations`, {
      name: `Zz Screens ${tag}`,
      address: 'Skjermveien 1',
      city: 'Oslo',
      countryId: 'NO',
      isOffice: true,
    })
  ).json();
  const path = `zz-screens-${tag}`;
  const move = await (await send('POST', `/v1/locations/${location.id}/moves`, moveInput(path))).json();
  const moveId: string = move.id;
  const etag = (await send('GET', `/v1/moves/${moveId}`)).headers.get('etag') ?? '*';
  await send('PATCH', `/v1/moves/${moveId}`, { stickersCount: CRATES }, { 'If-Match': etag });

  // Six published floors with the same plan, the first the default.
  const image = new Uint8Array(floorPlanPng(2400, 1600));
  const floors: ScreenMove['floors'] = [];
  for (let f = 1; f <= FLOORS; f++) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ floor_name: String(f), floor_size: 'large', label_color: 'blue', isDefault: String(f === 1), published: 'true' }))
      form.append(k, v);
    form.append('layout', new Blob([image], { type: 'image/png' }), `floor-${f}.png`);
    floors.push({ id: (await (await send('POST', `/v1/moves/${moveId}/layouts`, form)).json()).id, title: String(f), markerIds: [] });
  }

  // A space marker a seat, titled floor and number (1001 …), on a grid over the plan.
  const perFloor = Math.max(10, Math.ceil((peopleCount * 1.05) / FLOORS));
  const columns = Math.ceil(Math.sqrt(perFloor * 1.5));
  const rows = Math.ceil(perFloor / columns);
  const title = (f: number, s: number) => `${f + 1}${String(s + 1).padStart(3, '0')}`;
  await pool(FLOORS * perFloor, async (i) => {
    const f = Math.floor(i / perFloor);
    const s = i % perFloor;
    const made = await send('POST', `/v1/layouts/${floors[f]!.id}/markers`, {
      marker_type: 'room',
      title: title(f, s),
      coordinates: { positionX: 2 + ((s % columns) / columns) * 96, positionY: 3 + (Math.floor(s / columns) / rows) * 94 },
    });
    floors[f]!.markerIds[s] = (await made.json()).id;
  });

  const day = osloToday();
  const waves: ScreenMove['waves'] = [];
  for (let w = 1; w <= WAVES; w++) {
    const hour = String(7 + w).padStart(2, '0');
    const name = `Wave ${w}`;
    const wave = await (
      await send('POST', `/v1/moves/${moveId}/waves`, {
        name,
        day,
        packBy: `${day}T${hour}:00`,
        pickUp: { start: `${day}T${hour}:15`, end: `${day}T${hour}:45` },
        arrival: { start: `${day}T${hour}:30`, end: `${day}T${hour}:59` },
      })
    ).json();
    waves.push({ id: wave.id, name });
  }

  // Everybody in one allocation: person i on floor i mod 6, in wave i mod 10.
  const personName = (i: number) => `Screen Person ${String(i).padStart(4, '0')}`;
  const csv = [
    'Space;Name;E-mail;Wave',
    ...Array.from(
      { length: peopleCount },
      (_, i) => `${title(i % FLOORS, Math.floor(i / FLOORS))};${personName(i)};screen.${tag}.${i}@client-a.test;Wave ${(i % WAVES) + 1}`,
    ),
  ].join('\n');
  const allocation = (await send('GET', `/v1/moves/${moveId}/people`)).headers.get('etag') ?? '*';
  const summary = await (await send('POST', `/v1/moves/${moveId}/people/import`, { csv }, { 'If-Match': allocation })).json();
  if (summary.imported !== peopleCount)
    throw new Error(`screens bench: ${summary.imported} of ${peopleCount} imported (${JSON.stringify(summary.skipped.slice(0, 3))})`);
  const people = ((await (await send('GET', `/v1/moves/${moveId}/people`)).json()) as { id: string; name: string }[]).sort((a, b) =>
    a.name.localeCompare(b.name),
  );

  // Move day: a wall link showing names; personal links (a sent letter's token hash) for the first person
  // and every 7th, who arrive through them.
  const wall = await (await send('POST', `/v1/moves/${moveId}/wall-links`, { shows: 'names' })).json();
  const arriving = people.filter((_, i) => i % ARRIVE_EVERY === 0);
  const tokens = new Map<string, string>();
  await inBatches(arriving, 48, async (person) => {
    tokens.set(person.id, await storeSentLetter(moveId, person.id));
  });
  // The first person keeps their link for the personal page (not arrived: the page shows the day ahead).
  const first = people[0]!;
  await pool(arriving.length - 1, async (i) => {
    const person = arriving[i + 1]!;
    const session = await fetch(`${api}/v1/visit/${path}/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ personToken: tokens.get(person.id) }),
    });
    if (session.status !== 201) throw new Error(`screens bench: sign-in ${session.status} ${await session.text()}`);
    const { token } = (await session.json()) as { token: string };
    const arrival = await fetch(`${api}/v1/visit/${path}/arrival`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    if (arrival.status !== 201) throw new Error(`screens bench: arrival ${arrival.status} ${await arrival.text()}`);
  });

  const admin = `${options.webOrigin}/admin/clients/${options.clientId}/${location.id}/${moveId}`;
  const personalToken = tokens.get(first.id)!;
  return {
    clientId: options.clientId,
    locationId: location.id,
    moveId,
    path,
    people: peopleCount,
    floors,
    seats: FLOORS * perFloor,
    waves,
    crates: CRATES,
    stickers: peopleCount * CRATES,
    arrived: arriving.length - 1,
    urls: {
      planner: `${admin}/floor-planner`,
      waves: `${admin}/waves`,
      moveDay: `${admin}/move-day`,
      wall: `${options.webOrigin}/admin/wall/${moveId}#${wall.token}`,
      personal: `${options.webOrigin}/${path}/me/${encodeURIComponent(personalToken)}`,
    },
    person: { id: first.id, name: first.name },
    wallToken: wall.token,
    personalToken,
    signIn: (browser) => signedInPage(browser, options.webOrigin),
    setupSeconds: (performance.now() - started) / 1000,
  };
}
