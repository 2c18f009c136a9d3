import { type AnyRouteContract, idShapes } from '@movers/contracts';
import type { SchemaDescription } from 'yup';
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/routes.ts';
import { ANY_ETAG, call, CLIENT_A, ifMatch } from './call.ts';
import { existing, existingPath } from './storedState.ts';

const LOCATION_A1 = existing.locationId;
const BROKERING_A = existing.brokeringId;
const STAFF_USER = 'u0000000-0000-4000-8000-000000000002';
const UNKNOWN_CLIENT = 'c0000000-0000-4000-8000-0000000000ff';

/** Characters the store refuses in a resource id, or that change what a point read means. */
// ('..' itself cannot be sent: URL parsing resolves it, '%2E%2E' included, before the request leaves.)
const hostileIds = ['a/b', 'a\\b', 'a#b', '?', 'a?b', 'a b', ' ', '../x', `${CLIENT_A}/`, `${CLIENT_A}?`, `${CLIENT_A} `];

describe('ids in paths', () => {
  it("GET /v1/clients/%3F is 404, not the store's list of every client", async () => {
    const answer = await call('staff', 'GET', '/v1/clients/%3F');
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('not_found');
  });

  it('a location id with a slash is 404 for an External user of the client', async () => {
    expect((await call('extA', 'GET', `/v1/clients/${CLIENT_A}/locations/a%2Fb`)).status).toBe(404);
  });

  it('an id with / \\ # ? or a space in any id parameter of any route is 404, never 500', async () => {
    const failures: string[] = [];
    for (const { contract } of routes) {
      for (const name of Object.keys(contract.params)) {
        expect(existing[name], `an existing value for {${name}}`).toBeDefined();
        for (const value of hostileIds) {
          const path = existingPath(contract.path, { [name]: encodeURIComponent(value) });
          const body = contract.body ? { rawBody: '{}' } : {};
          const answer = await call('super', contract.method, path, { ...body, headers: ANY_ETAG });
          if (answer.status !== 404) failures.push(`${contract.method} ${path}: ${answer.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('creates nothing under a client that does not exist', async () => {
    const lease = await call('staff', 'POST', `/v1/clients/${UNKNOWN_CLIENT}/leases`, { body: { title: 'Nowhere' } });
    expect(lease.status).toBe(404);
    const brokering = await call('staff', 'POST', `/v1/clients/${UNKNOWN_CLIENT}/brokerings`, {
      body: { name: 'Nowhere', teamMembers: [{ id: STAFF_USER }], documentPrefix: 'Brokering', documentProjectId: 'P-9' },
    });
    expect(brokering.status).toBe(404);
    for (const kind of ['leases', 'brokerings']) {
      expect((await call('staff', 'POST', `/v1/clients/%3F/${kind}`, { body: {} })).status).toBe(404);
    }
  });
});

describe('ids in bodies', () => {
  it('refuses an invitation whose client id is not an id, with a field error and nobody invited', async () => {
    const before = (await call('staff', 'GET', '/v1/users/external')).body.length;
    for (const clientId of ['../clients', '?', 'a/b', 'a b', `${CLIENT_A}#`]) {
      const answer = await call('staff', 'POST', '/v1/users/invitation', { body: { name: 'Mallory', email: 'mallory@client-x.test', clientId } });
      expect(answer.status, clientId).toBe(400);
      expect(answer.body.error.fields, clientId).toEqual({ clientId: 'not a valid id' });
    }
    expect((await call('staff', 'GET', '/v1/users/external')).body.length).toBe(before);
  });

  it("keeps an External user's client when the new client id is not an id", async () => {
    const invited = await call('staff', 'POST', '/v1/users/invitation', {
      body: { name: 'Kept Client', email: 'kept.client@client-a.test', clientId: CLIENT_A },
    });
    expect(invited.status).toBe(201);
    const path = `/v1/users/${invited.body.user.id}`;
    for (const clientId of ['?', '../clients', 'a/b']) {
      const etag = (await call('staff', 'GET', path)).headers.get('etag');
      const answer = await call('staff', 'PATCH', path, { body: { clientId }, headers: ifMatch(etag) });
      expect(answer.status, clientId).toBe(400);
      expect(answer.body.error.fields, clientId).toEqual({ clientId: 'not a valid id' });
    }
    expect((await call('staff', 'GET', path)).body.client).toEqual({ id: CLIENT_A });
  });

  it('refuses malformed person ids on a brokering project', async () => {
    const answer = await call('staff', 'POST', `/v1/clients/${CLIENT_A}/brokerings`, {
      body: {
        name: 'Bad people',
        projectManager: { id: 'a/b' },
        teamMembers: [{ id: STAFF_USER }, { id: '?' }],
        documentPrefix: 'Brokering',
        documentProjectId: 'P-9',
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({ 'projectManager.id': 'not a valid id', 'teamMembers[1].id': 'not a valid id' });
  });

  it('refuses malformed location ids on a lease, and timeline event ids that are not ids', async () => {
    const lease = await call('staff', 'POST', `/v1/clients/${CLIENT_A}/leases`, { body: { title: 'Bad locations', locations: [LOCATION_A1, '../x'] } });
    expect(lease.status).toBe(400);
    expect(lease.body.error.fields).toEqual({ 'locations[1]': 'not a valid id' });
    const section = await call('staff', 'POST', `/v1/brokerings/${BROKERING_A}/timeline_sections`, {
      body: { title: 'Bad event', date: '2026-03-01', events: [{ id: 'x?y', title: 'E', startDate: '2026-03-02' }] },
    });
    expect(section.status).toBe(400);
    expect(section.body.error.fields).toEqual({ 'events[0].id': 'not a valid id' });
  });

  it("refuses a history entry, a history filter or a marker's floor that is not an id with a field error, never a 500", async () => {
    const person = `/v1/history/person/${encodeURIComponent(existing.recordId)}/restore`;
    for (const entryId of ['/', '\\', '#', ' ', '\u00a0', 'a/b', '../x']) {
      const answer = await call('staff', 'POST', person, { body: { entryId }, headers: ANY_ETAG });
      expect(answer.status, JSON.stringify(entryId)).toBe(400);
      expect(answer.body.error.fields, JSON.stringify(entryId)).toEqual({ entryId: 'not a valid id' });
    }
    for (const [name, value] of [
      ['user', 'a/b'],
      ['recordId', 'a#b'],
    ]) {
      const answer = await call('staff', 'GET', `/v1/moves/${encodeURIComponent(existing.moveId)}/history?${name}=${encodeURIComponent(value)}`);
      expect(answer.status, name).toBe(400);
      expect(answer.body.error.fields, name).toEqual({ [name]: 'not a valid id' });
    }
    const marker = await call('staff', 'POST', `/v1/layouts/${encodeURIComponent(existing.layoutId)}/markers`, {
      body: { marker_type: 'room', title: 'Nowhere', coordinates: { positionX: 1, positionY: 1 }, move_layout_id: 'a/b' },
    });
    expect(marker.status).toBe(400);
    expect(marker.body.error.fields).toEqual({ move_layout_id: 'not a valid id' });
  });

  it('gives every body and query field that names a record the id rule of its shape, which the OpenAPI document shows as its pattern', () => {
    // Not ids the API issues: a country's ISO code (one of a list) and the customer's own project number.
    const notIssued = new Set(['countryId', 'documentProjectId']);
    const namesRecord = (name: string) => /(?:^id|Id|_id)$/.test(name) || ['client', 'floor', 'user'].includes(name);
    const patterns = new Set(Object.values(idShapes).map((shape) => shape.pattern.source));
    type Described = SchemaDescription & { fields?: Record<string, Described>; innerType?: Described };
    const unchecked: string[] = [];
    const walk = (d: Described, where: string, name: string) => {
      if (d.fields) for (const [key, field] of Object.entries(d.fields)) walk(field, `${where}.${key}`, key);
      else if (d.innerType) walk(d.innerType, `${where}[]`, name);
      else if (namesRecord(name) && !notIssued.has(name)) {
        const pattern = d.tests.find((t) => t.name === 'matches')?.params?.regex;
        if (!(pattern instanceof RegExp && patterns.has(pattern.source))) unchecked.push(where);
      }
    };
    for (const contract of new Set<AnyRouteContract>(routes.map((r) => r.contract))) {
      if (contract.body) walk(contract.body.describe() as Described, `${contract.name} body`, '');
      if (contract.query) walk(contract.query.describe() as Described, `${contract.name} query`, '');
    }
    expect(unchecked).toEqual([]);
  });

  it('refuses a malformed client id in the external users filter', async () => {
    const answer = await call('staff', 'GET', '/v1/users/external?client=%3F');
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({ client: 'not a valid id' });
  });
});

describe('records a body names', () => {
  // Well-shaped ids of records that do not exist: a body that names one is refused naming the field
  // (docs/security.md); a 404 is for the record the path names.
  const MOVE = existing.moveId;
  const NO_MOVE = `${CLIENT_A}_l0000000-0000-4000-8000-0000000000ff`;
  const NO_ITEM = `${MOVE}_00000000-0000-4000-8000-0000000000ff`;
  const NO_ID = '00000000-0000-4000-8000-0000000000ff';

  it('refuses with 400 naming the field: a colour scheme of a move that does not exist, a list item, a client, a location, a person, a template', async () => {
    const sixLocales = ['en', 'no', 'nn', 'de', 'da', 'se'].map((locale) => ({ locale, title: 'Nowhere', content: '' }));
    const cases: [string, string, string, unknown, string][] = [
      ['POST', '/v1/colors', 'moveId', { moveId: NO_MOVE, primaryColor: '#123456' }, ''],
      ['PUT', '/v1/colors', 'moveId', { moveId: NO_MOVE, primaryColor: '#123456' }, ''],
      ['PATCH', `/v1/moves/${MOVE}/pages/position`, 'movePageId', { movePageId: NO_ITEM, newPosition: 0 }, ''],
      ['PATCH', `/v1/moves/${MOVE}/faq_questions/position`, 'faqQuestionId', { faqQuestionId: NO_ITEM, newPosition: 0 }, ''],
      ['PATCH', `/v1/moves/${MOVE}/contacts/position`, 'contactId', { contactId: NO_ITEM, newPosition: 0 }, ''],
      ['PATCH', `/v1/moves/${MOVE}/details/position`, 'moveDetailId', { moveDetailId: NO_ITEM, newPosition: 0 }, ''],
      ['POST', '/v1/users/invitation', 'clientId', { name: 'Nobody', email: 'nobody@client-x.test', clientId: UNKNOWN_CLIENT }, ''],
      ['POST', `/v1/clients/${CLIENT_A}/leases`, 'locations', { title: 'Nowhere', locations: [NO_ID] }, ''],
      ['POST', `/v1/moves/${MOVE}/pages`, 'templateId', { templateId: NO_ID, translations: sixLocales }, ''],
    ];
    const failures: string[] = [];
    for (const [method, path, field, body] of cases) {
      // Any version of a list's order, so that the item is what is judged.
      const answer = await call('staff', method, path, { body, headers: { 'If-Match': '*' } });
      if (answer.status !== 400 || !answer.body.error.fields?.[field])
        failures.push(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body.error)}`);
    }
    expect(failures).toEqual([]);
  });

  it("answers the planner's 422 'Invalid request' naming the field for a person at a marker that does not exist, in a move that does not either", async () => {
    for (const marker of [NO_ITEM, `${NO_MOVE}_00000000-0000-4000-8000-0000000000ff`]) {
      const answer = await call('staff', 'POST', '/v1/marker-users', { body: { name: 'Nobody', move_layout_marker_id: marker } });
      expect(answer.status, marker).toBe(422);
      expect(answer.body.error.message).toBe('Invalid request');
      expect(answer.body.error.fields).toEqual({ move_layout_marker_id: 'Invalid request' });
    }
  });

  it("still answers 403 to an External user who names another client's move", async () => {
    const otherMove = `c0000000-0000-4000-8000-00000000000b_l0000000-0000-4000-8000-000000000201`;
    expect((await call('extA', 'POST', '/v1/colors', { body: { moveId: otherMove, primaryColor: '#123456' }, headers: ANY_ETAG })).status).toBe(403);
    expect((await call('extA', 'POST', '/v1/marker-users', { body: { name: 'Nobody', move_layout_marker_id: `${otherMove}_${NO_ID}` } })).status).toBe(403);
  });
});
