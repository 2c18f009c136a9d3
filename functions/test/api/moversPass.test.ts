import { describe, expect, it } from 'vitest';
import { localMinuteAt } from '@movers/contracts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { awayFromWindowEdge, call, ifMatch, loopbackAddress } from './call.ts';

/**
 * A movers' pass: staff make one per move; its link signs in without the visitor password to the floor
 * plans only; revoking it or making a new one ends its sessions at once; a guessed one is rate-limited
 * like the password. Each test makes its own move under a client no other test counts.
 */
const OTHER_CLIENT = 'c0000000-0000-4000-8000-000000000012';
let n = 0;

async function makeMove(countryId = 'NO') {
  const tag = `${Date.now().toString(36)}${(n++).toString(36)}`;
  const location = await call('staff', 'POST', `/v1/clients/${OTHER_CLIENT}/locations`, {
    body: { name: `Zz pass ${tag}`, address: 'Veien 2', city: 'Oslo', countryId, isOffice: true },
  });
  expect(location.status).toBe(201);
  const path = `zz-pass-${tag}`;
  const move = await call('staff', 'POST', `/v1/locations/${location.body.id}/moves`, {
    body: moveInput(path, {
      authorizationScheme: 'password',
      password: 'secret-one',
      languages: ['en'],
      teamMembers: [{ id: 'u0000000-0000-4000-8000-000000000002' }],
    }),
  });
  expect(move.status, JSON.stringify(move.body)).toBe(201);
  return { path, moveId: move.body.id as string };
}

const passUrl = (moveId: string) => `/v1/moves/${moveId}/movers-pass`;
/** Made on the ETag the pass's GET gives (the pass's, or the move's while there is none). */
const passEtag = async (moveId: string) => ifMatch((await call('staff', 'GET', passUrl(moveId))).headers.get('etag'));
async function makePass(moveId: string, body: Record<string, unknown> = {}) {
  const made = await call('staff', 'POST', passUrl(moveId), { body, headers: await passEtag(moveId) });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { pass: { id: string; token: string; expiresAt: string }; etag: string };
}

