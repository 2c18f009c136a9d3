import { describe, expect, it } from 'vitest';
import { call } from './call.ts';

const client = (name: string) => ({ name, orgNumber: 'IDEM 1', countryId: 'NO', active: true });
const countNamed = async (name: string) => (await call('staff', 'GET', '/v1/clients')).body.filter((c: { name: string }) => c.name === name).length;

describe('Idempotency-Key on creates', () => {
  it('answers a repeated create with the first result and stores it once', async () => {
    const headers = { 'Idempotency-Key': 'form-0001-aaaa' };
    const first = await call('staff', 'POST', '/v1/clients', { body: client('Idem once AS'), headers });
    const again = await call('staff', 'POST', '/v1/clients', { body: client('Idem once AS'), headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await countNamed('Idem once AS')).toBe(1);
  });

  it('stores one client when three identical requests arrive at once', async () => {
    const headers = { 'Idempotency-Key': 'form-0002-bbbb' };
    const answers = await Promise.all([1, 2, 3].map(() => call('staff', 'POST', '/v1/clients', { body: client('Idem burst AS'), headers })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await countNamed('Idem burst AS')).toBe(1);
  });

  it('keeps keys apart per user, refuses a key reused for another request, and lets a failed create be retried', async () => {
    const headers = { 'Idempotency-Key': 'form-0003-cccc' };
    const staff = await call('staff', 'POST', '/v1/clients', { body: client('Idem staff AS'), headers });
    const other = await call('super', 'POST', '/v1/clients', { body: client('Idem super AS'), headers });
    expect(other.body.id).not.toBe(staff.body.id);
    expect((await call('staff', 'POST', '/v1/clients', { body: client('Idem changed AS'), headers })).status).toBe(422);

    const retry = { 'Idempotency-Key': 'form-0004-dddd' };
    expect((await call('staff', 'POST', '/v1/clients', { body: { ...client('Idem retry AS'), countryId: 'XX' }, headers: retry })).status).toBe(400);
    // Nothing was stored, so the key was released: the corrected form may send it again.
    expect((await call('staff', 'POST', '/v1/clients', { body: client('Idem retry AS'), headers: retry })).status).toBe(201);
    expect((await call('staff', 'POST', '/v1/clients', { body: client('Idem retry AS'), headers: { 'Idempotency-Key': 'no' } })).status).toBe(400);
  });
});
