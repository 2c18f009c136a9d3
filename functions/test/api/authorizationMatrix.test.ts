import { describe, expect, it } from 'vitest';
import { routes } from '../../src/routes.ts';
import { call, CLIENT_A, type AnyCaller } from './call.ts';

type Callers = Record<AnyCaller, number>;

/** Signed-in callers all get `ok`; no token and a bad token get 401. */
const everyone = (ok: number): Callers => ({ anonymous: 401, badToken: 401, extA: ok, extB: ok, extNone: ok, staff: ok, super: ok });
/** Internal users get `ok`; every External user 403. */
const internalOnly = (ok: number): Callers => ({ anonymous: 401, badToken: 401, extA: 403, extB: 403, extNone: 403, staff: ok, super: ok });
/** Readable by internal users and by External users of client A (the sample's client). */
const clientA = (ok: number): Callers => ({ anonymous: 401, badToken: 401, extA: ok, extB: 403, extNone: 403, staff: ok, super: ok });

const validClient = { name: 'Matrix AS', orgNumber: '999 000 111', countryId: 'NO', active: true };

/**
 * Every route of the route table × every kind of caller. A route missing here fails the test, so each
 * new route has to say who may call it.
 */
const matrix: Record<string, { method: string; path: string; body?: unknown; expect: Callers }> = {
  'countries-list': { method: 'GET', path: '/v1/countries', expect: everyone(200) },
  'clients-list': { method: 'GET', path: '/v1/clients', expect: internalOnly(200) },
  'clients-create': { method: 'POST', path: '/v1/clients', body: validClient, expect: internalOnly(201) },
  'clients-get': { method: 'GET', path: `/v1/clients/${CLIENT_A}`, expect: clientA(200) },
  'clients-update': {
    method: 'PUT',
    path: `/v1/clients/${CLIENT_A}`,
    body: { name: 'Aurora Shipping AS', orgNumber: '918 273 645', countryId: 'NO', active: true },
    expect: internalOnly(200),
  },
  'users-me': { method: 'GET', path: '/v1/users/me', expect: everyone(200) },
  // Seeded internal accounts have photos in the directory; the External ones have none (404, not 403).
  'users-me-photo': { method: 'GET', path: '/v1/users/me/photo/120x120', expect: { ...everyone(404), staff: 200, super: 200 } },
};

describe('authorization matrix', () => {
  it('covers every route of the route table', () => {
    const missing = routes.map((r) => r.name).filter((name) => !(name in matrix));
    expect(missing, 'routes without an entry in the authorization matrix').toEqual([]);
    for (const route of routes) expect(route.methods).toContain(matrix[route.name].method);
  });

  for (const [name, sample] of Object.entries(matrix)) {
    it(`${name}: ${sample.method} ${sample.path}`, async () => {
      const actual: Partial<Callers> = {};
      for (const caller of Object.keys(sample.expect) as AnyCaller[]) {
        actual[caller] = (await call(caller, sample.method, sample.path, { body: sample.body })).status;
      }
      expect(actual).toEqual(sample.expect);
    });
  }
});
