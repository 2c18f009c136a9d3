import { describe, expect, it } from 'vitest';
import {
  brokeringSchema,
  clientSchema,
  inviteUserSchema,
  leaseBodySchema,
  leaseSchema,
  locationSchema,
  messages,
  reminderSchema,
  reminderUpdateBodySchema,
  timelineSectionPatchSchema,
  timelineSectionSchema,
  typeMessages,
  validate,
} from '../src/index.ts';

const client = { name: 'Aurora', orgNumber: '1', countryId: 'NO', active: true };
const lease = { title: 'HQ' };

describe('strict types: what JSON carries is what the field declares', () => {
  it('refuses a value of another JSON type instead of converting it', async () => {
    expect(await validate(clientSchema, { ...client, active: [true] })).toEqual({ ok: false, fields: { active: typeMessages.boolean } });
    expect(await validate(clientSchema, { ...client, active: 'true' })).toEqual({ ok: false, fields: { active: typeMessages.boolean } });
    expect(await validate(clientSchema, { ...client, name: 12 })).toEqual({ ok: false, fields: { name: typeMessages.string } });
    expect(await validate(clientSchema, { ...client, name: { $gt: '' } })).toEqual({ ok: false, fields: { name: typeMessages.string } });
    expect(await validate(leaseBodySchema, { ...lease, areaSpace: [1] })).toEqual({ ok: false, fields: { areaSpace: messages.validation.number } });
    expect(await validate(leaseBodySchema, { ...lease, areaSpace: '12' })).toEqual({ ok: false, fields: { areaSpace: messages.validation.number } });
    expect(await validate(leaseBodySchema, { ...lease, floors: JSON.parse('1e309') })).toEqual({ ok: false, fields: { floors: typeMessages.string } });
    expect(await validate(leaseBodySchema, { ...lease, locations: 'l1' })).toEqual({ ok: false, fields: { locations: typeMessages.array } });
    expect(await validate(reminderUpdateBodySchema, { title: 't', description: 'd', dueDate: '2026-01-01', done: [true] })).toEqual({
      ok: false,
      fields: { done: typeMessages.boolean },
    });
  });

  it('refuses null where the field is not nullable, and takes it where it is', async () => {
    expect(await validate(clientSchema, { ...client, name: null })).toEqual({ ok: false, fields: { name: typeMessages.notNull } });
    expect(await validate(leaseBodySchema, { ...lease, seats: null })).toEqual({ ok: false, fields: { seats: typeMessages.notNull } });
    expect((await validate(leaseBodySchema, { ...lease, leaseStart: null })).ok).toBe(true);
    const people = { name: 'P', clientContact: null, projectManager: null, teamMembers: [{ id: 'u1' }], documentPrefix: 'B', documentProjectId: 'P-1' };
    expect((await validate(brokeringSchema, people)).ok).toBe(true);
  });

  it('checks nested objects and arrays element by element', async () => {
    const people = { name: 'P', teamMembers: [{ id: 'u1' }, 'u2', { id: 7 }], documentPrefix: 'B', documentProjectId: 'P-1' };
    expect(await validate(brokeringSchema, { ...people, projectManager: [{ id: 'u1' }] })).toEqual({
      ok: false,
      fields: { projectManager: typeMessages.object, 'teamMembers[1]': typeMessages.object, 'teamMembers[2].id': typeMessages.string },
    });
    const section = { title: 'S', date: '2026-03-01', events: [{ title: ['E'], startDate: '2026-03-02', description: 5 }] };
    expect(await validate(timelineSectionSchema, section)).toEqual({
      ok: false,
      fields: { 'events[0].title': typeMessages.string, 'events[0].description': typeMessages.string },
    });
  });

  it('keeps prototype keys out: they are unknown fields, not lookups on the schema', async () => {
    const body = JSON.parse('{"name":"A","orgNumber":"1","countryId":"NO","__proto__":{"x":1},"constructor":{"prototype":{}}}');
    const result = await validate(clientSchema, body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.values(result.fields).join()).toMatch(/unknown field/);
  });
});

describe('strict numbers', () => {
  it('takes only finite numbers within the range of the field', async () => {
    expect(await validate(leaseBodySchema, { ...lease, leasePrice: Number.POSITIVE_INFINITY })).toEqual({
      ok: false,
      fields: { leasePrice: messages.validation.number },
    });
    expect(await validate(leaseBodySchema, { ...lease, areaSpace: -1 })).toEqual({ ok: false, fields: { areaSpace: messages.validation.notNegative } });
    expect(await validate(leaseBodySchema, { ...lease, sharedCost: 1e13 })).toEqual({ ok: false, fields: { sharedCost: messages.validation.tooLarge } });
    expect((await validate(leaseBodySchema, { ...lease, areaSpace: 12.5, leasePrice: 1000.5 })).ok).toBe(true);
  });

  it('takes whole numbers of people, seats and parking spaces', async () => {
    expect(await validate(leaseBodySchema, { ...lease, numberOfPeople: 12.5, seats: 0.1, numberOfParkingSpaces: 2.5 })).toEqual({
      ok: false,
      fields: { numberOfPeople: typeMessages.wholeNumber, seats: typeMessages.wholeNumber, numberOfParkingSpaces: typeMessages.wholeNumber },
    });
  });
});

