import { afterEach, describe, expect, inject, it } from 'vitest';
import { avatarPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { PNG } from 'pngjs';
import { type ContentLocale, formatWaveTime, formatWaveWindow, MOVE_IMAGE_MAX_BYTES } from '@movers/contracts';
import { call } from './call.ts';

/**
 * Seat letters (issue 27): queued one message per person on the stack's Azurite queue, mailed by the
 * queue function the stack runs (the shipped package's, under npm test) through the Graph stand-in, once
 * per person and seat, under throttling and outages. Each test makes its own move under a client no
 * other test counts.
 */
const OTHER_CLIENT = 'c0000000-0000-4000-8000-000000000012';
const graph = () => inject('stack').settings.GRAPH_BASE_URL;
let n = 0;

interface Mail {
  subject: string;
  to: string[];
  body: string;
  attachments?: { name: string; contentType: string; contentId: string | null; isInline: boolean; size: number }[];
}
const mailbox = async () => (await (await fetch(`${graph()}_local/mail`)).json()) as Mail[];
const mailTo = async (address: string) => (await mailbox()).filter((m) => m.to.includes(address));
const control = async (settings: unknown) => {
  const answer = await fetch(`${graph()}_local/control`, { method: 'POST', body: JSON.stringify(settings) });
  expect(answer.status).toBe(200);
};
afterEach(() => control({}));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(value).slice(0, 1000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function makeMove(languages: ContentLocale[] = ['en', 'no']) {
  const tag = `${Date.now().toString(36)}${(n++).toString(36)}`;
  const name = `Zz letters ${tag}`;
  const location = await call('staff', 'POST', `/v1/clients/${OTHER_CLIENT}/locations`, {
    body: { name, address: 'Veien 3', city: 'Oslo', countryId: 'NO', isOffice: true },
  });
  expect(location.status).toBe(201);
  const move = await call('staff', 'POST', `/v1/locations/${location.body.id}/moves`, {
    body: moveInput(`zz-letters-${tag}`, { password: 'secret-one', languages, defaultLanguage: 'en' }),
  });
  expect(move.status, JSON.stringify(move.body)).toBe(201);
  return { moveId: move.body.id as string, locationId: location.body.id as string, name, tag, path: `zz-letters-${tag}` };
}

async function floor(moveId: string, title: string, published: boolean) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: title, floor_size: 'small', published: String(published) })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(avatarPng(40, [0, 90, 158]))], { type: 'image/png' }), 'plan.png');
  const stack = inject('stack');
  const response = await fetch(`${stack.apiOrigin}/api/v1/moves/${moveId}/layouts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack.tokens.staff}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
}

async function marker(layoutId: string, body: Record<string, unknown>) {
  const made = await call('staff', 'POST', `/v1/layouts/${layoutId}/markers`, { body: { coordinates: { positionX: 10, positionY: 10 }, ...body } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: string };
}

async function person(name: string, email: string | null, markerId: string) {
  const made = await call('staff', 'POST', '/v1/marker-users', { body: { name, email, move_layout_marker_id: markerId } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: string; etag: string };
}

const letters = (moveId: string) => call('staff', 'GET', `/v1/moves/${moveId}/seat-letters`);
const send = (moveId: string, body: Record<string, unknown>) => call('staff', 'POST', `/v1/moves/${moveId}/seat-letters`, { body });
const settled = (body: { counts: { waiting: number; sending: number } }) => body.counts.waiting + body.counts.sending === 0;
const waitSettled = async (moveId: string) =>
  (
    await until(
      () => letters(moveId),
      (a) => settled(a.body),
    )
  ).body;

/** A move with a published floor: space 101 with table A, space 102; people with and without addresses and seats. */
async function plannedMove() {
  const move = await makeMove();
  const plan = await floor(move.moveId, '7', true);
  const space = await marker(plan.id, { marker_type: 'room', title: '101' });
  const tableA = await marker(plan.id, { marker_type: 'table', title: 'A', spaceId: space.id });
  const other = await marker(plan.id, { marker_type: 'room', title: '102' });
  const at = (who: string) => `${who}.${move.tag}@letters.test`;
  const ann = await person('Ann Hostile <b>&amp;</b> "x"', at('ann'), space.id);
  const bo = await person('Bo Table', at('bo'), tableA.id);
  await person('Cy No Address', null, space.id);
  const unplaced = await call('staff', 'POST', `/v1/moves/${move.moveId}/people`, { body: { names: `Di No Seat <${at('di')}>` } });
  expect(unplaced.status, JSON.stringify(unplaced.body)).toBe(201);
  return { ...move, plan, space, tableA, other, ann, bo, at };
}

describe('seat letters', () => {
  it('cannot be sent without a published floor, and says why', async () => {
    const move = await makeMove();
    await floor(move.moveId, `Draft ${move.tag}`, false);
    const state = await letters(move.moveId);
    expect(state.status).toBe(200);
    expect(state.body.cannotSend).toBe('Publish a floor first: a seat letter links to the published floor plan');
    const refused = await send(move.moveId, { scope: 'all' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Publish a floor first: a seat letter links to the published floor plan');
  });

  it('mails each person with an address and a seat once: floor, space, table, the seat link and its QR code, names escaped', async () => {
    const m = await plannedMove();
    const queued = await send(m.moveId, { scope: 'all' });
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    expect(queued.body).toEqual({ queued: 2, withoutAddress: 1, withoutSeat: 1, unchanged: 0 });
    const state = await waitSettled(m.moveId);
    expect(state.counts).toMatchObject({ sent: 2, failed: 0, withoutAddress: 1, withoutSeat: 1, changed: 0 });

    const [ann] = await mailTo(m.at('ann'));
    expect(ann.subject).toBe(`Your seat at ${m.name}`);
    expect(ann.body).toContain('Hello Ann Hostile &lt;b&gt;&amp;amp;&lt;/b&gt; &quot;x&quot;,');
    expect(ann.body).not.toContain('<b>');
    expect(ann.body).toContain('Floor 7 · Space 101');
    expect(ann.body).toContain(`/${m.path}/seat/${m.ann.id}`);
    expect(ann.attachments).toEqual([expect.objectContaining({ contentId: 'seat-qr', contentType: 'image/png', isInline: true })]);
    const [bo] = await mailTo(m.at('bo'));
    expect(bo.body).toContain('Floor 7 · Space 101 · Table A');
    expect(await mailTo(m.at('di'))).toEqual([]);

    // Sent again: nobody is mailed twice for the same seat.
    expect((await send(m.moveId, { scope: 'all' })).body).toEqual({ queued: 0, withoutAddress: 1, withoutSeat: 1, unchanged: 2 });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await mailTo(m.at('ann'))).length + (await mailTo(m.at('bo'))).length).toBe(2);
  });

  it("'send again' mails only the people whose seat changed, in the language chosen", async () => {
    const m = await plannedMove();
    await send(m.moveId, { scope: 'all' });
    await waitSettled(m.moveId);
    const moved = await call('staff', 'PUT', `/v1/marker-users/${m.bo.id}`, {
      body: { name: 'Bo Table', move_layout_marker_id: m.other.id },
      headers: { 'If-Match': m.bo.etag },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const changed = await letters(m.moveId);
    expect(changed.body.counts.changed).toBe(1);
    expect(changed.body.rows.find((r: { personId: string }) => r.personId === m.bo.id).seatChanged).toBe(true);
    expect((await send(m.moveId, { scope: 'changed', language: 'no' })).body).toMatchObject({ queued: 1 });
    await waitSettled(m.moveId);
    const toBo = await mailTo(m.at('bo'));
    expect(toBo).toHaveLength(2);
    expect(toBo[1].subject).toBe(`Din plass i ${m.name}`);
    expect(toBo[1].body).toContain('Etasje 7 · Rom 102');
    expect(await mailTo(m.at('ann'))).toHaveLength(1);
  });

  it('after a letter, moving two people and sending corrections mails exactly those two, each in their letter’s language, and the label sheet for changed people lists exactly them (issue 37)', async () => {
    const m = await plannedMove();
    const s103 = await marker(m.plan.id, { marker_type: 'room', title: '103' });
    const s104 = await marker(m.plan.id, { marker_type: 'room', title: '104' });
    // Ann and Bo get their letters in Norwegian, Ed (added later) his in English.
    await send(m.moveId, { scope: 'all', language: 'no' });
    await waitSettled(m.moveId);
    const ed = await person('Ed Stays English', m.at('ed'), s103.id);
    expect((await send(m.moveId, { scope: 'all', language: 'en' })).body).toMatchObject({ queued: 1 });
    await waitSettled(m.moveId);
    const current = async (id: string) => (await call('staff', 'GET', `/v1/moves/${m.moveId}/people`)).body.find((p: { id: string }) => p.id === id);
    const move = async (id: string, name: string, markerId: string) => {
      const moved = await call('staff', 'PUT', `/v1/marker-users/${id}`, {
        body: { name, move_layout_marker_id: markerId },
        headers: { 'If-Match': (await current(id)).etag },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    };
    await move(m.ann.id, 'Ann Hostile <b>&amp;</b> "x"', m.other.id);
    await move(ed.id, 'Ed Stays English', s104.id);

    // The screen lists what changed for each, from the history.
    const changed = (await letters(m.moveId)).body;
    expect(changed.counts.changed).toBe(2);
    const row = (state: typeof changed, id: string) => state.rows.find((r: { personId: string }) => r.personId === id);
    expect(row(changed, m.ann.id).seatChanges).toEqual([
      {
        at: expect.any(String),
        by: expect.stringMatching(/\S/),
        from: { floor: '7', space: '101', table: null },
        to: { floor: '7', space: '102', table: null },
      },
    ]);
    expect(row(changed, ed.id).seatChanges).toMatchObject([{ from: { space: '103' }, to: { space: '104' } }]);
    expect(row(changed, m.bo.id)).toMatchObject({ seatChanged: false, seatChanges: [], labelsReplacedAt: null });

    // The label sheet for changed people: exactly Ann and Ed, old labels not yet replaced.
    const sheet = async () => {
      const answer = await call('staff', 'GET', `/v1/moves/${m.moveId}/layouts.csv?people=changed`);
      expect(answer.status).toBe(200);
      return Buffer.from(answer.body as ArrayBuffer)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean);
    };
    const before = await sheet();
    expect(before[0]).toBe('Name;Floor;Space;Table;Colour;Count;Room number;Company name;Seat link;Old labels');
    expect(before).toHaveLength(3);
    expect(
      before
        .find((l) => l.startsWith('"Ann Hostile'))
        ?.split(';')
        .slice(-2),
    ).toEqual([expect.stringContaining(`/seat/${m.ann.id}`), '']);
    expect(before.find((l) => l.startsWith('Ed Stays English;'))?.split(';')[2]).toBe('104');
    // The whole sheet lists everyone, as before.
    const whole = Buffer.from((await call('staff', 'GET', `/v1/moves/${m.moveId}/layouts.csv`)).body as ArrayBuffer).toString('utf8');
    expect(whole).toContain('Bo Table;');
    expect(whole).not.toContain('Old labels');
    expect((await call('staff', 'GET', `/v1/moves/${m.moveId}/layouts.csv?people=some`)).status).toBe(400);

    // One send: the corrections, each in the language of the person's letter, and the old labels marked replaced.
    expect((await send(m.moveId, { scope: 'corrections' })).body).toMatchObject({ queued: 2 });
    const after = await waitSettled(m.moveId);
    const toAnn = await mailTo(m.at('ann'));
    expect(toAnn).toHaveLength(2);
    expect(toAnn[1].subject).toBe(`Rettelse: din nye plass i ${m.name} (erstatter det forrige brevet)`);
    expect(toAnn[1].body).toContain('Etasje 7 · Rom 102');
    const toEd = await mailTo(m.at('ed'));
    expect(toEd).toHaveLength(2);
    expect(toEd[1].subject).toBe(`Correction: your new seat at ${m.name} (replaces the earlier letter)`);
    expect(toEd[1].body).toContain('Floor 7 · Space 104');
    expect(await mailTo(m.at('bo'))).toHaveLength(1);

    expect(after.counts.changed).toBe(0);
    expect(row(after, m.ann.id)).toMatchObject({ seatChanged: false, labelsReplacedAt: expect.any(String), seatChanges: [{ to: { space: '102' } }] });
    expect(row(after, ed.id).labelsReplacedAt).toEqual(expect.any(String));
    expect(row(after, m.bo.id).labelsReplacedAt).toBeNull();
    const replaced = await sheet();
    expect(replaced).toHaveLength(3);
    expect(replaced.slice(1).map((l) => l.split(';').at(-1))).toEqual(['replaced', 'replaced']);
  });

  it('a correction says in its subject and first line that it replaces the earlier letter, shows the old seat → the new one and that the old link and labels no longer apply, in each person’s letter language; nobody else is mailed (issue 45)', async () => {
    const m = await makeMove(['en', 'no', 'nn']);
    const plan = await floor(m.moveId, '7', true);
    const s101 = await marker(plan.id, { marker_type: 'room', title: '101' });
    const tableA = await marker(plan.id, { marker_type: 'table', title: 'A', spaceId: s101.id });
    const s102 = await marker(plan.id, { marker_type: 'room', title: '102' });
    const s103 = await marker(plan.id, { marker_type: 'room', title: '103' });
    const at = (who: string) => `${who}.${m.tag}@letters.test`;
    // Nora's letter in bokmål, Nils's in nynorsk, Emma's and Sam's in English.
    const nora = await person('Nora Bokmål', at('nora'), s101.id);
    await send(m.moveId, { scope: 'all', language: 'no' });
    await waitSettled(m.moveId);
    const nils = await person('Nils Nynorsk', at('nils'), s102.id);
    await send(m.moveId, { scope: 'all', language: 'nn' });
    await waitSettled(m.moveId);
    const emma = await person('Emma English', at('emma'), tableA.id);
    await person('Sam Stays', at('sam'), s103.id);
    expect((await send(m.moveId, { scope: 'all', language: 'en' })).body).toMatchObject({ queued: 2 });
    await waitSettled(m.moveId);
    const reseat = async (who: { id: string; etag: string }, name: string, markerId: string) => {
      const moved = await call('staff', 'PUT', `/v1/marker-users/${who.id}`, {
        body: { name, move_layout_marker_id: markerId },
        headers: { 'If-Match': who.etag },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    };
    await reseat(nora, 'Nora Bokmål', s102.id);
    await reseat(nils, 'Nils Nynorsk', tableA.id);
    await reseat(emma, 'Emma English', s103.id);

    expect((await send(m.moveId, { scope: 'corrections' })).body).toMatchObject({ queued: 3 });
    await waitSettled(m.moveId);
    // The mail as its reader sees it: one line per paragraph, heading or break, markup gone.
    const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
    const linesOf = (html: string) =>
      html
        .replace(/<br\s*\/?>|<\/(p|h1)>/g, '\n')
        .replace(/<[^>]+>/g, '')
        .replace(/&(amp|lt|gt|quot|#39);/g, (e) => entities[e])
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    const correction = async (address: string) => {
      const mails = await mailTo(address);
      expect(mails).toHaveLength(2);
      return { subject: mails[1].subject, lines: linesOf(mails[1].body), body: mails[1].body };
    };

    const toNora = await correction(at('nora'));
    expect(toNora.subject).toBe(`Rettelse: din nye plass i ${m.name} (erstatter det forrige brevet)`);
    expect(toNora.lines[0]).toBe('Dette brevet erstatter plassbrevet vi sendte deg tidligere.');
    expect(toNora.lines).toContain('Plassen din er endret: Etasje 7 · Rom 101 → Etasje 7 · Rom 102');
    expect(toNora.lines).toContain(
      'Det forrige brevet gjelder ikke lenger: lenken til din egen side i det virker ikke lenger, og etiketter skrevet ut med den gamle plassen din er ikke lenger gyldige.',
    );
    // Still a whole letter: the new seat and her own (new) link.
    expect(toNora.lines).toContain('Etasje 7 · Rom 102');
    expect(toNora.lines).toContain('Åpne din egen side');
    expect(toNora.body).toMatch(new RegExp(`<a href="[^"]*/${m.path}/me/[^"]+"[^>]*>Åpne din egen side</a>`));

    const toNils = await correction(at('nils'));
    expect(toNils.subject).toBe(`Retting: den nye plassen din i ${m.name} (erstattar det førre brevet)`);
    expect(toNils.lines[0]).toBe('Dette brevet erstattar plassbrevet vi sende deg tidlegare.');
    expect(toNils.lines).toContain('Plassen din er endra: Etasje 7 · Rom 102 → Etasje 7 · Rom 101 · Bord A');
    expect(toNils.lines).toContain(
      'Det førre brevet gjeld ikkje lenger: lenkja til di eiga side i det verkar ikkje lenger, og etikettar skrivne ut med den gamle plassen din er ikkje lenger gyldige.',
    );

    const toEmma = await correction(at('emma'));
    expect(toEmma.subject).toBe(`Correction: your new seat at ${m.name} (replaces the earlier letter)`);
    expect(toEmma.lines[0]).toBe('This letter replaces the seat letter we sent you earlier.');
    expect(toEmma.lines).toContain('Your seat has changed: Floor 7 · Space 101 · Table A → Floor 7 · Space 103');
    expect(toEmma.lines).toContain(
      'The earlier letter no longer applies: its link to your own page no longer works, and labels printed with your old seat are no longer valid.',
    );

    // Sam's seat did not change: his one letter, nothing more.
    expect(await mailTo(at('sam'))).toHaveLength(1);
  });

  it("sends each letter once under Graph's throttling (429, Retry-After)", async () => {
    const m = await plannedMove();
    await control({ sendMailThrottle: { count: 4, retryAfterSeconds: 1 } });
    await send(m.moveId, { scope: 'all' });
    const state = await waitSettled(m.moveId);
    expect(state.counts).toMatchObject({ sent: 2, failed: 0 });
    expect(await mailTo(m.at('ann'))).toHaveLength(1);
    expect(await mailTo(m.at('bo'))).toHaveLength(1);
  });

  it('lists a letter that failed five times as failed (its message in the poison queue), and retries it', async () => {
    const m = await plannedMove();
    // Ann's letter and Bo's share the outage: ten failures are five tries of each. Aimed at them, so that mail
    // the stack sends meanwhile (a reminder's timer) does not use up a failure and let one of theirs through.
    await control({ sendMailFailures: { count: 10, to: [m.at('ann'), m.at('bo')] } });
    await send(m.moveId, { scope: 'all' });
    const failed = await waitSettled(m.moveId);
    expect(failed.counts).toMatchObject({ failed: 2, sent: 0 });
    expect(failed.rows.find((r: { personId: string }) => r.personId === m.ann.id).error).toBeTruthy();
    expect(await mailTo(m.at('ann'))).toEqual([]);
    const poison = (await (await fetch(`${inject('stack').apiOrigin}/_local/queues`)).json()) as
      | Record<string, { poison: number }>
      | { name: string; poison: number }[];
    expect(JSON.stringify(poison)).toMatch(/"poison":[1-9]/);

    await control({});
    expect((await send(m.moveId, { scope: 'failed' })).body).toMatchObject({ queued: 2 });
    expect((await waitSettled(m.moveId)).counts).toMatchObject({ sent: 2, failed: 0 });
    expect(await mailTo(m.at('ann'))).toHaveLength(1);
  }, 60_000);

  it('is read and sent by the move client’s own users only', async () => {
    const m = await plannedMove();
    expect((await call('extB', 'GET', `/v1/moves/${m.moveId}/seat-letters`)).status).toBe(403);
    expect((await call('extB', 'POST', `/v1/moves/${m.moveId}/seat-letters`, { body: { scope: 'all' } })).status).toBe(403);
    expect((await send(m.moveId, { scope: 'everyone' })).status).toBe(400);
    expect((await send(m.moveId, { scope: 'all', language: 'xx' })).status).toBe(400);
    // A language the move does not have (issue 39): refused, with the field.
    const german = await send(m.moveId, { scope: 'all', language: 'de' });
    expect(german.status).toBe(400);
    expect(german.body.error.fields).toEqual({ language: 'not one of the languages of the move' });
    expect((await letters(m.moveId)).body.counts).toMatchObject({ waiting: 0, sent: 0 });
  });
});

/**
 * A PNG logo of nearly the largest size the API takes (5 MB): noise does not compress, so its size is
 * about its pixels'. As one base64 inline attachment it would make a sendMail request Graph refuses.
 */
function bigLogo(): Buffer {
  const side = 1100;
  const png = new PNG({ width: side, height: side });
  for (let i = 0; i < png.data.length; i++) png.data[i] = (i * 2654435761) >>> 24; // a fixed pseudo-random pattern
  for (let i = 3; i < png.data.length; i += 4) png.data[i] = 255;
  const bytes = PNG.sync.write(png, { deflateLevel: 0, filterType: 0 });
  expect(bytes.length).toBeGreaterThan(4.5 * 1024 * 1024);
  expect(bytes.length).toBeLessThanOrEqual(MOVE_IMAGE_MAX_BYTES);
  return bytes;
}

async function uploadLogo(m: { moveId: string; locationId: string }, bytes: Buffer) {
  const form = new FormData();
  form.append('logo', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'logo.png');
  const stack = inject('stack');
  const response = await fetch(`${stack.apiOrigin}/api/v1/locations/${m.locationId}/moves/${m.moveId}/logo`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack.tokens.staff}` },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('seat letters of a move with a 5 MB logo (Graph refuses a sendMail over 4 MB)', () => {
  const sentWithSmallLogo = async (m: Awaited<ReturnType<typeof plannedMove>>) => {
    expect((await send(m.moveId, { scope: 'all' })).status).toBe(200);
    const state = await waitSettled(m.moveId);
    expect(state.counts, JSON.stringify(state.rows.map((r: { error: unknown }) => r.error))).toMatchObject({ sent: 2, failed: 0 });
    for (const who of ['ann', 'bo']) {
      const mails = await mailTo(m.at(who));
      expect(mails).toHaveLength(1);
      const logo = mails[0].attachments?.find((a) => a.contentId === 'move-logo');
      // The logo's mail-sized copy, inline.
      expect(logo).toMatchObject({ contentType: 'image/png', isInline: true });
      expect(logo!.size).toBeGreaterThan(0);
      expect(logo!.size).toBeLessThanOrEqual(200 * 1024);
      expect(mails[0].body).toContain('cid:move-logo');
    }
  };

  it('sends every letter with a mail-sized copy of a logo uploaded through the API', async () => {
    const m = await plannedMove();
    await uploadLogo(m, bigLogo());
    await sentWithSmallLogo(m);
  }, 60_000);

  it('sends every letter of a move whose big logo was stored before the copies existed (the copy is made when sending)', async () => {
    Object.assign(process.env, inject('stack').settings);
    const { storeImage } = await import('@movers/functions/src/features/moves/images.data.ts');
    const m = await plannedMove();
    await storeImage(m.moveId, 'logo', bigLogo(), 'image/png');
    await sentWithSmallLogo(m);
  }, 60_000);
});