const visit = (method: string, path: string, options: { token?: string; from?: string; body?: unknown } = {}) =>
  call('anonymous', method, `/v1/visit/${path}`, {
    body: options.body,
    from: options.from ?? loopbackAddress(),
    headers: options.token ? { Authorization: `Bearer ${options.token}` } : {},
  });

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe("a movers' pass", () => {
  it('has none at first, and a default last day of 30 days on when the timeline has no dates', async () => {
    const { moveId } = await makeMove();
    const state = await call('staff', 'GET', passUrl(moveId));
    expect(state.status).toBe(200);
    expect(state.body.pass).toBeNull();
    expect(state.body.defaultLastDay).toBe(day(30));
    expect(state.headers.get('etag')).toBeTruthy();
  });

  it("lasts by default until a week after the timeline's last date, to the end of that day", async () => {
    const { moveId } = await makeMove();
    const section = await call('staff', 'POST', `/v1/moves/${moveId}/timeline_sections`, {
      body: { title: 'Move week', date: `${day(10)}T00:00:00.000Z`, events: [{ title: 'Boxes', description: '', startDate: day(12), endDate: day(14) }] },
    });
    expect(section.status, JSON.stringify(section.body)).toBe(201);
    const { pass } = await makePass(moveId);
    // The end of that day on the move's clock (issue 55), not UTC's: an hour or two before UTC's in Oslo.
    expect(localMinuteAt(pass.expiresAt, 'Europe/Oslo')).toBe(`${day(21)}T23:59`);
    expect(localMinuteAt(Date.parse(pass.expiresAt) + 1000, 'Europe/Oslo')).toBe(`${day(22)}T00:00`);
    expect(pass.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("ends at the end of its last day in the move's time zone, wherever the move is (issue 55)", async () => {
    for (const [countryId, zone] of [
      ['NO', 'Europe/Oslo'],
      ['NZ', 'Pacific/Auckland'],
      ['US', 'America/New_York'],
    ]) {
      const { moveId } = await makeMove(countryId);
      expect((await call('staff', 'GET', `/v1/moves/${moveId}`)).body.timeZone).toBe(zone);
      const { pass } = await makePass(moveId, { lastDay: day(5) });
      expect(localMinuteAt(pass.expiresAt, zone), countryId).toBe(`${day(5)}T23:59`);
      expect(localMinuteAt(Date.parse(pass.expiresAt) + 1000, zone), countryId).toBe(`${day(6)}T00:00`);
    }
  });

  it('refuses a last day in the past, beyond a year or not a day, and leaves the pass as it was', async () => {
    const { moveId } = await makeMove();
    const { pass } = await makePass(moveId, { lastDay: day(5) });
    for (const [lastDay, message] of [
      [day(-1), 'the last day must be today or later'],
      [day(400), 'the last day must be within a year'],
      ['31.12.2026', 'invalid date'],
    ]) {
      const refused = await call('staff', 'POST', passUrl(moveId), { body: { lastDay }, headers: await passEtag(moveId) });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
    expect((await call('staff', 'GET', passUrl(moveId))).body.pass).toEqual(expect.objectContaining({ id: pass.id, token: pass.token }));
  });

  it('signs in without the password to the floor plans only: pages, documents, FAQ, contacts, timeline and forms are 403', async () => {
    const { path, moveId } = await makeMove();
    const { pass } = await makePass(moveId);
    const session = await visit('POST', `${path}/session`, { body: { pass: pass.token } });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    expect(session.body.movers).toBe(true);
    const token = session.body.token as string;
    const floors = await visit('GET', `${path}/floors`, { token });
    expect(floors.status).toBe(200);
    // Asked for again each time, so that a revoked pass stops at the phone's next call.
    expect(floors.headers.get('cache-control')).toBe('private, no-cache');
    expect((await visit('GET', path, { token })).status).toBe(200);
    for (const page of ['pages', 'documents', 'faq', 'contacts', 'details', 'timeline']) {
      const refused = await visit('GET', `${path}/${page}`, { token });
      expect(refused.status, page).toBe(403);
      expect(refused.body.error.message).toBe("a movers' pass opens the floor plans only");
    }
    const form = await visit('POST', `${path}/feedback`, {
      token,
      body: { feedbackType: 'question', question: 'Where?', name: 'Mover', email: 'mover@example.test', phone: '' },
    });
    expect(form.status).toBe(403);
    // The visitors' own sign-in is unchanged.
    const visitor = await visit('POST', `${path}/session`, { body: { password: 'secret-one' } });
    expect(visitor.body.movers).toBe(false);
    expect((await visit('GET', `${path}/pages`, { token: visitor.body.token })).status).toBe(200);
  });

  it('ends at once when revoked, also for a session opened before; a new pass ends the sessions of the one before', async () => {
    const { path, moveId } = await makeMove();
    const first = await makePass(moveId);
    const before = (await visit('POST', `${path}/session`, { body: { pass: first.pass.token } })).body.token as string;
    const second = await makePass(moveId);
    expect(second.pass.token).not.toBe(first.pass.token);
    expect((await visit('GET', `${path}/floors`, { token: before })).status).toBe(401);
    expect((await visit('POST', `${path}/session`, { body: { pass: first.pass.token } })).status).toBe(401);

    const current = (await visit('POST', `${path}/session`, { body: { pass: second.pass.token } })).body.token as string;
    expect((await visit('GET', `${path}/floors`, { token: current })).status).toBe(200);
    expect((await call('staff', 'DELETE', passUrl(moveId), { headers: ifMatch('"stale"') })).status).toBe(412);
    expect((await call('staff', 'DELETE', passUrl(moveId), { headers: ifMatch(second.etag) })).status).toBe(204);
    expect((await visit('GET', `${path}/floors`, { token: current })).status).toBe(401);
    const refused = await visit('POST', `${path}/session`, { body: { pass: second.pass.token } });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe("This movers' pass is no longer valid");
    expect((await call('staff', 'GET', passUrl(moveId))).body.pass).toBeNull();
  });

  it('is replaced only on the ETag of the pass its caller saw: a second new pass made from a stale view is 412', async () => {
    const { moveId } = await makeMove();
    const seen = await passEtag(moveId);
    const first = await call('staff', 'POST', passUrl(moveId), { body: {}, headers: seen });
    expect(first.status).toBe(201);
    // Another staff member, who also saw no pass, makes one: theirs would void the link just printed.
    const stale = await call('super', 'POST', passUrl(moveId), { body: {}, headers: seen });
    expect(stale.status).toBe(412);
    expect((await call('staff', 'POST', passUrl(moveId), { body: {} })).status).toBe(428);
    expect((await call('staff', 'GET', passUrl(moveId))).body.pass.token).toBe(first.body.pass.token);
  });

  it('is rate-limited when guessed, like the visitor password', async () => {
    await awayFromWindowEdge();
    const { path, moveId } = await makeMove();
    const { pass } = await makePass(moveId);
    const from = loopbackAddress();
    const guess = 'A'.repeat(43);
    for (let i = 0; i < 10; i++) expect((await visit('POST', `${path}/session`, { from, body: { pass: guess } })).status).toBe(401);
    const limited = await visit('POST', `${path}/session`, { from, body: { pass: pass.token } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  }, 60_000);

  it('takes no pass of another shape, and no other field', async () => {
    const { path } = await makeMove();
    expect((await visit('POST', `${path}/session`, { body: { pass: 'short' } })).status).toBe(400);
    expect((await visit('POST', `${path}/session`, { body: { pass: '<script>alert(1)</script>xxxxxxxxxxxx' } })).status).toBe(400);
  });
});