describe('strict text', () => {
  it('refuses control characters and lone surrogates in any text field', async () => {
    expect(await validate(clientSchema, { ...client, name: 'A\u0000B' })).toEqual({ ok: false, fields: { name: typeMessages.control } });
    expect(await validate(clientSchema, { ...client, name: 'A\u001bB' })).toEqual({ ok: false, fields: { name: typeMessages.control } });
    expect(await validate(clientSchema, { ...client, name: 'A\u0085B' })).toEqual({ ok: false, fields: { name: typeMessages.control } });
    expect(await validate(clientSchema, { ...client, orgNumber: 'x\ud800' })).toEqual({ ok: false, fields: { orgNumber: typeMessages.unicode } });
    expect(await validate(clientSchema, { ...client, orgNumber: '\udc00x' })).toEqual({ ok: false, fields: { orgNumber: typeMessages.unicode } });
    expect(await validate(locationSchema, { name: 'L', countryId: 'NO', address: 'Street 1\nOslo', city: 'Oslo' })).toEqual({
      ok: false,
      fields: { address: typeMessages.control },
    });
    expect(await validate(inviteUserSchema, { name: 'A\tB', email: 'a@b.test', clientId: 'c1' })).toEqual({
      ok: false,
      fields: { name: typeMessages.control },
    });
  });

  it('takes any well-formed Unicode, and newlines and tabs in multi-line fields', async () => {
    expect((await validate(clientSchema, { ...client, name: 'Ærøskøbing 🚚 株式会社 \u200d' })).ok).toBe(true);
    expect((await validate(leaseBodySchema, { ...lease, description: 'line 1\r\n\tline 2' })).ok).toBe(true);
    expect(await validate(leaseBodySchema, { ...lease, description: 'line 1\u0000' })).toEqual({ ok: false, fields: { description: typeMessages.control } });
    expect((await validate(reminderUpdateBodySchema, { title: 't', description: 'a\nb', dueDate: '2026-01-01', doneComment: 'c\n\td' })).ok).toBe(true);
    const section = { title: 'S', date: '2026-03-01', events: [{ title: 'E', startDate: '2026-03-02', description: 'a\nb' }] };
    expect((await validate(timelineSectionSchema, section)).ok).toBe(true);
    expect(await validate(timelineSectionPatchSchema, { title: 'a\nb' })).toEqual({ ok: false, fields: { title: typeMessages.control } });
  });
});

describe('forms keep working: what a form casts and sends passes the strict server', () => {
  const now = new Date('2026-03-20T10:30:00.000Z');
  it('lease form values (numbers typed as text, empty dates) cast to a valid body', async () => {
    const schema = leaseSchema(now);
    const values = { title: ' HQ ', areaSpace: '120.5', numberOfPeople: '12', seats: '', leasePrice: 0, sharedCost: '', leaseStart: '', leaseEnd: null };
    const sent = JSON.parse(JSON.stringify(schema.cast(values)));
    expect(await validate(leaseBodySchema, sent)).toMatchObject({ ok: true, value: { title: 'HQ', areaSpace: 120.5, numberOfPeople: 12, seats: 0 } });
  });

  it('shows a fractional number of people as an error in the form', async () => {
    await expect(leaseSchema(now).validate({ title: 'HQ', numberOfPeople: '12.5' })).rejects.toThrow(typeMessages.wholeNumber);
  });

  it('reminder and client form values cast to valid bodies', async () => {
    const reminder = reminderSchema(now, { previousDueDate: '2026-03-01T00:00:00.000Z' }).cast({
      title: 't',
      description: 'd',
      dueDate: '2026-04-01T00:00:00.000Z',
      done: false,
      doneComment: '',
    });
    expect((await validate(reminderUpdateBodySchema, JSON.parse(JSON.stringify(reminder)))).ok).toBe(true);
    const sentClient = JSON.parse(JSON.stringify(clientSchema.cast({ name: 'A', orgNumber: '1', countryId: 'NO', active: false })));
    expect((await validate(clientSchema, sentClient)).ok).toBe(true);
  });
});
