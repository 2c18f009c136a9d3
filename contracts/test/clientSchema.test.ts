import { describe, expect, it } from 'vitest';
import { clientSchema, format, messages, validate } from '../src/index.ts';

describe('client schema', () => {
  it('requires name, org number and country with the spec message', async () => {
    const result = await validate(clientSchema, { name: ' ', orgNumber: '', countryId: '' });
    expect(result).toEqual({ ok: false, fields: { name: 'field is required', orgNumber: 'field is required', countryId: 'field is required' } });
  });

  it('defaults active to false and trims text', async () => {
    const result = await validate(clientSchema, { name: '  Aurora  ', orgNumber: '1', countryId: 'NO' });
    expect(result).toEqual({ ok: true, value: { name: 'Aurora', orgNumber: '1', countryId: 'NO', active: false } });
  });

  it('refuses unknown fields, so a body cannot set ids or counts', async () => {
    const result = await validate(clientSchema, { name: 'A', orgNumber: '1', countryId: 'NO', countOfLocations: 5 });
    expect(result.ok).toBe(false);
  });

  it('fills message placeholders', () => {
    expect(format(messages.validation.minimum, { minimum: 1 })).toBe('minimum amount is 1');
  });
});
