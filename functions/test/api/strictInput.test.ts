import { describe, expect, it } from 'vitest';
import { ANY_ETAG, call, CLIENT_A } from './call.ts';

const LEASE_A1 = `${CLIENT_A}_e0000000-0000-4000-8000-000000000001`;
const REMINDER_A1 = `${LEASE_A1}_d0000000-0000-4000-8000-000000000001`;
const client = { name: 'Strict AS', orgNumber: '555 000 111', countryId: 'NO', active: true };

const clientNames = async () => (await call('staff', 'GET', '/v1/clients')).body.map((c: { name: string }) => c.name) as string[];
const leaseTitles = async () => (await call('staff', 'GET', `/v1/clients/${CLIENT_A}/leases`)).body.map((l: { title: string }) => l.title) as string[];

describe('no coercion on the server: a value of the wrong JSON type is a 400 with a field error', () => {
  it('refuses a boolean sent as a list or a string, and stores nothing', async () => {
    const before = await clientNames();
    for (const active of [[true], 'true', 1]) {
      const answer = await call('staff', 'POST', '/v1/clients', { body: { ...client, active } });
      expect(answer.status, JSON.stringify(active)).toBe(400);
      expect(answer.body.error.fields).toEqual({ active: 'must be true or false' });
    }
    expect(await clientNames()).toEqual(before);
  });

  it('refuses numbers sent as lists or text, infinite numbers and numbers where text goes', async () => {
    const before = await leaseTitles();
    const path = `/v1/clients/${CLIENT_A}/leases`;
    const areaList = await call('staff', 'POST', path, { body: { title: 'Strict lease', areaSpace: [1] } });
    expect(areaList.status).toBe(400);
    expect(areaList.body.error.fields).toEqual({ areaSpace: 'field must be a number' });
    const areaText = await call('staff', 'POST', path, { body: { title: 'Strict lease', areaSpace: '12' } });
    expect(areaText.body.error.fields).toEqual({ areaSpace: 'field must be a number' });
    const infinite = await call('staff', 'POST', path, { rawBody: '{"title":"Strict lease","leasePrice":1e309,"floors":1e309}' });
    expect(infinite.status).toBe(400);
    expect(infinite.body.error.fields).toEqual({ leasePrice: 'field must be a number', floors: 'must be text' });
    const people = await call('staff', 'POST', path, { body: { title: 'Strict lease', numberOfPeople: 12.5, seats: -1 } });
    expect(people.status).toBe(400);
    expect(people.body.error.fields).toEqual({ numberOfPeople: 'must be a whole number', seats: 'must not be negative' });
    expect(await leaseTitles()).toEqual(before);
  });

  it('refuses done sent as a list on a reminder', async () => {
    const answer = await call('staff', 'PUT', `/v1/reminders/${REMINDER_A1}`, {
      body: { title: 't', description: 'd', dueDate: '2030-01-01', done: [true] },
      headers: ANY_ETAG,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({ done: 'must be true or false' });
  });
});

describe('text is well-formed Unicode without control characters', () => {
  it('refuses NUL bytes and lone surrogates, and stores nothing', async () => {
    const before = await clientNames();
    const nul = await call('staff', 'POST', '/v1/clients', { body: { ...client, name: 'Strict\u0000AS' } });
    expect(nul.status).toBe(400);
    expect(nul.body.error.fields).toEqual({ name: 'must not contain control characters' });
    const surrogate = await call('staff', 'POST', '/v1/clients', { rawBody: '{"name":"Strict \\ud800AS","orgNumber":"1","countryId":"NO"}' });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.error.fields).toEqual({ name: 'must be well-formed Unicode text' });
    const newline = await call('staff', 'POST', '/v1/clients', { body: { ...client, name: 'Strict\nAS' } });
    expect(newline.body.error.fields).toEqual({ name: 'must not contain control characters' });
    expect(await clientNames()).toEqual(before);
  });

  it('keeps newlines and tabs in multi-line fields', async () => {
    const created = await call('staff', 'POST', `/v1/clients/${CLIENT_A}/leases`, {
      body: { title: 'Lease with notes', description: 'first line\n\tindented', numberOfPeople: 12, areaSpace: 120.5 },
    });
    expect(created.status).toBe(201);
    const read = await call('staff', 'GET', `/v1/leases/${created.body.id}`);
    expect(read.body).toMatchObject({ description: 'first line\n\tindented', numberOfPeople: 12, areaSpace: 120.5 });
  });
});