describe('the seat letter queue function', () => {
  it('sends nobody twice after a try stopped in the middle: a letter found claimed is marked failed, a sent one is left', async () => {
    // The function runs here, in the test, against the stack's Cosmos DB and Graph stand-in.
    Object.assign(process.env, inject('stack').settings);
    const { sendSeatLetter } = await import('@movers/functions/src/features/seatLetters/sendLetter.ts');
    const { markWaiting, readLetter, saveLetter } = await import('@movers/functions/src/features/seatLetters/seatLetters.data.ts');
    const { InvocationContext } = await import('@movers/functions/src/platform/azureFunctions.ts');
    const m = await plannedMove();
    const message = {
      moveId: m.moveId,
      personId: m.ann.id,
      seatKey: 'seat-1',
      to: m.at('ann'),
      name: 'Ann',
      seat: { floor: 'F', space: '101', table: null },
      language: 'en',
      moveName: m.name,
      path: m.path,
    };
    const context = () => new InvocationContext({ functionName: 'send-seat-letter', triggerMetadata: { dequeueCount: 2 } });
    // What a try that stopped after claiming the letter leaves behind: it may have mailed it.
    await markWaiting(m.moveId, [{ personId: m.ann.id, seatKey: 'seat-1', language: 'en' }], new Date().toISOString());
    await saveLetter((await readLetter(m.moveId, m.ann.id))!, { status: 'sending', claimedAt: new Date().toISOString() });
    await sendSeatLetter(message, context());
    expect(await readLetter(m.moveId, m.ann.id)).toMatchObject({
      status: 'failed',
      error: 'The send was interrupted: the letter may not have arrived. Send it again to be sure.',
    });
    expect(await mailTo(m.at('ann'))).toEqual([]);

    // Queued again, it is sent once; the same message delivered again (a lost delete) sends nothing.
    await markWaiting(m.moveId, [{ personId: m.ann.id, seatKey: 'seat-1', language: 'en' }], new Date().toISOString());
    await sendSeatLetter(message, context());
    await sendSeatLetter(message, context());
    expect(await readLetter(m.moveId, m.ann.id)).toMatchObject({ status: 'sent', sentSeatKey: 'seat-1' });
    expect(await mailTo(m.at('ann'))).toHaveLength(1);
    // A message for a seat the letter no longer names (a newer send replaced it) sends nothing.
    await sendSeatLetter({ ...message, seatKey: 'seat-0' }, context());
    expect(await mailTo(m.at('ann'))).toHaveLength(1);
  });

  it("puts a letter back on the queue for when Graph's Retry-After says, even on the message's last try", async () => {
    Object.assign(process.env, inject('stack').settings);
    const { sendSeatLetter } = await import('@movers/functions/src/features/seatLetters/sendLetter.ts');
    const { markWaiting, readLetter } = await import('@movers/functions/src/features/seatLetters/seatLetters.data.ts');
    const { InvocationContext } = await import('@movers/functions/src/platform/azureFunctions.ts');
    const m = await plannedMove();
    await markWaiting(m.moveId, [{ personId: m.bo.id, seatKey: 'seat-b', language: 'en' }], new Date().toISOString());
    // Two 429s asking for 6 s: the Graph client waits out the first itself; the second is longer than the
    // function waits, so the letter goes back on the queue, visible in 6 s, and this fifth try spends nothing.
    await control({ sendMailThrottle: { count: 2, retryAfterSeconds: 6, to: m.at('bo') } });
    const message = {
      moveId: m.moveId,
      personId: m.bo.id,
      seatKey: 'seat-b',
      to: m.at('bo'),
      name: 'Bo',
      seat: { floor: '7', space: '101', table: 'A' },
      language: 'en',
      moveName: m.name,
      path: m.path,
    };
    await sendSeatLetter(message, new InvocationContext({ functionName: 'send-seat-letter', triggerMetadata: { dequeueCount: 5 } }));
    expect(await readLetter(m.moveId, m.bo.id)).toMatchObject({ status: 'waiting', error: null });
    expect(await mailTo(m.at('bo'))).toEqual([]);
    // The stack's queue function takes it up when it shows again, and sends it once.
    await until(
      () => readLetter(m.moveId, m.bo.id),
      (letter) => letter?.status === 'sent',
    );
    expect(await mailTo(m.at('bo'))).toHaveLength(1);
  }, 60_000);
});

