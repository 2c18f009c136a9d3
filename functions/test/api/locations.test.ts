import { describe, expect, it } from 'vitest';
import { call, CLIENT_A, CLIENT_B, ANY_ETAG } from './call.ts';

const LOCATION_A1 = 'l0000000-0000-4000-8000-000000000101';
const LOCATION_B1 = 'l0000000-0000-4000-8000-000000000201';
const UNKNOWN_CLIENT = 'c0000000-0000-4000-8000-0000000000ff';

const counts = async (clientId: string) => {
  const { body } = await call('staff', 'GET', `/v1/clients/${clientId}`);
  return { countOfLocations: body.countOfLocations, countOfActiveLocations: body.countOfActiveLocations, listed: body.locations.length };
};

describe('locations', () => {
  it('lists every location with its client name and country, sorted by client name', async () => {
    const { status, body } = await call('staff', 'GET', '/v1/locations');
    expect(status).toBe(200);
    const a1 = body.find((l: { id: string }) => l.id === LOCATION_A1);
    expect(a1).toMatchObject({
      name: 'Aurora HQ Bjørvika',
      clientId: CLIENT_A,
      country: { id: 'NO', name: 'Norway' },
      client: { id: CLIENT_A, name: 'Aurora Shipping AS', country: { id: 'NO', name: 'Norway' } },
      services: { move: { isEnabled: true } },
    });
    const names = body.map((l: { client: { name: string } }) => l.client.name);
    expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y, 'en')));
  });

  it("gives an External user their own client's locations and refuses another client's", async () => {
    expect((await call('extA', 'GET', `/v1/clients/${CLIENT_A}/locations/${LOCATION_A1}`)).body).toMatchObject({
      name: 'Aurora HQ Bjørvika',
      client: { id: CLIENT_A, name: 'Aurora Shipping AS' },
      country: { id: 'NO', name: 'Norway' },
      isOffice: true,
    });
    expect((await call('extA', 'GET', `/v1/clients/${CLIENT_B}/locations/${LOCATION_B1}`)).status).toBe(403);
    expect((await call('extA', 'GET', `/v1/clients/${CLIENT_B}/locations`)).status).toBe(403);
    expect((await call('extA', 'GET', '/v1/locations')).status).toBe(403);
    const list = await call('extA', 'GET', `/v1/clients/${CLIENT_A}/locations`);
    expect(list.body.map((l: { clientId: string }) => l.clientId)).toEqual(list.body.map(() => CLIENT_A));
  });

  it('does not find a location under the wrong client (the partition key is the client)', async () => {
    expect((await call('staff', 'GET', `/v1/clients/${CLIENT_B}/locations/${LOCATION_A1}`)).status).toBe(404);
    expect((await call('staff', 'GET', `/v1/clients/${UNKNOWN_CLIENT}/locations/${LOCATION_A1}`)).body.error.message).toBe('client not found');
  });

  it("creates a location and keeps the client's location counts true", async () => {
    const before = await counts(CLIENT_B);
    const created = await call('staff', 'POST', `/v1/clients/${CLIENT_B}/locations`, {
      body: { name: '  Boreal Malmö ', address: 'Stortorget 1', city: 'Malmö', countryId: 'SE', isOffice: true, isStorage: true },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Boreal Malmö',
      clientId: CLIENT_B,
      country: { id: 'SE', name: 'Sweden' },
      isOffice: true,
      isStorage: true,
      isProduction: false,
      services: { move: { id: null, isEnabled: false } },
      createdBy: 'u0000000-0000-4000-8000-000000000002',
    });
    expect(created.headers.get('etag')).toBeTruthy();
    const after = await counts(CLIENT_B);
    expect(after).toEqual({ countOfLocations: before.countOfLocations + 1, countOfActiveLocations: before.countOfActiveLocations, listed: before.listed + 1 });
    expect(after.countOfLocations).toBe(after.listed);
  });

  it('edits a location, keeps its move service, refuses a stale ETag and recounts', async () => {
    const path = `/v1/clients/${CLIENT_A}/locations/l0000000-0000-4000-8000-000000000102`;
    const current = await call('staff', 'GET', path);
    const body = { name: 'Aurora Bergen Terminal', address: 'Kokstadvegen 6', city: 'Bergen', countryId: 'NO', isStorage: true, isProduction: false };
    const saved = await call('staff', 'PUT', path, { body, headers: { 'If-Match': current.body.etag } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ address: 'Kokstadvegen 6', isProduction: false, services: current.body.services, createdAt: current.body.createdAt });
    const stale = await call('staff', 'PUT', path, { body: { ...body, city: 'Oslo' }, headers: { 'If-Match': current.body.etag } });
    expect(stale.status).toBe(412);
    expect((await call('staff', 'GET', path)).body.city).toBe('Bergen');
    const { countOfLocations, countOfActiveLocations, listed } = await counts(CLIENT_A);
    const detail = (await call('staff', 'GET', `/v1/clients/${CLIENT_A}`)).body;
    expect(countOfLocations).toBe(listed);
    expect(countOfActiveLocations).toBe(detail.locations.filter((l: { services: { move: { isEnabled: boolean } } }) => l.services.move.isEnabled).length);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const before = (await call('staff', 'GET', '/v1/locations')).body.length;
    const missing = await call('staff', 'POST', `/v1/clients/${CLIENT_A}/locations`, { body: { name: '', isOffice: true } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({
      name: 'field is required',
      countryId: 'field is required',
      address: 'field is required',
      city: 'field is required',
    });
    const badCountry = await call('staff', 'POST', `/v1/clients/${CLIENT_A}/locations`, { body: { name: 'X', address: 'Y', city: 'Z', countryId: 'ZZ' } });
    expect(badCountry.status).toBe(400);
    expect(badCountry.body.error.fields).toEqual({ countryId: 'please select' });
    const unknownClient = await call('staff', 'POST', `/v1/clients/${UNKNOWN_CLIENT}/locations`, {
      body: { name: 'X', address: 'Y', city: 'Z', countryId: 'NO' },
    });
    expect(unknownClient.status).toBe(404);
    expect(unknownClient.body.error.message).toBe('client not found');
    const unknownLocation = await call('staff', 'PUT', `/v1/clients/${CLIENT_A}/locations/nope`, {
      body: { name: 'X', address: 'Y', city: 'Z', countryId: 'NO' },
      headers: ANY_ETAG,
    });
    expect(unknownLocation.status).toBe(404);
    expect((await call('staff', 'GET', '/v1/locations')).body.length).toBe(before);
  });
});
