import { beforeAll, describe, expect, inject, it } from 'vitest';
import { wallFloorImagePath } from '@movers/contracts';
import { avatarPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { awayFromWindowEdge, call, CLIENT_A, ifMatch, loopbackAddress } from './call.ts';

/**
 * The wall link (issue 49): the move team makes a read-only link of a move's board for the screen on the
 * wall; the wall reads the board by the link's token in a header, without signing in. Each move is made
 * here, under a client no other test counts; the arrival and the report come from a person's own link,
 * read from their seat letter's mail, as on the day.
 */
const OTHER_CLIENT = 'c0000000-0000-4000-8000-000000000012';
const STAFF_USER = 'u0000000-0000-4000-8000-000000000002';
const DEMO_MOVE = `${CLIENT_A}_l0000000-0000-4000-8000-000000000101`;
const stack = () => inject('stack');
let n = 0;

const mailTo = async (address: string) =>
  ((await (await fetch(`${stack().settings.GRAPH_BASE_URL}_local/mail`)).json()) as { to: string[]; body: string }[]).filter((m) => m.to.includes(address));
const personalLinkIn = (body: string) => /\/me\/([A-Za-z0-9_-]{43})/.exec(body)?.[1];

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(value).slice(0, 1000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The wall's call: no sign-in, the token in its header, from an address of its own. */
const wall = (moveId: string, token: string | undefined, options: { from?: string; headers?: Record<string, string>; path?: string } = {}) =>
  call('anonymous', 'GET', options.path ?? `/v1/wall/${moveId}`, {
    from: options.from ?? loopbackAddress(),
    headers: { ...(token !== undefined ? { 'X-Wall-Token': token } : {}), ...options.headers },
  });

const visit = (method: string, path: string, token: string, body?: unknown) =>
  call('anonymous', method, `/v1/visit/${path}`, { body, from: loopbackAddress(), headers: { Authorization: `Bearer ${token}` } });

async function makeMove() {
  const tag = `${Date.now().toString(36)}${(n++).toString(36)}`;
  const location = await call('staff', 'POST', `/v1/clients/${OTHER_CLIENT}/locations`, {
    body: { name: `Zz wall ${tag}`, address: 'Veien 9', city: 'Oslo', countryId: 'NO', isOffice: true },
  });
  expect(location.status).toBe(201);
  const path = `zz-wall-${tag}`;
  const move = await call('staff', 'POST', `/v1/locations/${location.body.id}/moves`, {
    body: moveInput(path, { password: 'secret-one', languages: ['en'], defaultLanguage: 'en', teamMembers: [{ id: STAFF_USER }] }),
  });
  expect(move.status, JSON.stringify(move.body)).toBe(201);
  return { moveId: move.body.id as string, path, tag, name: `Zz wall ${tag}` };
}

async function floor(moveId: string, title: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: title, floor_size: 'small', published: 'true' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(avatarPng(40, [0, 90, 158]))], { type: 'image/png' }), 'plan.png');
  const response = await fetch(`${stack().apiOrigin}/api/v1/moves/${moveId}/layouts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack().tokens.staff}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
}

async function marker(layoutId: string, title: string, positionX: number) {
  const made = await call('staff', 'POST', `/v1/layouts/${layoutId}/markers`, {
    body: { marker_type: 'room', title, coordinates: { positionX, positionY: 40 } },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: string };
}

async function person(name: string, email: string, markerId: string) {
  const made = await call('staff', 'POST', '/v1/marker-users', { body: { name, email, move_layout_marker_id: markerId } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: string };
}

/** A session of the person's own link (from their seat letter). */
async function personToken(path: string, address: string) {
  const mails = await until(
    () => mailTo(address),
    (m) => m.some((mail) => personalLinkIn(mail.body)),
  );
  const session = await call('anonymous', 'POST', `/v1/visit/${path}/session`, {
    body: { personToken: personalLinkIn(mails.at(-1)!.body) },
    from: loopbackAddress(),
  });
  expect(session.status, JSON.stringify(session.body)).toBe(201);
  return session.body.token as string;
}

/**
 * A move with a published floor: Ann (space 101) has arrived; Bo (102) has not, and reported a broken
 * chair with a photo and his address and number in the text.
 */
async function movingDay() {
  const move = await makeMove();
  const plan = await floor(move.moveId, '4');
  const s101 = await marker(plan.id, '101', 20);
  const s102 = await marker(plan.id, '102', 60);
  const at = (who: string) => `${who}.${move.tag}@wall.test`;
  const ann = await person('Ann Arrival', at('ann'), s101.id);
  const bo = await person('Bo Broken', at('bo'), s102.id);
  const sent = await call('staff', 'POST', `/v1/moves/${move.moveId}/seat-letters`, { body: { scope: 'all' } });
  expect(sent.status).toBe(200);
  const annSession = await personToken(move.path, at('ann'));
  const boSession = await personToken(move.path, at('bo'));
  expect((await visit('POST', `${move.path}/arrival`, annSession)).status).toBe(201);
  const report = await visit('POST', `${move.path}/reports`, boSession, {
    category: 'furniture',
    text: `The chair is broken. Call me on +47 912 34 567 or write to ${at('bo')}`,
  });
  expect(report.status).toBe(201);
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(avatarPng(16, [200, 0, 0]))], { type: 'image/png' }), 'chair.png');
  const photo = await fetch(`${stack().apiOrigin}/api/v1/visit/${move.path}/reports/${report.body.id}/photo`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${boSession}` },
    body: form,
  });
  expect(photo.status).toBe(200);
  return { ...move, plan, s101, s102, ann, bo, at, reportId: report.body.id as string };
}

