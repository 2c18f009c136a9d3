import { describe, expect, it } from 'vitest';
import { call, CLIENT_A, CLIENT_B, ANY_ETAG } from './call.ts';

const STAFF_ID = 'u0000000-0000-4000-8000-000000000002';

describe('clients API', () => {
  it('lists clients sorted by name with their country and location counts', async () => {
    const { status, body } = await call('staff', 'GET', '/v1/clients');
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(12);
    const names = body.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    const aurora = body.find((c: { id: string }) => c.id === CLIENT_A);
    expect(aurora).toMatchObject({ name: 'Aurora Shipping AS', country: { id: 'NO', name: 'Norway' }, countOfLocations: 2, countOfActiveLocations: 1 });
  });

  it('returns a client with its locations to its own External user, and refuses another client', async () => {
    const own = await call('extA', 'GET', `/v1/clients/${CLIENT_A}`);
    expect(own.status).toBe(200);
    expect(own.body.locations.map((l: { name: string }) => l.name)).toEqual(['Aurora Bergen Terminal', 'Aurora HQ Bjørvika']);
    expect(own.headers.get('etag')).toBe(own.body.etag);
    const other = await call('extA', 'GET', `/v1/clients/${CLIENT_B}`);
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('forbidden');
  });

  it('creates a client and reads it back', async () => {
    const created = await call('staff', 'POST', '/v1/clients', { body: { name: 'Created Oy', orgNumber: '1234567-8', countryId: 'FI', active: false } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Created Oy', country: { id: 'FI', name: 'Finland' }, countOfLocations: 0, active: false });
    const read = await call('staff', 'GET', `/v1/clients/${created.body.id}`);
    expect(read.body).toMatchObject({ name: 'Created Oy', locations: [] });
    // The author comes from the verified token, never from the request body.
    expect(read.body.createdBy).toBe(STAFF_ID);
  });

  it('rejects invalid input with field errors and stores nothing', async () => {
    const before = (await call('staff', 'GET', '/v1/clients')).body.length;
    const missing = await call('staff', 'POST', '/v1/clients', { body: { name: '', orgNumber: '', countryId: '' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ name: 'field is required', orgNumber: 'field is required', countryId: 'field is required' });
    const badCountry = await call('staff', 'POST', '/v1/clients', { body: { name: 'X', orgNumber: '1', countryId: 'XX' } });
    expect(badCountry.status).toBe(400);
    expect(badCountry.body.error.fields).toEqual({ countryId: 'please select' });
    expect((await call('staff', 'GET', '/v1/clients')).body.length).toBe(before);
  });

  it('updates with the current ETag and refuses a stale one with 412, leaving the data as it was', async () => {
    const created = await call('staff', 'POST', '/v1/clients', { body: { name: 'Etag GmbH', orgNumber: 'HRB 1', countryId: 'DE', active: true } });
    const etag = created.headers.get('etag')!;
    const first = await call('staff', 'PUT', `/v1/clients/${created.body.id}`, {
      body: { name: 'Etag GmbH renamed', orgNumber: 'HRB 1', countryId: 'DE', active: true },
      headers: { 'If-Match': etag },
    });
    expect(first.status).toBe(200);
    expect(first.body.name).toBe('Etag GmbH renamed');
    const stale = await call('super', 'PUT', `/v1/clients/${created.body.id}`, {
      body: { name: 'Lost update', orgNumber: 'HRB 1', countryId: 'DE', active: true },
      headers: { 'If-Match': etag },
    });
    expect(stale.status).toBe(412);
    expect((await call('staff', 'GET', `/v1/clients/${created.body.id}`)).body.name).toBe('Etag GmbH renamed');
  });

  it('answers 404 for a client that does not exist', async () => {
    expect((await call('staff', 'GET', '/v1/clients/does-not-exist')).status).toBe(404);
    const put = await call('staff', 'PUT', '/v1/clients/does-not-exist', { body: { name: 'X', orgNumber: '1', countryId: 'NO' }, headers: ANY_ETAG });
    expect(put.status).toBe(404);
  });
});
