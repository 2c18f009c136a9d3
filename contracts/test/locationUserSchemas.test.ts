import { describe, expect, it } from 'vitest';
import { inviteUserSchema, locationSchema, updateUserSchema, validate } from '../src/index.ts';

describe('location schema', () => {
  it('requires name, country, address and city with the spec message', async () => {
    expect(await validate(locationSchema, { name: ' ', isOffice: true })).toEqual({
      ok: false,
      fields: { name: 'field is required', countryId: 'field is required', address: 'field is required', city: 'field is required' },
    });
  });

  it('defaults the property flags to false and trims text', async () => {
    expect(await validate(locationSchema, { name: ' HQ ', countryId: 'NO', address: 'Gate 1', city: 'Oslo', isStorage: true })).toEqual({
      ok: true,
      value: { name: 'HQ', countryId: 'NO', address: 'Gate 1', city: 'Oslo', isOffice: false, isStorage: true, isProduction: false },
    });
  });

  it('refuses unknown fields, so a body cannot set the client or the move service', async () => {
    expect((await validate(locationSchema, { name: 'A', countryId: 'NO', address: 'a', city: 'c', clientId: 'x' })).ok).toBe(false);
    expect((await validate(locationSchema, { name: 'A', countryId: 'NO', address: 'a', city: 'c', services: { move: { isEnabled: true } } })).ok).toBe(false);
  });
});

describe('user schemas', () => {
  it('requires name, a valid email and a client', async () => {
    expect(await validate(inviteUserSchema, {})).toEqual({
      ok: false,
      fields: { name: 'field is required', email: 'field is required', clientId: 'field is required' },
    });
    expect(await validate(inviteUserSchema, { name: 'N', email: 'not-an-email', clientId: 'c' })).toEqual({
      ok: false,
      fields: { email: 'field must be a valid email' },
    });
    expect(await validate(inviteUserSchema, { name: ' N ', email: ' n@x.test ', clientId: 'c' })).toEqual({
      ok: true,
      value: { name: 'N', email: 'n@x.test', clientId: 'c' },
    });
  });

  it('lets an update change only the client', async () => {
    expect(await validate(updateUserSchema, { clientId: 'c' })).toEqual({ ok: true, value: { clientId: 'c' } });
    expect((await validate(updateUserSchema, { clientId: 'c', name: 'Other' })).ok).toBe(false);
    expect(await validate(updateUserSchema, { clientId: '' })).toEqual({ ok: false, fields: { clientId: 'field is required' } });
  });
});