async function makeLink(moveId: string, shows: 'names' | 'seats', caller: 'staff' | 'extA' = 'staff') {
  const made = await call(caller, 'POST', `/v1/moves/${moveId}/wall-links`, { body: { shows } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: string; token: string; etag: string; expiresAt: string; shows: string };
}

/** Every key anywhere in a JSON value. */
const keysOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap(keysOf) : value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]) : [];

let day: Awaited<ReturnType<typeof movingDay>>;
beforeAll(async () => {
  day = await movingDay();
}, 120_000);

describe('making a wall link', () => {
  it('gives a token of 256 bits once; the list shows the link but never the token', async () => {
    const link = await makeLink(day.moveId, 'seats');
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.shows).toBe('seats');
    const list = await call('staff', 'GET', `/v1/moves/${day.moveId}/wall-links`);
    expect(list.status).toBe(200);
    const listed = list.body.find((l: { id: string }) => l.id === link.id);
    expect(listed).toMatchObject({ shows: 'seats', expiresAt: link.expiresAt });
    expect(JSON.stringify(list.body)).not.toContain(link.token);
  });

  it('takes no Idempotency-Key: the answer with its token is kept nowhere to be replayed', async () => {
    const headers = { 'Idempotency-Key': `wall-${Date.now()}` };
    const first = await call('staff', 'POST', `/v1/moves/${day.moveId}/wall-links`, { body: { shows: 'seats' }, headers });
    const second = await call('staff', 'POST', `/v1/moves/${day.moveId}/wall-links`, { body: { shows: 'seats' }, headers });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(second.body.token).not.toBe(first.body.token);
  });

  it('ends the day after the move on the move’s clock: the end of the day after its timeline’s last date, else a week on', async () => {
    const fresh = await makeMove();
    const before = Date.now();
    const weekOn = await makeLink(fresh.moveId, 'seats');
    expect(Date.parse(weekOn.expiresAt) - before).toBeGreaterThan(6.9 * 86_400_000);
    const section = await call('staff', 'POST', `/v1/moves/${fresh.moveId}/timeline_sections`, { body: { title: 'Move day', date: '2099-03-01', events: [] } });
    expect(section.status, JSON.stringify(section.body)).toBe(201);
    const listed = (await call('staff', 'GET', `/v1/moves/${fresh.moveId}/wall-links`)).body;
    // An Oslo move (UTC+1 in March): the link ends as 2 March ends in Oslo, not in UTC (issue 55).
    expect(listed[0].expiresAt).toBe('2099-03-02T22:59:59.000Z');
  });

  it("by the client's own team on their move; another client's External user is refused, the move's and the link's", async () => {
    const own = await makeLink(DEMO_MOVE, 'seats', 'extA');
    expect((await call('extA', 'GET', `/v1/moves/${DEMO_MOVE}/wall-links`)).body.map((l: { id: string }) => l.id)).toContain(own.id);
    expect((await call('extA', 'POST', `/v1/moves/${day.moveId}/wall-links`, { body: { shows: 'names' } })).status).toBe(403);
    expect((await call('extA', 'GET', `/v1/moves/${day.moveId}/wall-links`)).status).toBe(403);
    const theirs = await makeLink(day.moveId, 'names');
    expect((await call('extA', 'DELETE', `/v1/wall-links/${theirs.id}`, { headers: { 'If-Match': theirs.etag } })).status).toBe(403);
    expect((await wall(day.moveId, theirs.token)).status).toBe(200);
    expect((await call('extA', 'DELETE', `/v1/wall-links/${own.id}`, { headers: ifMatch(own.etag) })).status).toBe(204);
  });

  it('refuses a choice other than names or seat numbers, and a move that is over', async () => {
    const wrong = await call('staff', 'POST', `/v1/moves/${day.moveId}/wall-links`, { body: { shows: 'everything' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.shows).toBe('one of names, seats');
    const over = await makeMove();
    await call('staff', 'POST', `/v1/moves/${over.moveId}/timeline_sections`, { body: { title: 'Move day', date: '2020-03-01', events: [] } });
    const late = await call('staff', 'POST', `/v1/moves/${over.moveId}/wall-links`, { body: { shows: 'seats' } });
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe("the move is over: its timeline's last date has passed");
  });
});

describe('the wall', () => {
  it('with seat numbers only: the counts, the seats by state, the newest report, and no name anywhere', async () => {
    const link = await makeLink(day.moveId, 'seats');
    const board = await wall(day.moveId, link.token);
    expect(board.status).toBe(200);
    expect(board.body).toMatchObject({ name: day.name, shows: 'seats', expected: 2, arrived: 1, timeZone: 'Europe/Oslo' });
    const [floor4] = board.body.floors;
    expect(floor4).toMatchObject({ floor: '4', expected: 2, arrived: 1 });
    const seat = (id: string) => floor4.seats.find((s: { markerId: string }) => s.markerId === id);
    expect(seat(day.s101.id)).toMatchObject({ label: '101', state: 'arrived', categories: [], positionX: 20 });
    expect(seat(day.s102.id)).toMatchObject({ label: '102', state: 'reported', categories: ['furniture'], positionX: 60 });
    expect(board.body.newestReports).toHaveLength(1);
    expect(board.body.newestReports[0]).toMatchObject({ category: 'furniture', status: 'new', floor: '4', who: '102' });
    const text = JSON.stringify(board.body);
    expect(text).not.toContain('Ann Arrival');
    expect(text).not.toContain('Bo Broken');
  });

  it('with names: the seat’s people and the reporter by name', async () => {
    const link = await makeLink(day.moveId, 'names');
    const board = (await wall(day.moveId, link.token)).body;
    const seats = board.floors[0].seats;
    expect(seats.find((s: { markerId: string }) => s.markerId === day.s101.id).label).toBe('101: Ann Arrival');
    expect(board.newestReports[0].who).toBe('Bo Broken');
  });

  it('never a photo, nor what the person wrote (an e-mail address, a phone number), whatever it shows', async () => {
    for (const shows of ['names', 'seats'] as const) {
      const board = (await wall(day.moveId, (await makeLink(day.moveId, shows)).token)).body;
      expect(keysOf(board).filter((k) => /photo|email|phone/i.test(k))).toEqual([]);
      const text = JSON.stringify(board);
      expect(text).not.toContain('/photo');
      expect(text).not.toContain(day.at('bo'));
      expect(text).not.toContain('912 34 567');
      expect(text).not.toContain('The chair is broken');
    }
  });

  it('answers 304 with no body to If-None-Match while nothing changed, and the new board after a change', async () => {
    const link = await makeLink(day.moveId, 'seats');
    const first = await wall(day.moveId, link.token);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await wall(day.moveId, link.token, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect((again.body as ArrayBuffer).byteLength).toBe(0);
    const resolved = await call('staff', 'PATCH', `/v1/reports/${day.reportId}`, {
      body: { status: 'resolved' },
      headers: ifMatch((await call('staff', 'GET', `/v1/moves/${day.moveId}/reports`)).body.items[0].etag),
    });
    expect(resolved.status).toBe(200);
    const changed = await wall(day.moveId, link.token, { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.body.floors[0].seats.find((s: { markerId: string }) => s.markerId === day.s102.id).state).toBe('resolved');
    // A resolved report leaves the wall's newest reports.
    expect(changed.body.newestReports).toEqual([]);
  });

  it('fetches the floor image with the token, and not without it', async () => {
    const link = await makeLink(day.moveId, 'seats');
    const board = (await wall(day.moveId, link.token)).body;
    const url = wallFloorImagePath(day.moveId, board.floors[0].floorId, board.floors[0].image.version);
    const image = await wall(day.moveId, link.token, { path: url });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await wall(day.moveId, undefined, { path: url })).status).toBe(401);
  });
});

describe('a link that does not open the wall', () => {
  const refused = 'This wall link no longer works: ask the move team for a new one';

  it('revoked: refused at its next call, the image too', async () => {
    const link = await makeLink(day.moveId, 'seats');
    const board = await wall(day.moveId, link.token);
    expect(board.status).toBe(200);
    expect((await call('staff', 'DELETE', `/v1/wall-links/${link.id}`)).status).toBe(428);
    expect((await call('staff', 'DELETE', `/v1/wall-links/${link.id}`, { headers: ifMatch(link.etag) })).status).toBe(204);
    const after = await wall(day.moveId, link.token, { headers: { 'If-None-Match': board.headers.get('etag')! } });
    expect(after.status).toBe(401);
    expect(after.body.error.message).toBe(refused);
    const [floor4] = board.body.floors;
    expect((await wall(day.moveId, link.token, { path: wallFloorImagePath(day.moveId, floor4.floorId, floor4.image.version) })).status).toBe(401);
    expect((await call('staff', 'DELETE', `/v1/wall-links/${link.id}`, { headers: ifMatch(link.etag) })).status).toBe(404);
  });

  it('expired: refused once the move’s last date and the day after have passed', async () => {
    const move = await makeMove();
    await floor(move.moveId, '1');
    const link = await makeLink(move.moveId, 'seats');
    expect((await wall(move.moveId, link.token)).status).toBe(200);
    // The move's date is set back: the link follows the move's dates.
    await call('staff', 'POST', `/v1/moves/${move.moveId}/timeline_sections`, { body: { title: 'Move day', date: '2020-03-01', events: [] } });
    const expired = await wall(move.moveId, link.token);
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toBe(refused);
  });

  it("of move A does not open move B's board", async () => {
    const other = await makeMove();
    await floor(other.moveId, '1');
    const link = await makeLink(day.moveId, 'names');
    expect((await wall(other.moveId, link.token)).status).toBe(401);
    expect((await wall(day.moveId, link.token)).status).toBe(200);
  });

  it('none, or a guessed one: 401; guessing is counted per address and refused after 10 (429)', async () => {
    await awayFromWindowEdge();
    const from = loopbackAddress();
    expect((await wall(day.moveId, undefined, { from })).status).toBe(401);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await wall(day.moveId, `${'G'.repeat(42)}${i % 10}`, { from })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // Another address is not held up by it.
    const link = await makeLink(day.moveId, 'seats');
    expect((await wall(day.moveId, link.token)).status).toBe(200);
  }, 60_000);
});