/** A day `days` from now, `YYYY-MM-DD` (a wave's day must not be in the past). */
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function wave(moveId: string, name: string, day: string, extra: Record<string, unknown> = {}) {
  const made = await call('staff', 'POST', `/v1/moves/${moveId}/waves`, {
    body: {
      name,
      day,
      packBy: `${day}T08:00`,
      pickUp: { start: `${day}T09:00`, end: `${day}T12:00` },
      arrival: { start: `${day}T13:00`, end: `${day}T14:00` },
      ...extra,
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: string; etag: string };
}

async function intoWave(moveId: string, personIds: string[], waveId: string | null) {
  const people = await call('staff', 'GET', `/v1/moves/${moveId}/people`);
  const put = await call('staff', 'POST', `/v1/moves/${moveId}/people/wave`, {
    body: { personIds, waveId },
    headers: { 'If-Match': people.headers.get('etag') ?? '' },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

describe('seat letters of a move in waves (issue 48)', () => {
  it("say each person's wave in their language; changing two people's wave mails exactly those two a correction that says so; labels carry the wave", async () => {
    const m = await plannedMove();
    const day1 = dayIn(8);
    const day2 = dayIn(9);
    const it1 = await wave(m.moveId, 'IT', day1, { translations: { no: { name: 'IT-avdelingen' } }, color: 'green' });
    const finance = await wave(m.moveId, 'Finance', day1, { translations: { no: { name: 'Økonomi' } } });
    const hr = await wave(m.moveId, 'HR', day2);
    const s103 = await marker(m.plan.id, { marker_type: 'room', title: '103' });
    const ed = await person('Ed Finance', m.at('ed'), s103.id);
    await intoWave(m.moveId, [m.ann.id, m.bo.id], it1.id);
    await intoWave(m.moveId, [ed.id], finance.id);

    expect((await send(m.moveId, { scope: 'all', language: 'no' })).body).toMatchObject({ queued: 3 });
    const first = await waitSettled(m.moveId);
    expect(first.rows.find((r: { personId: string }) => r.personId === m.ann.id)).toMatchObject({ wave: 'IT', waveChanged: false });
    const [annLetter] = await mailTo(m.at('ann'));
    expect(annLetter.body).toContain('Flyttebølgen din: IT-avdelingen');
    expect(annLetter.body).toContain('Ha kassene dine pakket innen: <strong>');
    expect(annLetter.body).toContain('Tidene er lokal tid (Europe/Oslo).');
    expect((await mailTo(m.at('ed')))[0].body).toContain('Flyttebølgen din: Økonomi');

    // Ann to Finance, Bo to HR: exactly they are changed, and by their wave (their seats are the same).
    await intoWave(m.moveId, [m.ann.id], finance.id);
    await intoWave(m.moveId, [m.bo.id], hr.id);
    const changed = (await letters(m.moveId)).body;
    expect(changed.counts.changed).toBe(2);
    const row = (id: string) => changed.rows.find((r: { personId: string }) => r.personId === id);
    expect(row(m.ann.id)).toMatchObject({ seatChanged: true, waveChanged: true, wave: 'Finance', seatChanges: [] });
    // What changed for her (issue 55): the wave, whose times are the same.
    expect(row(m.ann.id).waveChange).toEqual({
      changed: ['wave'],
      from: expect.objectContaining({ id: it1.id, name: 'IT' }),
      to: expect.objectContaining({ id: finance.id, name: 'Finance' }),
    });
    expect(row(ed.id).waveChange).toBeNull();
    expect(row(ed.id)).toMatchObject({ seatChanged: false, waveChanged: false });

    // The label sheet carries each person's wave, its colour and its number, which the stickers print large
    // (issue 55: the crew loads by wave); the name in the screen's language, else the move's default.
    const sheet = async (query: string) => {
      const answer = await call('staff', 'GET', `/v1/moves/${m.moveId}/layouts.csv${query}`);
      expect(answer.status).toBe(200);
      return Buffer.from(answer.body as ArrayBuffer)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n');
    };
    const waveCells = (lines: string[], name: string) =>
      lines
        .find((l) => l.startsWith(`${name};`))
        ?.split(';')
        .slice(-3);
    const lines = await sheet('');
    expect(lines[0]).toBe('Name;Floor;Space;Table;Colour;Count;Room number;Company name;Seat link;Wave;Wave colour;Wave number');
    expect(waveCells(lines, 'Ed Finance')).toEqual(['Finance', '', '2']);
    expect(waveCells(lines, 'Bo Table')).toEqual(['HR', '', '3']);
    const norwegian = await sheet('?lang=no');
    expect(norwegian[0]).toBe(lines[0]);
    expect(waveCells(norwegian, 'Ed Finance')).toEqual(['Økonomi', '', '2']);
    // A language without a name of its own: the move's default's.
    expect(waveCells(await sheet('?lang=de'), 'Ed Finance')).toEqual(['Finance', '', '2']);
    expect((await call('staff', 'GET', `/v1/moves/${m.moveId}/layouts.csv?lang=xx`)).status).toBe(400);

    expect((await send(m.moveId, { scope: 'corrections' })).body).toMatchObject({ queued: 2 });
    await waitSettled(m.moveId);
    const toAnn = await mailTo(m.at('ann'));
    expect(toAnn).toHaveLength(2);
    expect(toAnn[1].subject).toBe(`Rettelse: dine flyttetider i ${m.name} (erstatter det forrige brevet)`);
    // Each wave by its name in her letter's language.
    expect(toAnn[1].body).toContain('Flyttebølgen din er endret: IT-avdelingen → Økonomi');
    expect(toAnn[1].body).not.toContain('Flyttetidene dine er endret');
    expect(toAnn[1].body).not.toContain('Plassen din er endret');
    expect(await mailTo(m.at('bo'))).toHaveLength(2);
    expect(await mailTo(m.at('ed'))).toHaveLength(1);

    // A changed time of a wave changes its people's letters: HR's arrival moves, Bo is changed again.
    const hrNow = (await call('staff', 'GET', `/v1/moves/${m.moveId}/waves`)).body.waves.find((w: { id: string }) => w.id === hr.id);
    const moved = await call('staff', 'PUT', `/v1/waves/${hr.id}`, {
      body: {
        name: 'HR',
        day: day2,
        packBy: null,
        pickUp: null,
        arrival: { start: `${day2}T10:00`, end: `${day2}T11:00` },
        capacity: { people: null, crates: null },
        color: null,
      },
      headers: { 'If-Match': hrNow.etag },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const again = (await letters(m.moveId)).body;
    expect(again.rows.filter((r: { seatChanged: boolean }) => r.seatChanged).map((r: { personId: string }) => r.personId)).toEqual([m.bo.id]);

    // What changed for whom (issue 55): Bo's wave is the same, its pack-by and pick-up gone and its arrival moved, old → new.
    const hrWas = { id: hr.id, name: 'HR', day: day2, packBy: `${day2}T08:00`, pickUp: { start: `${day2}T09:00`, end: `${day2}T12:00` } };
    const hrThen = { ...hrWas, arrival: { start: `${day2}T13:00`, end: `${day2}T14:00` } };
    const hrNew = { id: hr.id, name: 'HR', day: day2, packBy: null, pickUp: null, arrival: { start: `${day2}T10:00`, end: `${day2}T11:00` } };
    const boChange = { changed: ['packBy', 'pickUp', 'arrival'], from: hrThen, to: hrNew };
    expect(again.rows.find((r: { personId: string }) => r.personId === m.bo.id).waveChange).toEqual(boChange);

    // His correction names each time that changed, old → new, in his letter's language, and not the wave as changed.
    expect((await send(m.moveId, { scope: 'corrections' })).body).toMatchObject({ queued: 1 });
    const corrected = await waitSettled(m.moveId);
    const toBo = await mailTo(m.at('bo'));
    expect(toBo).toHaveLength(3);
    expect(toBo[2].subject).toBe(`Rettelse: dine flyttetider i ${m.name} (erstatter det forrige brevet)`);
    expect(toBo[2].body).toContain('Flyttetidene dine er endret:');
    expect(toBo[2].body).toContain(`Ha kassene dine pakket innen: ${formatWaveTime(`${day2}T08:00`, 'no')} → ikke satt`);
    expect(toBo[2].body).toContain(`Flytterne henter plassen din: ${formatWaveWindow(hrWas.pickUp, 'no')} → ikke satt`);
    expect(toBo[2].body).toContain(`Møt på den nye plassen din: ${formatWaveWindow(hrThen.arrival, 'no')} → ${formatWaveWindow(hrNew.arrival, 'no')}`);
    expect(toBo[2].body).not.toContain('Flyttebølgen din er endret');
    // Corrected, he is no longer changed, and the list still says what his correction was for.
    const boNow = corrected.rows.find((r: { personId: string }) => r.personId === m.bo.id);
    expect(boNow).toMatchObject({ seatChanged: false, waveChanged: false, waveChange: boChange, labelsReplacedAt: expect.any(String) });
    expect(corrected.counts.changed).toBe(0);
  });

  it('are sent a wave at a time, and not for a wave of another move', async () => {
    const m = await plannedMove();
    const a = await wave(m.moveId, 'A', dayIn(5));
    await intoWave(m.moveId, [m.bo.id], a.id);
    expect((await send(m.moveId, { scope: 'all', waveId: a.id })).body).toEqual({ queued: 1, withoutAddress: 0, withoutSeat: 0, unchanged: 0 });
    await waitSettled(m.moveId);
    // A wave's send reads only its people and their seats (issue 56): his table's space is named as in a move's send.
    const [bo] = await mailTo(m.at('bo'));
    expect(bo.body).toContain('Floor 7 · Space 101 · Table A');
    expect(await mailTo(m.at('bo'))).toHaveLength(1);
    expect(await mailTo(m.at('ann'))).toHaveLength(0);
    // Sent again, his letter is known: not mailed twice for the same seat.
    expect((await send(m.moveId, { scope: 'all', waveId: a.id })).body).toEqual({ queued: 0, withoutAddress: 0, withoutSeat: 0, unchanged: 1 });
    // A wave nobody of can be mailed, in a move where others can: nothing to queue, not refused.
    const people = (await call('staff', 'GET', `/v1/moves/${m.moveId}/people`)).body as { id: string; name: string }[];
    const cy = people.find((p) => p.name === 'Cy No Address')!;
    const b = await wave(m.moveId, 'B', dayIn(5));
    await intoWave(m.moveId, [cy.id], b.id);
    expect((await send(m.moveId, { scope: 'all', waveId: b.id })).body).toEqual({ queued: 0, withoutAddress: 1, withoutSeat: 0, unchanged: 0 });
    const other = await plannedMove();
    const foreign = await wave(other.moveId, 'A', dayIn(5));
    const refused = await send(m.moveId, { scope: 'all', waveId: foreign.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ waveId: 'no such wave in this move' });
  });
});
