import { beforeAll, describe, expect, it } from 'vitest';
import { call, CLIENT_A, ifMatch } from './call.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';

// The move service of a location (issue 11): one per location, a path unique across moves enforced by
// the store, the password only as a hash, colours with their own ETag, access per client.

const STAFF_USER = 'u0000000-0000-4000-8000-000000000002';
const DEMO_LOCATION = 'l0000000-0000-4000-8000-000000000101';
const DEMO_MOVE = `${CLIENT_A}_${DEMO_LOCATION}`;

let counter = 0;
const unique = (prefix: string) => {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
};

const settings = (path: string, extra: Record<string, unknown> = {}) => ({
  ...moveInput(path, {
    authorizationScheme: 'emailPassword',
    whitelistedDomains: ['client-a.test'],
    password: 'correct horse battery',
    languages: ['en', 'no'],
    teamMembers: [{ id: STAFF_USER }],
  }),
  ...extra,
});

/** The moves made here belong to a client of their own, so that client A's counts stay as other tests expect. */
let clientId = '';
beforeAll(async () => {
  const created = await call('staff', 'POST', '/v1/clients', { body: { name: 'Move Test AS', orgNumber: '900 000 011', countryId: 'NO', active: true } });
  clientId = created.body.id;
});

async function newLocation(): Promise<string> {
  const created = await call('staff', 'POST', `/v1/clients/${clientId}/locations`, {
    body: { name: unique('Move test'), address: 'Testveien 1', city: 'Oslo', countryId: 'NO', isOffice: true },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function newMove(extra: Record<string, unknown> = {}) {
  const locationId = await newLocation();
  const created = await call('staff', 'POST', `/v1/locations/${locationId}/moves`, { body: settings(unique('move'), extra) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { locationId, move: created.body };
}

describe('creating and editing a move service', () => {
  it('creates the move of a location, shows it on the location, and never returns the password', async () => {
    const { locationId, move } = await newMove();
    expect(move.id).toBe(`${clientId}_${locationId}`);
    expect(move.hasPassword).toBe(true);
    expect(JSON.stringify(move)).not.toMatch(/correct horse|passwordHash|salt/);
    expect(move.teamMembers).toEqual([expect.objectContaining({ id: STAFF_USER, displayName: expect.any(String) })]);
    const location = await call('staff', 'GET', `/v1/clients/${clientId}/locations/${locationId}`);
    expect(location.body.services.move).toEqual({ id: move.id, isEnabled: true });
    expect((await call('staff', 'GET', `/v1/clients/${clientId}`)).body.countOfActiveLocations).toBeGreaterThan(0);
    // Another client's External user may not read it.
    expect((await call('extA', 'GET', `/v1/locations/${locationId}/moves/${move.id}`)).status).toBe(403);
    const read = await call('staff', 'GET', `/v1/locations/${locationId}/moves/${move.id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBeTruthy();
    expect(JSON.stringify(read.body)).not.toMatch(/passwordHash|salt/);
  });

  it('leaves the password out of the idempotency fingerprint: a retry of the create answers the first move', async () => {
    const locationId = await newLocation();
    const headers = { 'Idempotency-Key': unique('move-create-key') };
    const body = settings(unique('retried'));
    const first = await call('staff', 'POST', `/v1/locations/${locationId}/moves`, { body, headers });
    expect(first.status).toBe(201);
    // The same submission again, even with another password typed, is the first answer, not a second move.
    const again = await call('staff', 'POST', `/v1/locations/${locationId}/moves`, { body: { ...body, password: 'typed differently' }, headers });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    // Any other change is another request (422).
    const other = await call('staff', 'POST', `/v1/locations/${locationId}/moves`, { body: { ...body, languages: ['de'], defaultLanguage: 'de' }, headers });
    expect(other.status).toBe(422);
  });

  it('has one move per location', async () => {
    const { locationId } = await newMove();
    const second = await call('staff', 'POST', `/v1/locations/${locationId}/moves`, { body: settings(unique('second')) });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe('the location already has a move service');
  });

  it('gives one 201 and nine 409s to ten creates of the same path at once', async () => {
    const path = unique('race');
    const locations = await Promise.all(Array.from({ length: 10 }, () => newLocation()));
    const answers = await Promise.all(locations.map((id) => call('staff', 'POST', `/v1/locations/${id}/moves`, { body: settings(path) })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.error.message).toBe('path is already taken');
  });

  it('refuses reserved words and other characters in the path, and a scheme with a password but none set', async () => {
    const locationId = await newLocation();
    const post = (body: unknown) => call('staff', 'POST', `/v1/locations/${locationId}/moves`, { body });
    expect((await post(settings('admin'))).body.error.fields).toEqual({ path: 'this path is used by the site itself' });
    expect((await post(settings('API'))).status).toBe(400);
    expect((await post(settings('a b'))).body.error.fields).toEqual({ path: 'path can be letters numbers dash or underscore' });
    expect((await post(settings(unique('nopass'), { password: null }))).body.error.fields).toEqual({
      password: 'a password is required unless the scheme is email only',
    });
    expect((await post(settings(unique('nodomain'), { whitelistedDomains: [] }))).body.error.fields).toEqual({ whitelistedDomains: 'minimum amount is 1' });
    expect((await post(settings(unique('lang'), { languages: [], defaultLanguage: 'en' }))).body.error.fields.languages).toBe('minimum amount is 1');
    // Email only needs no password; password only needs no domains.
    expect((await post(settings(unique('emailonly'), { authorizationScheme: 'email', password: null }))).status).toBe(201);
  });

  it('frees the old path when the path changes, keeps the password when none is sent, and needs the ETag', async () => {
    const { locationId, move } = await newMove();
    const newPath = unique('renamed');
    const url = `/v1/locations/${locationId}/moves/${move.id}`;
    expect((await call('staff', 'PUT', url, { body: settings(newPath, { password: null }) })).status).toBe(428);
    const saved = await call('staff', 'PUT', url, { body: settings(newPath, { password: null }), headers: ifMatch(move.etag) });
    expect(saved.status).toBe(200);
    expect(saved.body.path).toBe(newPath);
    expect(saved.body.hasPassword).toBe(true);
    const stale = await call('staff', 'PUT', url, { body: settings(newPath), headers: ifMatch(move.etag) });
    expect(stale.status).toBe(412);
    // The old path is free again: another move can take it.
    const other = await newLocation();
    expect((await call('staff', 'POST', `/v1/locations/${other}/moves`, { body: settings(move.path) })).status).toBe(201);
  });

  it('lets External users of the client read the move but not change it; other clients get 403', async () => {
    const url = `/v1/locations/${DEMO_LOCATION}/moves/${DEMO_MOVE}`;
    const read = await call('extA', 'GET', url);
    expect(read.status).toBe(200);
    expect(read.body.path).toBe('aurora-hq');
    expect((await call('extA', 'PUT', url, { body: settings('aurora-hq'), headers: ifMatch(read.body.etag) })).status).toBe(403);
    expect((await call('extB', 'GET', url)).status).toBe(403);
    expect((await call('extB', 'GET', `/v1/moves/${DEMO_MOVE}`)).status).toBe(403);
    // The move id must belong to the location in the path.
    expect((await call('staff', 'GET', `/v1/locations/l0000000-0000-4000-8000-000000000102/moves/${DEMO_MOVE}`)).status).toBe(404);
  });
});

describe('the planner fields', () => {
  it('reads the overview and sets the sticker default within 0-999 and the unassigned people', async () => {
    const { move } = await newMove();
    const overview = await call('staff', 'GET', `/v1/moves/${move.id}`);
    expect(overview.body).toMatchObject({ id: move.id, path: move.path, company: 'Move Test AS', language: 'en', stickersCount: 1 });
    // The planner's times are on the move's clock: its location's country's zone (issue 55).
    expect(overview.body.timeZone).toBe('Europe/Oslo');
    const tooMany = await call('staff', 'PATCH', `/v1/moves/${move.id}`, { body: { stickersCount: 1000 }, headers: ifMatch(overview.body.etag) });
    expect(tooMany.status).toBe(400);
    const set = await call('staff', 'PATCH', `/v1/moves/${move.id}`, { body: { stickersCount: 5 }, headers: ifMatch(overview.body.etag) });
    expect(set.body.stickersCount).toBe(5);
    const people = await call('staff', 'PATCH', `/v1/moves/${move.id}`, { body: { unassignedPeople: ['Ada', 'Bo'] }, headers: ifMatch(set.body.etag) });
    expect(people.status).toBe(200);
    expect((await call('staff', 'GET', `/v1/moves/${move.id}/unassigned-people`)).body).toEqual(['Ada', 'Bo']);
  });
});

describe('colours', () => {
  it('sets, validates and clears colours with their own ETag, which leaves the move form current', async () => {
    const { locationId, move } = await newMove();
    const read = await call('staff', 'GET', `/v1/colors/${move.id}`);
    expect(read.body.primaryColor).toBeNull();
    const bad = await call('staff', 'PUT', '/v1/colors', { body: { moveId: move.id, primaryColor: 'red' }, headers: ifMatch(read.body.etag) });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ primaryColor: 'must be a colour as #rrggbb' });
    const set = await call('staff', 'PUT', '/v1/colors', { body: { moveId: move.id, primaryColor: '#005a9e' }, headers: ifMatch(read.body.etag) });
    expect(set.body.primaryColor).toBe('#005a9e');
    const cleared = await call('staff', 'PUT', '/v1/colors', { body: { moveId: move.id, primaryColor: '' }, headers: ifMatch(set.body.etag) });
    expect(cleared.body.primaryColor).toBeNull();
    // The move's own ETag did not change: an open settings form can still save.
    const again = await call('staff', 'PUT', `/v1/locations/${locationId}/moves/${move.id}`, {
      body: settings(move.path, { password: null }),
      headers: ifMatch(move.etag),
    });
    expect(again.status).toBe(200);
    const clearAll = await call('staff', 'DELETE', `/v1/colors/${move.id}`, { headers: ifMatch(cleared.body.etag) });
    expect(clearAll.status).toBe(204);
    expect((await call('extA', 'GET', `/v1/colors/${DEMO_MOVE}`)).status).toBe(403);
  });
});
