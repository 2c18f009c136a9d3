import { connect } from 'node:net';
import { applyBoardAnswer } from '@movers/contracts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { avatarPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import jpeg from 'jpeg-js';
import { call, ifMatch, loopbackAddress } from './call.ts';

/**
 * Move day (issue 36): the personal link of a seat letter signs the person in; their page, 'I'm here'
 * and reports; the move team's board, its answers (mailed) and its CSV. The letters go through the
 * stack's queue and the Graph stand-in, and the personal links are read from the mails, as a person
 * would. Each move is made here, under a client no other test counts.
 */
const OTHER_CLIENT = 'c0000000-0000-4000-8000-000000000012';
const STAFF_USER = 'u0000000-0000-4000-8000-000000000002';
const stack = () => inject('stack');
let n = 0;

interface Mail {
  subject: string;
  to: string[];
  body: string;
}
const mailbox = async () => (await (await fetch(`${stack().settings.GRAPH_BASE_URL}_local/mail`)).json()) as Mail[];
const mailTo = async (address: string) => (await mailbox()).filter((m) => m.to.includes(address));
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

const visit = (method: string, path: string, options: { token?: string; from?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  call('anonymous', method, `/v1/visit/${path}`, {
    body: options.body,
    from: options.from ?? loopbackAddress(),
    headers: { ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}), ...options.headers },
  });

async function uploadPhoto(path: string, reportId: string, token: string | undefined, bytes: Uint8Array, type = 'image/jpeg') {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(bytes)], { type }), 'photo.jpg');
  const response = await fetch(`${stack().apiOrigin}/api/v1/visit/${path}/reports/${reportId}/photo`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const body = (response.headers.get('content-type') ?? '').includes('json') ? await response.json() : undefined;
  return { status: response.status, body };
}

async function makeMove(settings: Record<string, unknown> = {}) {
  const tag = `${Date.now().toString(36)}${(n++).toString(36)}`;
  const location = await call('staff', 'POST', `/v1/clients/${OTHER_CLIENT}/locations`, {
    body: { name: `Zz move day ${tag}`, address: 'Veien 9', city: 'Oslo', countryId: 'NO', isOffice: true },
  });
  expect(location.status).toBe(201);
  const path = `zz-day-${tag}`;
  const move = await call('staff', 'POST', `/v1/locations/${location.body.id}/moves`, {
    body: moveInput(path, { password: 'secret-one', languages: ['en', 'de'], defaultLanguage: 'en', teamMembers: [{ id: STAFF_USER }], ...settings }),
  });
  expect(move.status, JSON.stringify(move.body)).toBe(201);
  return { moveId: move.body.id as string, path, tag };
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
  return (await response.json()) as { id: string; etag: string };
}

async function marker(layoutId: string, body: Record<string, unknown>) {
  const made = await call('staff', 'POST', `/v1/layouts/${layoutId}/markers`, { body: { coordinates: { positionX: 30, positionY: 40 }, ...body } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: string };
}

async function person(name: string, email: string | null, markerId: string, phone?: string) {
  const made = await call('staff', 'POST', '/v1/marker-users', { body: { name, email, move_layout_marker_id: markerId, ...(phone ? { phone } : {}) } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: string; etag: string; name: string };
}

/** Sends the letters asked for and waits until every one is mailed. */
async function sendLetters(moveId: string, scope: 'all' | 'changed', language?: string) {
  const sent = await call('staff', 'POST', `/v1/moves/${moveId}/seat-letters`, { body: { scope, ...(language ? { language } : {}) } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  await until(
    () => call('staff', 'GET', `/v1/moves/${moveId}/seat-letters`),
    (a) => a.body.counts.waiting + a.body.counts.sending === 0,
  );
}

/** The newest personal link mailed to an address. */
async function tokenOf(address: string, not?: string) {
  const mails = await until(
    () => mailTo(address),
    (m) => m.some((mail) => personalLinkIn(mail.body) && personalLinkIn(mail.body) !== not),
  );
  return personalLinkIn(mails.filter((m) => personalLinkIn(m.body) !== not).at(-1)!.body)!;
}

async function personSession(path: string, personToken: string, from?: string) {
  const answer = await visit('POST', `${path}/session`, { body: { personToken }, from });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { token: string; personId: string; movers: boolean };
}

/** A move with a published floor (space 101 with table A, space 102) and three placed people, two with an address; letters sent. */
async function plannedMove(settings: Record<string, unknown> = {}) {
  const move = await makeMove(settings);
  const plan = await floor(move.moveId, '4');
  const space = await marker(plan.id, { marker_type: 'room', title: '101' });
  const tableA = await marker(plan.id, { marker_type: 'table', title: 'A', spaceId: space.id });
  const other = await marker(plan.id, { marker_type: 'room', title: '102' });
  const at = (who: string) => `${who}.${move.tag}@moveday.test`;
  const ann = await person('Ann Arrival', at('ann'), space.id);
  const bo = await person('Bo Table', at('bo'), tableA.id);
  const cy = await person('Cy No Address', null, other.id);
  await sendLetters(move.moveId, 'all', 'de');
  return { ...move, plan, space, tableA, other, ann, bo, cy, at, annToken: await tokenOf(at('ann')), boToken: await tokenOf(at('bo')) };
}

/** Sends the head of a photo upload announcing `declared` bytes and its first bytes; resolves with the raw answer. */
function announce(path: string, token: string, declared: number): Promise<string> {
  const origin = new URL(stack().apiOrigin);
  const boundary = 'moveDayBoundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  const lines = [
    `POST ${path} HTTP/1.1`,
    `Host: ${origin.host}`,
    `Authorization: Bearer ${token}`,
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    `Content-Length: ${declared}`,
    '',
    '',
  ];
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(Number(origin.port), origin.hostname, () =>
      socket.write(Buffer.concat([Buffer.from(lines.join('\r\n')), head, Buffer.alloc(1024)])),
    );
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

/** A small JPEG with an EXIF segment holding a GPS position, as a phone writes it. */
function jpegWithGps(): Uint8Array {
  const pixels = new Uint8Array(16 * 16 * 4).fill(200);
  const plain = jpeg.encode({ width: 16, height: 16, data: pixels }, 90).data;
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from('MM\0*GPSLatitude 59.9075N GPSLongitude 10.7536E', 'latin1')]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 255]), payload]);
  return new Uint8Array(Buffer.concat([Buffer.from(plain.subarray(0, 2)), app1, Buffer.from(plain.subarray(2))]));
}

let day: Awaited<ReturnType<typeof plannedMove>>;
beforeAll(async () => {
  day = await plannedMove();
}, 120_000);

describe('the personal link', () => {
  it('is in the seat letter beside the seat link, whose QR code still opens only the seat', async () => {
    const [mail] = await mailTo(day.at('ann'));
    expect(mail.body).toContain(`/${day.path}/seat/${encodeURIComponent(day.ann.id)}`);
    expect(mail.body).toContain(`/${day.path}/me/${day.annToken}`);
    expect(mail.body).toContain('Dieser Link gehört nur Ihnen');
    expect(day.annToken).not.toBe(day.boToken);
  });

  it('signs the person in on a password move without the password, as themselves', async () => {
    const session = await personSession(day.path, day.annToken);
    expect(session.personId).toBe(day.ann.id);
    expect(session.movers).toBe(false);
    // The session opens the move's content as any session does.
    expect((await visit('GET', `${day.path}/pages`, { token: session.token })).status).toBe(200);
  });

  it('of another move, unknown, replaced, or of a deleted person: 401 with a clear message, nothing recorded', async () => {
    const other = await makeMove();
    const foreign = await visit('POST', `${other.path}/session`, { body: { personToken: day.annToken } });
    expect(foreign.status).toBe(401);
    expect(foreign.body.error.message).toBe('This personal link is no longer valid: use the link in your latest seat letter');
    expect((await visit('POST', `${day.path}/session`, { body: { personToken: 'A'.repeat(43) } })).status).toBe(401);
    expect((await visit('POST', `${day.path}/session`, { body: { personToken: 'short' } })).status).toBe(400);

    // A new letter (the seat changed) replaces the token: the old link and its sessions stop.
    const move = await plannedMove();
    const oldSession = await personSession(move.path, move.boToken);
    const current = await call('staff', 'GET', `/v1/moves/${move.moveId}/people`);
    const bo = current.body.find((p: { id: string }) => p.id === move.bo.id);
    const moved = await call('staff', 'PUT', `/v1/marker-users/${move.bo.id}`, {
      body: { name: bo.name, move_layout_marker_id: move.other.id, stickersCount: null },
      headers: ifMatch(bo.etag),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await sendLetters(move.moveId, 'changed');
    const newToken = await tokenOf(move.at('bo'), move.boToken);
    expect(newToken).not.toBe(move.boToken);
    const replaced = await visit('POST', `${move.path}/session`, { body: { personToken: move.boToken } });
    expect(replaced.status).toBe(401);
    const stale = await visit('POST', `${move.path}/arrival`, { token: oldSession.token });
    expect(stale.status).toBe(401);
    expect(stale.body.error.message).toBe('This personal link is no longer valid: use the link in your latest seat letter');
    expect((await visit('GET', `${move.path}/me`, { token: (await personSession(move.path, newToken)).token })).status).toBe(200);

    // A deleted person: their link and their session open nothing, and nothing is recorded.
    const annSession = await personSession(move.path, move.annToken);
    const annNow = (await call('staff', 'GET', `/v1/moves/${move.moveId}/people`)).body.find((p: { id: string }) => p.id === move.ann.id);
    expect((await call('staff', 'DELETE', `/v1/marker-users/${move.ann.id}`, { headers: ifMatch(annNow.etag) })).status).toBe(204);
    expect((await visit('POST', `${move.path}/session`, { body: { personToken: move.annToken } })).status).toBe(401);
    expect((await visit('POST', `${move.path}/arrival`, { token: annSession.token })).status).toBe(401);
    expect((await visit('POST', `${move.path}/reports`, { token: annSession.token, body: { category: 'it', text: 'x' } })).status).toBe(401);
    const board = await call('staff', 'GET', `/v1/moves/${move.moveId}/move-day`);
    expect(board.body.arrived).toBe(0);
    expect((await call('staff', 'GET', `/v1/moves/${move.moveId}/reports`)).body.total).toBe(0);
  }, 120_000);

  it("a session that is not a person's (a password, a movers' pass, none) cannot see a page, arrive or report", async () => {
    const password = await visit('POST', `${day.path}/session`, { body: { password: 'secret-one' } });
    expect(password.status).toBe(201);
    expect(password.body.personId).toBeUndefined();
    for (const [method, route, body] of [
      ['GET', 'me', undefined],
      ['POST', 'arrival', undefined],
      ['GET', 'reports', undefined],
      ['POST', 'reports', { category: 'it', text: 'Screen missing' }],
    ] as const) {
      const answer = await visit(method, `${day.path}/${route}`, { token: password.body.token, body });
      expect(answer.status, route).toBe(401);
      expect(answer.body.error.message).toBe('this needs your personal link: open the link in your seat letter');
    }
    // Without a session at all (a label's QR code opens the seat's page, no more).
    expect((await visit('POST', `${day.path}/arrival`)).status).toBe(401);
    expect((await visit('POST', `${day.path}/reports`, { body: { category: 'it', text: 'x' } })).status).toBe(401);
    const board = await call('staff', 'GET', `/v1/moves/${day.moveId}/move-day`);
    expect(board.body.arrived).toBe(0);
  });
});

describe("the person's page", () => {
  it('shows the seat, the floor directions, labels, contacts and deadlines in the letter language; 304 when unchanged', async () => {
    const floorNow = await call('staff', 'GET', `/v1/layouts/${day.plan.id}`);
    const directions = await call('staff', 'PATCH', `/v1/layouts/${day.plan.id}`, {
      body: { directions: '  East lifts to the 4th floor,\r\n<b>then left</b>  ' },
      headers: ifMatch(floorNow.body.etag),
    });
    expect(directions.status, JSON.stringify(directions.body)).toBe(200);
    expect(directions.body.directions).toBe('East lifts to the 4th floor,\n<b>then left</b>');
    const tooLong = await call('staff', 'PATCH', `/v1/layouts/${day.plan.id}`, {
      body: { directions: 'x'.repeat(501) },
      headers: ifMatch(directions.body.etag),
    });
    expect(tooLong.status).toBe(400);
    await call('staff', 'POST', `/v1/moves/${day.moveId}/contacts`, {
      body: { name: 'Move desk', title: 'Help', phonenumber: '+47 22 00 00 00', email: null },
    });
    const { token } = await personSession(day.path, day.boToken);
    const page = await visit('GET', `${day.path}/me`, { token });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.person).toEqual({ id: day.bo.id, name: 'Bo Table', language: 'de' });
    expect(page.body.seat).toMatchObject({ floorId: day.plan.id, floor: '4', space: '101', table: 'A', markerId: day.tableA.id, positionX: 30, positionY: 40 });
    expect(page.body.directions).toBe('East lifts to the 4th floor,\n<b>then left</b>');
    expect(page.body.labels).toBeGreaterThanOrEqual(0);
    expect(page.body.arrival).toBeNull();
    expect(page.body.reports).toEqual([]);
    expect(Array.isArray(page.body.deadlines)).toBe(true);
    // The move's clock, which every time on the page is on (issue 55): a move in Norway is on Oslo's.
    expect(page.body.timeZone).toBe('Europe/Oslo');
    const again = await visit('GET', `${day.path}/me`, { token, headers: { 'If-None-Match': page.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });
});

describe("'I'm here'", () => {
  it('records one arrival however often it is sent; it can be taken back with its ETag', async () => {
    const move = await plannedMove();
    const { token } = await personSession(move.path, move.annToken);
    const answers = await Promise.all(Array.from({ length: 6 }, () => visit('POST', `${move.path}/arrival`, { token })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.arrivedAt)).size).toBe(1);
    expect(answers[0].body.seat).toMatchObject({ space: '101', table: null });
    // Two phones of the same person: the same arrival.
    const second = await personSession(move.path, move.annToken);
    expect((await visit('POST', `${move.path}/arrival`, { token: second.token })).body.arrivedAt).toBe(answers[0].body.arrivedAt);
    const board = await call('extA', 'GET', `/v1/moves/${move.moveId}/move-day`);
    expect(board.status).toBe(403);
    const counts = await call('staff', 'GET', `/v1/moves/${move.moveId}/move-day`);
    expect(counts.status).toBe(200);
    expect(counts.body).toMatchObject({ expected: 3, arrived: 1, floors: [{ floorId: move.plan.id, floor: '4', expected: 3, arrived: 1 }] });

    expect((await visit('DELETE', `${move.path}/arrival`, { token })).status).toBe(428);
    expect((await visit('DELETE', `${move.path}/arrival`, { token, headers: ifMatch('"stale"') })).status).toBe(412);
    const current = (await visit('GET', `${move.path}/me`, { token })).body.arrival;
    expect((await visit('DELETE', `${move.path}/arrival`, { token, headers: ifMatch(current.etag) })).status).toBe(204);
    expect((await visit('DELETE', `${move.path}/arrival`, { token, headers: ifMatch(current.etag) })).status).toBe(404);
    expect((await call('staff', 'GET', `/v1/moves/${move.moveId}/move-day`)).body.arrived).toBe(0);
  }, 120_000);

  it('cannot be taken back after 10 minutes', async () => {
    const { token } = await personSession(day.path, day.annToken);
    expect((await visit('POST', `${day.path}/arrival`, { token })).status).toBe(201);
    const { container } = await import('../../src/platform/cosmos/client.ts');
    const item = container('moveDay').item(`arrival_${day.ann.id}`, day.moveId);
    const { resource } = await item.read();
    await item.replace({ ...resource, arrivedAt: new Date(Date.now() - 11 * 60_000).toISOString() });
    const current = (await visit('GET', `${day.path}/me`, { token })).body.arrival;
    const late = await visit('DELETE', `${day.path}/arrival`, { token, headers: ifMatch(current.etag) });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('an arrival can be taken back only within 10 minutes');
  });
});

describe("'something is wrong at my seat'", () => {
  it('refuses bad reports and stores nothing', async () => {
    const { token } = await personSession(day.path, day.boToken);
    const before = (await call('staff', 'GET', `/v1/moves/${day.moveId}/reports`)).body.total;
    for (const body of [
      { text: 'No category' },
      { category: 'it', text: '' },
      { category: 'it', text: '   ' },
      { category: 'it', text: 'x'.repeat(5000) },
      { category: 'coffee', text: 'x' },
    ]) {
      const answer = await visit('POST', `${day.path}/reports`, { token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('staff', 'GET', `/v1/moves/${day.moveId}/reports`)).body.total).toBe(before);
  });

  it('stores a report once per Idempotency-Key, with the seat filled in; a photo is re-encoded without its GPS position', async () => {
    const { token } = await personSession(day.path, day.boToken);
    const key = { 'Idempotency-Key': `report-${day.tag}-1` };
    const first = await visit('POST', `${day.path}/reports`, { token, body: { category: 'furniture', text: 'The chair is broken' }, headers: key });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await visit('POST', `${day.path}/reports`, { token, body: { category: 'furniture', text: 'The chair is broken' }, headers: key });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(first.body).toMatchObject({ category: 'furniture', status: 'new', answer: '', photo: null, seat: { space: '101', table: 'A' } });

    const photo = jpegWithGps();
    expect(Buffer.from(photo).includes(Buffer.from('GPSLatitude'))).toBe(true);
    const uploaded = await uploadPhoto(day.path, first.body.id, token, photo);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.photo).toMatch(/\/photo\?v=/);
    const stored = await fetch(`${stack().apiOrigin}/api${uploaded.body.photo}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await stored.arrayBuffer());
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
    expect(bytes.includes(Buffer.from('GPSLatitude'))).toBe(false);
    const board = await call('staff', 'GET', uploaded.body.photo.replace(/^\/v1\/visit\/[^/]+\/reports/, '/v1/reports'));
    expect(board.status).toBe(200);

    const mine = await visit('GET', `${day.path}/reports`, { token });
    expect(mine.body.filter((r: { id: string }) => r.id === first.body.id)).toHaveLength(1);
  });

  it('refuses a photo that is not an image or is too large, and another person’s report is 404', async () => {
    const bo = await personSession(day.path, day.boToken);
    const ann = await personSession(day.path, day.annToken);
    const report = await visit('POST', `${day.path}/reports`, { token: bo.token, body: { category: 'it', text: 'No screen' } });
    expect(report.status).toBe(201);
    const text = await uploadPhoto(day.path, report.body.id, bo.token, new TextEncoder().encode('not an image at all'), 'image/jpeg');
    expect(text.status).toBe(415);
    expect(text.body.error.message).toBe('Only .jpg, .jpeg and .png files can be used.');
    const large = await announce(`/api/v1/visit/${day.path}/reports/${report.body.id}/photo`, bo.token, 30 * 1024 * 1024);
    expect(large).toMatch(/^HTTP\/1.1 413 /);
    expect(large).toContain('the file is larger than 10 MB');
    const broken = new Uint8Array(jpegWithGps().subarray(0, 200));
    expect((await uploadPhoto(day.path, report.body.id, bo.token, broken)).status).toBe(400);
    const foreign = await uploadPhoto(day.path, report.body.id, ann.token, jpegWithGps());
    expect(foreign.status).toBe(404);
    expect((await visit('GET', `${day.path}/reports/${report.body.id}/photo`, { token: ann.token })).status).toBe(404);
    const after = await visit('GET', `${day.path}/reports`, { token: bo.token });
    expect(after.body.find((r: { id: string }) => r.id === report.body.id).photo).toBeNull();
  });
});

describe("the move team's board", () => {
  it('lists reports newest first, filtered and paged, answers 304 while nothing changed, and takes status, assignee and answer with the ETag', async () => {
    const move = await plannedMove();
    const bo = await personSession(move.path, move.boToken);
    const ann = await personSession(move.path, move.annToken);
    const made: string[] = [];
    for (const [token, category, text] of [
      [bo.token, 'it', 'No screen'],
      [ann.token, 'boxes', 'Two boxes missing'],
      [bo.token, 'cleaning', '=HYPERLINK("http://evil.test")'],
    ] as const) {
      const r = await visit('POST', `${move.path}/reports`, { token, body: { category, text } });
      expect(r.status).toBe(201);
      made.push(r.body.id);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const list = await call('staff', 'GET', `/v1/moves/${move.moveId}/reports`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((r: { id: string }) => r.id)).toEqual([...made].reverse());
    expect(list.body.items[0]).toMatchObject({ personId: move.bo.id, personName: 'Bo Table', status: 'new', assigneeId: null });
    expect((await call('staff', 'GET', `/v1/moves/${move.moveId}/reports?category=boxes`)).body.items.map((r: { id: string }) => r.id)).toEqual([made[1]]);
    expect((await call('staff', 'GET', `/v1/moves/${move.moveId}/reports?floor=${move.plan.id}&pageSize=2&page=2`)).body).toMatchObject({
      total: 3,
      page: 2,
      pageSize: 2,
    });
    expect((await call('staff', 'GET', `/v1/moves/${move.moveId}/reports?status=done`)).status).toBe(400);
    const cached = await call('staff', 'GET', `/v1/moves/${move.moveId}/reports`, { headers: { 'If-None-Match': list.headers.get('etag')! } });
    expect(cached.status).toBe(304);
    const board = await call('staff', 'GET', `/v1/moves/${move.moveId}/move-day`);
    expect(board.body.reports).toEqual({ new: 3, inProgress: 0, resolved: 0 });
    expect(board.body.openReportSeats).toEqual([move.space.id, move.tableA.id].sort());
    expect((await call('staff', 'GET', `/v1/moves/${move.moveId}/move-day`, { headers: { 'If-None-Match': board.headers.get('etag')! } })).status).toBe(304);

    const target = list.body.items.find((r: { id: string }) => r.id === made[1]);
    expect((await call('staff', 'PATCH', `/v1/reports/${made[1]}`, { body: { status: 'inProgress' } })).status).toBe(428);
    expect((await call('extB', 'PATCH', `/v1/reports/${made[1]}`, { body: { status: 'inProgress' }, headers: ifMatch(target.etag) })).status).toBe(403);
    const notTeam = await call('staff', 'PATCH', `/v1/reports/${made[1]}`, {
      body: { assigneeId: 'u0000000-0000-4000-8000-000000000099' },
      headers: ifMatch(target.etag),
    });
    expect(notTeam.status).toBe(400);
    expect(notTeam.body.error.fields.assigneeId).toBe("the assignee must be a member of the move's team");
    const changed = await call('staff', 'PATCH', `/v1/reports/${made[1]}`, {
      body: { status: 'resolved', assigneeId: STAFF_USER, answer: 'Found them in the lift lobby.' },
      headers: ifMatch(target.etag),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ status: 'resolved', assigneeId: STAFF_USER, answer: 'Found them in the lift lobby.' });
    expect(changed.body.answeredAt).toEqual(expect.any(String));
    const stale = await call('staff', 'PATCH', `/v1/reports/${made[1]}`, { body: { status: 'new' }, headers: ifMatch(target.etag) });
    expect(stale.status).toBe(412);
    expect((await call('staff', 'GET', `/v1/moves/${move.moveId}/reports`, { headers: { 'If-None-Match': list.headers.get('etag')! } })).status).toBe(200);

    // The answer on the person's page, and in their mailbox in the letter's language.
    const page = await visit('GET', `${move.path}/me`, { token: ann.token });
    expect(page.body.reports).toEqual([expect.objectContaining({ id: made[1], status: 'resolved', answer: 'Found them in the lift lobby.' })]);
    const mail = await until(
      () => mailTo(move.at('ann')),
      (m) => m.some((x) => x.body.includes('Found them in the lift lobby.')),
    );
    expect(mail.find((x) => x.body.includes('Found them'))!.subject).toContain('Antwort auf Ihre Meldung');

    // The CSV of arrivals and reports, cells neutralised.
    expect((await visit('POST', `${move.path}/arrival`, { token: ann.token })).status).toBe(201);
    const csv = await call('staff', 'GET', `/v1/moves/${move.moveId}/move-day.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain(`${move.path}-move-day.csv`);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(csv.body as ArrayBuffer);
    expect(text.startsWith('\uFEFFKind;Name;Floor')).toBe(true);
    expect(text).toMatch(/arrival;Ann Arrival;4;101;;20\d\d-/);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(text).toContain('Found them in the lift lobby.');
    expect((await call('extB', 'GET', `/v1/moves/${move.moveId}/move-day.csv`)).status).toBe(403);
  }, 120_000);

  it("gives the CSV's times in the move's own time, says what each row is, and links a report's photo", async () => {
    const move = await plannedMove();
    const ann = await personSession(move.path, move.annToken);
    const bo = await personSession(move.path, move.boToken);
    const arrival = await visit('POST', `${move.path}/arrival`, { token: ann.token });
    expect(arrival.status).toBe(201);
    const report = await visit('POST', `${move.path}/reports`, { token: bo.token, body: { category: 'it', text: 'No screen' } });
    expect(report.status).toBe(201);
    const uploaded = await uploadPhoto(move.path, report.body.id, bo.token, jpegWithGps());
    expect(uploaded.status).toBe(200);

    const csv = await call('staff', 'GET', `/v1/moves/${move.moveId}/move-day.csv`);
    expect(csv.status).toBe(200);
    const rows = new TextDecoder('utf-8', { ignoreBOM: true })
      .decode(csv.body as ArrayBuffer)
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(';'));
    expect(rows[0]).toEqual([
      'Kind',
      'Name',
      'Floor',
      'Space',
      'Table',
      'Arrived at',
      'Reported at',
      'Category',
      'Text',
      'Status',
      'Answer',
      'Answered at',
      'Photo',
      'Wave',
    ]);
    const row = (name: string, kind: string) => rows.find((r) => r[1] === name && r[0] === kind);

    // The location is in Norway: Oslo's wall-clock time with its offset, to the second, never UTC's 'Z'.
    const osloOffset = (iso: string) =>
      new Intl.DateTimeFormat('en', { timeZone: 'Europe/Oslo', timeZoneName: 'longOffset' })
        .formatToParts(new Date(iso))
        .find((p) => p.type === 'timeZoneName')!
        .value.slice(3);
    const sameSecond = (local: string, iso: string) => {
      expect(local).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
      expect(local.slice(-6)).toBe(osloOffset(iso));
      expect(Date.parse(local)).toBe(Math.floor(Date.parse(iso) / 1000) * 1000);
    };
    const arrived = row('Ann Arrival', 'arrival');
    expect(arrived?.slice(2, 5)).toEqual(['4', '101', '']);
    sameSecond(arrived![5], arrival.body.arrivedAt);

    // Someone not there yet is a row of its own kind, with no time.
    expect(row('Cy No Address', 'not arrived')).toEqual(['not arrived', 'Cy No Address', '4', '102', '', '', '', '', '', '', '', '', '', '']);
    expect(row('Bo Table', 'not arrived')).toBeDefined();
    expect(rows.some((r) => r[0] === 'arrival' && r[5] === '')).toBe(false);

    const reported = row('Bo Table', 'report')!;
    expect(reported.slice(7, 10)).toEqual(['IT and equipment', 'No screen', 'New']);
    sameSecond(reported[6], report.body.createdAt);
    // The photo as an absolute address of the API's route, which a team member's token opens.
    const link = reported[12];
    expect(link).toMatch(new RegExp(`^https?://[^/]+/api/v1/reports/${report.body.id}/photo\\?v=`));
    const photo = await fetch(link.replace(/^https?:\/\/[^/]+/, stack().apiOrigin), { headers: { Authorization: `Bearer ${stack().tokens.staff}` } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
  }, 120_000);

  it("draws the day: arrivals and reports per quarter of an hour of the move's time, the running share, per floor; 304 while nothing changed", async () => {
    const move = await plannedMove();
    const fifth = await floor(move.moveId, '5');
    const room = await marker(fifth.id, { marker_type: 'room', title: '501' });
    await person('Di Fifth', null, room.id);
    const timeline = `/v1/moves/${move.moveId}/move-day/timeline`;
    const before = await call('staff', 'GET', timeline);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body).toMatchObject({ by: 'floor', timeZone: 'Europe/Oslo', bucketMinutes: 15, buckets: [] });
    expect(before.body.groups.map((g: { name: string; expected: number }) => [g.name, g.expected])).toEqual([
      ['4', 3],
      ['5', 1],
    ]);

    const ann = await personSession(move.path, move.annToken);
    const arrival = await visit('POST', `${move.path}/arrival`, { token: ann.token });
    expect(arrival.status).toBe(201);
    const bo = await personSession(move.path, move.boToken);
    expect((await visit('POST', `${move.path}/reports`, { token: bo.token, body: { category: 'it', text: 'No screen' } })).status).toBe(201);

    const drawn = await call('staff', 'GET', `${timeline}?by=floor`);
    expect(drawn.status).toBe(200);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(drawn.body.all.expected).toBe(4);
    expect(sum(drawn.body.all.arrivals)).toBe(1);
    expect(sum(drawn.body.all.reports)).toBe(1);
    expect(drawn.body.all.arrivedShare.at(-1)).toBe(25);
    const [fourth, fifthSeries] = drawn.body.groups;
    expect(fourth).toMatchObject({ id: move.plan.id, name: '4', expected: 3 });
    expect([sum(fourth.arrivals), sum(fourth.reports), fourth.arrivedShare.at(-1)]).toEqual([1, 1, 33.3]);
    expect(fifthSeries).toMatchObject({ id: fifth.id, name: '5', expected: 1 });
    expect(sum(fifthSeries.arrivals)).toBe(0);
    // The arrival's bucket is Oslo's quarter of an hour that holds it, written with Oslo's offset.
    const arrivedAt = Date.parse(arrival.body.arrivedAt);
    const index = drawn.body.all.arrivals.indexOf(1);
    const start = drawn.body.buckets[index] as string;
    expect(start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:(00|15|30|45):00\+0[12]:00$/);
    expect(Date.parse(start) <= arrivedAt && arrivedAt < Date.parse(start) + 15 * 60_000).toBe(true);

    const same = await call('staff', 'GET', `${timeline}?by=floor`, { headers: { 'If-None-Match': drawn.headers.get('etag')! } });
    expect(same.status).toBe(304);
    expect((same.body as ArrayBuffer).byteLength).toBe(0);
    expect((await visit('POST', `${move.path}/arrival`, { token: bo.token })).status).toBe(201);
    const after = await call('staff', 'GET', `${timeline}?by=floor`, { headers: { 'If-None-Match': drawn.headers.get('etag')! } });
    expect(after.status).toBe(200);
    expect(after.body.all.arrivedShare.at(-1)).toBe(50);

    const wave = await call('staff', 'GET', `${timeline}?by=building`);
    expect(wave.status).toBe(400);
    expect(wave.body.error.fields.by).toBe('one of floor, wave');
    expect((await call('staff', 'GET', `${timeline}?zz=1`)).status).toBe(400);
    const refused = await call('extB', 'GET', timeline);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('arrivals');
  }, 120_000);

  it('names, by floor, who has not arrived yet, to the callers who may see the board only', async () => {
    const move = await plannedMove();
    const fifth = await floor(move.moveId, '5');
    const room = await marker(fifth.id, { marker_type: 'room', title: '501' });
    const di = await person('Di Fifth', null, room.id, '+47 912 34 567');
    const ann = await personSession(move.path, move.annToken);
    expect((await visit('POST', `${move.path}/arrival`, { token: ann.token })).status).toBe(201);

    const board = await call('staff', 'GET', `/v1/moves/${move.moveId}/move-day`);
    expect(board.status).toBe(200);
    expect(board.body).toMatchObject({ expected: 4, arrived: 1 });
    expect(board.body.floors).toEqual([
      {
        floorId: move.plan.id,
        floor: '4',
        expected: 3,
        arrived: 1,
        notArrived: [
          { personId: move.bo.id, name: 'Bo Table', space: '101', table: 'A', email: move.at('bo'), phone: null, waveId: null },
          { personId: move.cy.id, name: 'Cy No Address', space: '102', table: null, email: null, phone: null, waveId: null },
        ],
      },
      {
        floorId: fifth.id,
        floor: '5',
        expected: 1,
        arrived: 0,
        notArrived: [{ personId: di.id, name: 'Di Fifth', space: '501', table: null, email: null, phone: '+47 912 34 567', waveId: null }],
      },
    ]);
    // An arrival takes the person off the list (a new answer, not the 304 of the board before).
    const bo = await personSession(move.path, move.boToken);
    expect((await visit('POST', `${move.path}/arrival`, { token: bo.token })).status).toBe(201);
    const after = await call('staff', 'GET', `/v1/moves/${move.moveId}/move-day`, { headers: { 'If-None-Match': board.headers.get('etag')! } });
    expect(after.status).toBe(200);
    expect(after.body.floors[0].notArrived.map((p: { name: string }) => p.name)).toEqual(['Cy No Address']);
    // Another client's user learns no name.
    const refused = await call('extB', 'GET', `/v1/moves/${move.moveId}/move-day`);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('Cy No Address');
  }, 120_000);
});

describe("the person's wave on their page and timeline (issue 48)", () => {
  const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it('shows the wave in the person’s language with each time’s instant, the timeline of the move and the wave only, and keeps “packed” with its ETag', async () => {
    const day = await plannedMove({ languages: ['en', 'de'], defaultLanguage: 'en' });
    const when = dayIn(10);
    const made = await call('staff', 'POST', `/v1/moves/${day.moveId}/waves`, {
      body: {
        name: 'IT',
        translations: { de: { name: 'IT-Abteilung' } },
        day: when,
        packBy: `${when}T08:00`,
        pickUp: null,
        arrival: { start: `${when}T13:00`, end: `${when}T14:00` },
        color: 'blue',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const other = await call('staff', 'POST', `/v1/moves/${day.moveId}/waves`, { body: { name: 'Finance', day: when } });
    const people = await call('staff', 'GET', `/v1/moves/${day.moveId}/people`);
    const put = await call('staff', 'POST', `/v1/moves/${day.moveId}/people/wave`, {
      body: { personIds: [day.ann.id], waveId: made.body.id },
      headers: { 'If-Match': people.headers.get('etag') ?? '' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const section = await call('staff', 'POST', `/v1/moves/${day.moveId}/timeline_sections`, {
      body: {
        title: 'Moving days',
        date: when,
        events: [
          { title: 'Everyone: read the FAQ', startDate: when },
          { title: 'IT: crates arrive', startDate: when, waves: [made.body.id] },
          { title: 'Finance: crates arrive', startDate: when, waves: [other.body.id] },
        ],
      },
    });
    expect(section.status, JSON.stringify(section.body)).toBe(201);

    // The name in the move's default language and its translations: the page shows the language it is in.
    const { token } = await personSession(day.path, day.annToken);
    const page = (await visit('GET', `${day.path}/me`, { token })).body;
    expect(page.wave).toEqual({
      id: made.body.id,
      name: 'IT',
      translations: { de: { name: 'IT-Abteilung' } },
      day: when,
      packBy: `${when}T08:00`,
      pickUp: null,
      arrival: { start: `${when}T13:00`, end: `${when}T14:00` },
      color: 'blue',
      timeZone: 'Europe/Oslo',
      moments: [
        { kind: 'packBy', local: `${when}T08:00`, at: expect.stringMatching(new RegExp(`^${when}T0[67]:00:00.000Z$`)) },
        { kind: 'arrival', local: `${when}T13:00`, at: expect.stringMatching(new RegExp(`^${when}T1[12]:00:00.000Z$`)) },
      ],
    });
    expect(page.deadlines.map((d: { title: string }) => d.title)).toEqual(['Everyone: read the FAQ', 'IT: crates arrive']);
    const timeline = await visit('GET', `${day.path}/timeline`, { token });
    expect(timeline.body.flatMap((s: { events: { title: string }[] }) => s.events.map((e) => e.title))).toEqual([
      'Everyone: read the FAQ',
      'IT: crates arrive',
    ]);
    expect(timeline.headers.get('cache-control')).toContain('private');
    // Bo is in no wave: the whole move's events only, and no wave on his page.
    const bo = await personSession(day.path, day.boToken);
    expect((await visit('GET', `${day.path}/me`, { token: bo.token })).body.wave).toBeNull();
    expect((await visit('GET', `${day.path}/timeline`, { token: bo.token })).body[0].events.map((e: { title: string }) => e.title)).toEqual([
      'Everyone: read the FAQ',
    ]);

    // 'My crates are packed': once, then taken back with its ETag only.
    expect(page.packed).toBeNull();
    const packed = await visit('POST', `${day.path}/packed`, { token });
    expect(packed.status).toBe(201);
    const twice = await visit('POST', `${day.path}/packed`, { token });
    expect(twice.body.packedAt).toBe(packed.body.packedAt);
    expect((await visit('GET', `${day.path}/me`, { token })).body.packed).toMatchObject({ packedAt: packed.body.packedAt });
    expect((await visit('DELETE', `${day.path}/packed`, { token })).status).toBe(428);
    expect((await visit('DELETE', `${day.path}/packed`, { token, headers: { 'If-Match': '"stale"' } })).status).toBe(412);
    expect((await visit('DELETE', `${day.path}/packed`, { token, headers: { 'If-Match': packed.headers.get('etag')! } })).status).toBe(204);
    expect((await visit('DELETE', `${day.path}/packed`, { token, headers: { 'If-Match': packed.headers.get('etag')! } })).status).toBe(404);
    // Only a person's session packs.
    const anonymous = await visit('POST', `${day.path}/session`, { body: { password: 'secret-one' } });
    expect(anonymous.status).toBe(201);
    expect((await visit('POST', `${day.path}/packed`, { token: anonymous.body.token })).status).toBe(401);
  });
});

describe('move day on the map', () => {
  it('marks each seat expected, arrived, reported (by category) or resolved where it is on the plan; 304 while nothing changed', async () => {
    const move = await plannedMove();
    const ann = await personSession(move.path, move.annToken);
    const bo = await personSession(move.path, move.boToken);
    expect((await visit('POST', `${move.path}/arrival`, { token: ann.token })).status).toBe(201);
    const chair = await visit('POST', `${move.path}/reports`, { token: bo.token, body: { category: 'furniture', text: 'The chair is broken' } });
    expect(chair.status).toBe(201);

    const map = await call('staff', 'GET', `/v1/moves/${move.moveId}/move-day/map`);
    expect(map.status).toBe(200);
    expect(map.body.floors).toHaveLength(1);
    const [plan] = map.body.floors;
    expect(plan).toMatchObject({ floorId: move.plan.id, floor: '4', expected: 3, arrived: 1, image: { width: 40, height: 40 } });
    const seat = (markerId: string) => plan.seats.find((s: { markerId: string }) => s.markerId === markerId);
    expect(seat(move.space.id)).toMatchObject({
      space: '101',
      table: null,
      positionX: 30,
      positionY: 40,
      state: 'arrived',
      categories: [],
      people: [{ personId: move.ann.id, name: 'Ann Arrival' }],
    });
    expect(seat(move.space.id).people[0].arrivedAt).toEqual(expect.any(String));
    expect(seat(move.tableA.id)).toMatchObject({ space: '101', table: 'A', state: 'reported', categories: ['furniture'] });
    expect(seat(move.other.id)).toMatchObject({ space: '102', state: 'expected', people: [{ name: 'Cy No Address', arrivedAt: null }] });
    // The report is there to answer from the seat, with its ETag.
    expect(map.body.reports).toEqual([expect.objectContaining({ id: chair.body.id, personId: move.bo.id, category: 'furniture', etag: expect.any(String) })]);

    const etag = map.headers.get('etag')!;
    const same = await call('staff', 'GET', `/v1/moves/${move.moveId}/move-day/map`, { headers: { 'If-None-Match': etag } });
    expect(same.status).toBe(304);

    const resolved = await call('staff', 'PATCH', `/v1/reports/${chair.body.id}`, {
      body: { status: 'resolved', answer: 'A new chair is on its way' },
      headers: ifMatch(map.body.reports[0].etag),
    });
    expect(resolved.status).toBe(200);
    const after = await call('staff', 'GET', `/v1/moves/${move.moveId}/move-day/map`, { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(after.body.floors[0].seats.find((s: { markerId: string }) => s.markerId === move.tableA.id)).toMatchObject({ state: 'resolved', categories: [] });

    // Another client's user learns no name, no seat.
    const refused = await call('extB', 'GET', `/v1/moves/${move.moveId}/move-day/map`);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('Cy No Address');
  }, 120_000);

  it('answers `since` with only the seats that changed and the counts; an arrival taken back reads the whole map again; 304 while nothing changed', async () => {
    const move = await plannedMove();
    const mapPath = `/v1/moves/${move.moveId}/move-day/map`;
    const first = await call('staff', 'GET', mapPath);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ changesOnly: false, version: expect.any(String) });
    expect(first.body.floors[0].seats).toHaveLength(3);

    const ann = await personSession(move.path, move.annToken);
    expect((await visit('POST', `${move.path}/arrival`, { token: ann.token })).status).toBe(201);
    const changed = await call('staff', 'GET', `${mapPath}?since=${first.body.version}`);
    expect(changed.status).toBe(200);
    expect(changed.body.changesOnly).toBe(true);
    expect(changed.body.floors[0]).toMatchObject({ expected: 3, arrived: 1 });
    expect(changed.body.floors[0].seats).toEqual([expect.objectContaining({ markerId: move.space.id, state: 'arrived' })]);
    expect(changed.body.reports).toEqual([]);
    expect(changed.body.version).not.toBe(first.body.version);

    const bo = await personSession(move.path, move.boToken);
    const chair = await visit('POST', `${move.path}/reports`, { token: bo.token, body: { category: 'furniture', text: 'The chair is broken' } });
    expect(chair.status).toBe(201);
    const reported = await call('staff', 'GET', `${mapPath}?since=${changed.body.version}`);
    expect(reported.body.changesOnly).toBe(true);
    expect(reported.body.floors[0].seats).toEqual([expect.objectContaining({ markerId: move.tableA.id, state: 'reported', categories: ['furniture'] })]);
    expect(reported.body.reports).toEqual([expect.objectContaining({ id: chair.body.id })]);

    const current = (await visit('GET', `${move.path}/me`, { token: ann.token })).body.arrival;
    expect((await visit('DELETE', `${move.path}/arrival`, { token: ann.token, headers: ifMatch(current.etag) })).status).toBe(204);
    const takenBack = await call('staff', 'GET', `${mapPath}?since=${reported.body.version}`);
    expect(takenBack.status).toBe(200);
    expect(takenBack.body.floors[0]).toMatchObject({ expected: 3, arrived: 0 });
    const seat = takenBack.body.floors[0].seats.find((s: { markerId: string }) => s.markerId === move.space.id);
    expect(seat).toMatchObject({ state: 'expected', people: [{ personId: move.ann.id, arrivedAt: null }] });

    const quiet = await call('staff', 'GET', `${mapPath}?since=${takenBack.body.version}`);
    expect(quiet.status).toBe(200);
    expect(quiet.body).toMatchObject({ changesOnly: true, version: takenBack.body.version, reports: [] });
    expect(quiet.body.floors[0].seats).toEqual([]);
    const again = await call('staff', 'GET', `${mapPath}?since=${takenBack.body.version}`, { headers: { 'If-None-Match': quiet.headers.get('etag')! } });
    expect(again.status).toBe(304);

    const bad = await call('staff', 'GET', `${mapPath}?since=${encodeURIComponent('<script>')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.since).toEqual(expect.any(String));
    expect((await call('extB', 'GET', `${mapPath}?since=${takenBack.body.version}`)).status).toBe(403);
  }, 120_000);

  it('answers the board `since` with who arrived and the counts, which laid over the board held make the board read whole; an arrival taken back reads it whole; 304 while nothing changed', async () => {
    const move = await plannedMove();
    const boardPath = `/v1/moves/${move.moveId}/move-day`;
    const first = await call('staff', 'GET', boardPath);
    expect(first.body).toMatchObject({ changesOnly: false, arrivedSince: [], version: expect.any(String) });
    expect(first.body.floors[0].notArrived).toHaveLength(3);

    const ann = await personSession(move.path, move.annToken);
    expect((await visit('POST', `${move.path}/arrival`, { token: ann.token })).status).toBe(201);
    const changed = await call('staff', 'GET', `${boardPath}?since=${first.body.version}`);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ changesOnly: true, arrivedSince: [move.ann.id], expected: 3, arrived: 1 });
    expect(changed.body.floors).toEqual([expect.objectContaining({ expected: 3, arrived: 1, notArrived: [] })]);
    const whole = await call('staff', 'GET', boardPath);
    expect(applyBoardAnswer(first.body, changed.body)).toEqual(whole.body);
    expect(whole.body.floors[0].notArrived.map((p: { name: string }) => p.name)).toEqual(['Bo Table', 'Cy No Address']);

    const current = (await visit('GET', `${move.path}/me`, { token: ann.token })).body.arrival;
    expect((await visit('DELETE', `${move.path}/arrival`, { token: ann.token, headers: ifMatch(current.etag) })).status).toBe(204);
    const takenBack = await call('staff', 'GET', `${boardPath}?since=${changed.body.version}`);
    expect(takenBack.body).toMatchObject({ changesOnly: false, arrived: 0 });
    expect(takenBack.body.floors[0].notArrived).toHaveLength(3);

    const quiet = await call('staff', 'GET', `${boardPath}?since=${takenBack.body.version}`);
    expect(quiet.body).toMatchObject({ changesOnly: true, arrivedSince: [], version: takenBack.body.version });
    expect(applyBoardAnswer(takenBack.body, quiet.body)).toBe(takenBack.body);
    const again = await call('staff', 'GET', `${boardPath}?since=${takenBack.body.version}`, { headers: { 'If-None-Match': quiet.headers.get('etag')! } });
    expect(again.status).toBe(304);

    const bad = await call('staff', 'GET', `${boardPath}?since=${encodeURIComponent('<script>')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.since).toBe('not a version of this board');
    expect((await call('extB', 'GET', `${boardPath}?since=${takenBack.body.version}`)).status).toBe(403);
  }, 120_000);
});
describe("the board, the map and the chart asked for at once (issue 56: one read of the move's documents)", () => {
  it('answer each as it answers alone, with its own ETag and 304, and an arrival made while they are read is in the next answers', async () => {
    const move = await plannedMove();
    const paths = ['', '/map', '/timeline'].map((name) => `/v1/moves/${move.moveId}/move-day${name}`);
    const alone: Awaited<ReturnType<typeof call>>[] = [];
    for (const path of paths) alone.push(await call('staff', 'GET', path));
    const together = await Promise.all(paths.map((path) => call('staff', 'GET', path)));
    expect(together.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(together.map((a) => a.body)).toEqual(alone.map((a) => a.body));
    expect(together.map((a) => a.headers.get('etag'))).toEqual(alone.map((a) => a.headers.get('etag')));
    const unchanged = await Promise.all(paths.map((path, i) => call('staff', 'GET', path, { headers: { 'If-None-Match': alone[i]!.headers.get('etag')! } })));
    expect(unchanged.map((a) => a.status)).toEqual([304, 304, 304]);

    // Ann arrives while the three are being read: the three asked for after her arrival count her.
    const ann = await personSession(move.path, move.annToken);
    const [arrival] = await Promise.all([visit('POST', `${move.path}/arrival`, { token: ann.token }), ...paths.map((path) => call('staff', 'GET', path))]);
    expect(arrival.status).toBe(201);
    const [board, map, timeline] = await Promise.all(paths.map((path) => call('staff', 'GET', path)));
    expect(board.body).toMatchObject({ expected: 3, arrived: 1 });
    expect(board.body.floors[0].notArrived.map((p: { name: string }) => p.name)).toEqual(['Bo Table', 'Cy No Address']);
    expect(map.body.floors[0]).toMatchObject({ expected: 3, arrived: 1 });
    expect(timeline.body.all.arrivedShare.at(-1)).toBe(33.3);
  }, 120_000);
});
describe('move day by wave (issues 48 and 49)', () => {
  it("narrows the map to one wave's people and draws the day per wave, with the wave's arrival time and the people in no wave", async () => {
    const move = await plannedMove();
    const when = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const it_ = await call('staff', 'POST', `/v1/moves/${move.moveId}/waves`, {
      body: { name: 'IT', day: when, arrival: { start: `${when}T09:00`, end: `${when}T10:00` } },
    });
    expect(it_.status, JSON.stringify(it_.body)).toBe(201);
    const people = await call('staff', 'GET', `/v1/moves/${move.moveId}/people`);
    const put = await call('staff', 'POST', `/v1/moves/${move.moveId}/people/wave`, {
      body: { personIds: [move.ann.id, move.bo.id], waveId: it_.body.id },
      headers: { 'If-Match': people.headers.get('etag') ?? '' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const ann = await personSession(move.path, move.annToken);
    const bo = await personSession(move.path, move.boToken);
    expect((await visit('POST', `${move.path}/arrival`, { token: ann.token })).status).toBe(201);
    expect((await visit('POST', `${move.path}/reports`, { token: bo.token, body: { category: 'it', text: 'No screen' } })).status).toBe(201);

    const map = await call('staff', 'GET', `/v1/moves/${move.moveId}/move-day/map?wave=${it_.body.id}`);
    expect(map.status, JSON.stringify(map.body)).toBe(200);
    const [plan] = map.body.floors;
    expect(plan).toMatchObject({ expected: 2, arrived: 1 });
    expect(plan.seats.map((s: { markerId: string }) => s.markerId).sort()).toEqual([move.space.id, move.tableA.id].sort());
    expect(JSON.stringify(map.body)).not.toContain('Cy No Address');
    expect(map.body.reports).toHaveLength(1);
    // A refresh of the wave's map reads only the wave's changes.
    const waveSince = await call('staff', 'GET', `/v1/moves/${move.moveId}/move-day/map?wave=${it_.body.id}&since=${map.body.version}`);
    expect(waveSince.body).toMatchObject({ changesOnly: true, floors: [{ expected: 2, arrived: 1, seats: [] }], reports: [] });
    // The whole move still has Cy's seat.
    expect((await call('staff', 'GET', `/v1/moves/${move.moveId}/move-day/map`)).body.floors[0].expected).toBe(3);
    const notAWave = await call('staff', 'GET', `/v1/moves/${move.moveId}/move-day/map?wave=${move.plan.id}`);
    expect(notAWave.status).toBe(400);
    expect(notAWave.body.error.fields.wave).toEqual(expect.any(String));
    expect((await call('extB', 'GET', `/v1/moves/${move.moveId}/move-day/map?wave=${it_.body.id}`)).status).toBe(403);

    const chart = await call('staff', 'GET', `/v1/moves/${move.moveId}/move-day/timeline?by=wave`);
    expect(chart.status, JSON.stringify(chart.body)).toBe(200);
    expect(chart.body.by).toBe('wave');
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(chart.body.groups.map((g: { id: string; name: string; expected: number; arrival: string | null }) => [g.id, g.name, g.expected, g.arrival])).toEqual(
      [
        [it_.body.id, 'IT', 2, `${when}T09:00`],
        ['none', 'no wave', 1, null],
      ],
    );
    const [itSeries, noWave] = chart.body.groups;
    expect([sum(itSeries.arrivals), sum(itSeries.reports), itSeries.arrivedShare.at(-1)]).toEqual([1, 1, 50]);
    expect([sum(noWave.arrivals), sum(noWave.reports)]).toEqual([0, 0]);
  }, 120_000);
});

describe('the board counts people with a seat, and lists those without one (issue 55)', () => {
  it("counts in 'expected' only people with a seat, and lists the others as such, by name", async () => {
    const move = await makeMove();
    const plan = await floor(move.moveId, '3');
    const room = await marker(plan.id, { marker_type: 'room', title: '301' });
    await person('Ada Seated', null, room.id);
    const unseated = await person('Bea Noseat', null, room.id, '+47 912 34 567');
    const moved = await call('staff', 'PUT', `/v1/marker-users/${unseated.id}`, {
      body: { name: 'Bea Noseat', move_layout_marker_id: null, stickersCount: null },
      headers: ifMatch(unseated.etag),
    });
    expect(moved.status).toBe(200);
    const board = await call('staff', 'GET', `/v1/moves/${move.moveId}/move-day`);
    expect(board.status).toBe(200);
    expect(board.body).toMatchObject({ expected: 1, arrived: 0 });
    expect(board.body.withoutSeat).toEqual([{ personId: unseated.id, name: 'Bea Noseat', email: null, phone: '+47 912 34 567', waveId: null, arrived: false }]);
  });
});

describe("a person's phone, for the move team on move day", () => {
  const PHONE = '+47 912 34 567';
  const peopleOf = async (moveId: string) =>
    (await call('staff', 'GET', `/v1/moves/${moveId}/people`)).body as { id: string; name: string; phone: string | null; etag: string }[];

  it('is set with the person, kept when not sent, cleared with empty; a bad one is a 400 naming the field and changes nothing', async () => {
    const move = await makeMove();
    const plan = await floor(move.moveId, '3');
    const room = await marker(plan.id, { marker_type: 'room', title: '301' });
    const made = await person('Eva Phone', null, room.id, ` ${PHONE} `);
    expect((made as unknown as { phone: string }).phone).toBe(PHONE);

    const refused = await call('staff', 'POST', '/v1/marker-users', { body: { name: 'Fred Nophone', move_layout_marker_id: room.id, phone: 'call me' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ phone: 'not a phone number: digits, spaces, +, - and parentheses, at least 5 digits' });
    expect((await peopleOf(move.moveId)).map((p) => p.name)).toEqual(['Eva Phone']);

    // Placing someone sends no phone: theirs stays.
    const moved = await call('staff', 'PUT', `/v1/marker-users/${made.id}`, {
      body: { name: 'Eva Phone', move_layout_marker_id: null, stickersCount: null },
      headers: ifMatch(made.etag),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.phone).toBe(PHONE);
    const bad = await call('staff', 'PUT', `/v1/marker-users/${made.id}`, {
      body: { name: 'Eva Renamed', move_layout_marker_id: room.id, stickersCount: null, phone: '12' },
      headers: ifMatch(moved.body.etag),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['phone']);
    expect((await peopleOf(move.moveId))[0]).toMatchObject({ name: 'Eva Phone', phone: PHONE, etag: moved.body.etag });
    const changed = await call('staff', 'PUT', `/v1/marker-users/${made.id}`, {
      body: { name: 'Eva Phone', move_layout_marker_id: room.id, stickersCount: null, phone: '(+47) 22-33-44-55' },
      headers: ifMatch(moved.body.etag),
    });
    expect(changed.body.phone).toBe('(+47) 22-33-44-55');
    const cleared = await call('staff', 'PUT', `/v1/marker-users/${made.id}`, {
      body: { name: 'Eva Phone', move_layout_marker_id: room.id, stickersCount: null, phone: '' },
      headers: ifMatch(changed.body.etag),
    });
    expect(cleared.body.phone).toBeNull();

    // The person's history says what the number was and became.
    const history = await call('staff', 'GET', `/v1/history/person/${made.id}?field=phone`);
    expect(history.status).toBe(200);
    expect(history.body.entries.map((e: { changes: { field: string; from: unknown; to: unknown }[] }) => e.changes.find((c) => c.field === 'phone'))).toEqual([
      { field: 'phone', from: '(+47) 22-33-44-55', to: null },
      { field: 'phone', from: PHONE, to: '(+47) 22-33-44-55' },
      expect.objectContaining({ field: 'phone', to: PHONE }),
    ]);
    // Another client's user cannot set one.
    expect(
      (
        await call('extB', 'PUT', `/v1/marker-users/${made.id}`, {
          body: { name: 'Eva Phone', move_layout_marker_id: null, stickersCount: null, phone: PHONE },
          headers: ifMatch(cleared.body.etag),
        })
      ).status,
    ).toBe(403);
  });

  it("is on the board for the team, never on the person's page, the seat letter or the label sheet", async () => {
    const move = await makeMove();
    const plan = await floor(move.moveId, '2');
    const room = await marker(plan.id, { marker_type: 'room', title: '201' });
    const address = `gro.${move.tag}@moveday.test`;
    await person('Gro Phone', address, room.id, PHONE);
    await sendLetters(move.moveId, 'all');
    const token = await tokenOf(address);
    const letter = (await mailTo(address)).at(-1)!;
    expect(letter.body).not.toContain(PHONE);
    const session = await personSession(move.path, token);
    const page = await visit('GET', `${move.path}/me`, { token: session.token });
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body)).not.toContain('912');
    const sheet = Buffer.from((await call('staff', 'GET', `/v1/moves/${move.moveId}/layouts.csv`)).body as ArrayBuffer).toString('utf8');
    expect(sheet).toContain('Gro Phone');
    expect(sheet).not.toContain('912');
    const board = await call('staff', 'GET', `/v1/moves/${move.moveId}/move-day`);
    expect(board.body.floors[0].notArrived).toEqual([expect.objectContaining({ name: 'Gro Phone', email: address, phone: PHONE })]);
  });

  it('is imported from a Phone or Telefon column; a line with a bad one is skipped by number, the others taken', async () => {
    const move = await makeMove();
    const plan = await floor(move.moveId, '6');
    await marker(plan.id, { marker_type: 'room', title: '601' });
    const importCsv = async (csv: string) => {
      const etag = (await call('staff', 'GET', `/v1/moves/${move.moveId}/people`)).headers.get('etag')!;
      const imported = await call('staff', 'POST', `/v1/moves/${move.moveId}/people/import`, { body: { csv }, headers: ifMatch(etag) });
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      return imported.body as { imported: number; skipped: { line: number; text: string; reason: string }[] };
    };
    const english = await importCsv(`Space;Name;E-mail;Phone\n601;Hanne Import;;${PHONE}\n601;Ivar Bad;;not a phone\n601;Jon Nophone;;\n`);
    expect(english.imported).toBe(2);
    expect(english.skipped).toEqual([
      { line: 3, text: '601;Ivar Bad;;not a phone', reason: 'not a phone number: digits, spaces, +, - and parentheses, at least 5 digits' },
    ]);
    const phones = async () => Object.fromEntries((await peopleOf(move.moveId)).map((p) => [p.name, p.phone]));
    expect(await phones()).toEqual({ 'Hanne Import': PHONE, 'Jon Nophone': null });
    // In Norwegian, and a number for someone already in the move; a file without the column keeps theirs.
    await importCsv('Rom;Navn;Telefon\n601;Hanne Import;\n601;Jon Nophone;22 33 44 55\n');
    expect(await phones()).toEqual({ 'Hanne Import': PHONE, 'Jon Nophone': '22 33 44 55' });
    await importCsv('Rom;Navn\n601;Hanne Import\n601;Jon Nophone\n');
    expect(await phones()).toEqual({ 'Hanne Import': PHONE, 'Jon Nophone': '22 33 44 55' });
  });
});
