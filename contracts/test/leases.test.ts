import { describe, expect, it } from 'vitest';
import { filterReminders, formatDottedDay, leaseSchema, messages, parseDottedDay, reminderFlags, reminderSchema, toIsoDay, validate } from '../src/index.ts';

// A fixed clock: Friday 20 March 2026, 10:30 UTC.
const now = new Date('2026-03-20T10:30:00.000Z');
const day = (d: string) => `${d}T00:00:00.000Z`;

describe('day-only dates', () => {
  it('normalises ISO days to 00:00:00.000Z and refuses impossible days and other times', () => {
    expect(toIsoDay('2026-03-01')).toBe(day('2026-03-01'));
    expect(toIsoDay('2026-03-01T00:00:00Z')).toBe(day('2026-03-01'));
    expect(toIsoDay('2026-02-30')).toBeNull();
    expect(toIsoDay('2026-03-01T13:00:00Z')).toBeNull();
    expect(toIsoDay('01.03.2026')).toBeNull();
    expect(toIsoDay(20260301)).toBeNull();
  });

  it('reads and writes DD.MM.YYYY', () => {
    expect(parseDottedDay('1.3.2026')).toBe(day('2026-03-01'));
    expect(parseDottedDay('31.04.2026')).toBeNull();
    expect(parseDottedDay('2026-03-01')).toBeNull();
    expect(formatDottedDay(day('2026-03-01'))).toBe('01.03.2026');
    expect(formatDottedDay(null)).toBe('');
  });
});

describe('lease schema', () => {
  it('requires a title and fills numeric defaults with 0', async () => {
    expect(await validate(leaseSchema(now), {})).toEqual({ ok: false, fields: { title: messages.validation.required } });
    const result = await validate(leaseSchema(now), { title: ' HQ ' });
    expect(result.ok && result.value).toMatchObject({ title: 'HQ', areaSpace: 0, leasePrice: 0, sharedCost: 0, locations: [], leaseStart: null });
  });

  it('refuses negative numbers, bad dates and unknown fields', async () => {
    const result = await validate(leaseSchema(now), { title: 'x', seats: -1, leaseStart: '2026-13-01', remindersCount: 4 });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.fields.seats).toBe(messages.validation.notNegative);
      expect(result.fields.leaseStart).toBe(messages.validation.invalidDate);
      expect(Object.values(result.fields).join()).toMatch(/unknown field/);
    }
  });

  it('refuses a lease end before the start, or before today when there is no start', async () => {
    const before = await validate(leaseSchema(now), { title: 'x', leaseStart: '2026-05-01', leaseEnd: '2026-04-30' });
    expect(before).toEqual({ ok: false, fields: { leaseEnd: messages.validation.leaseEndBeforeStart } });
    expect((await validate(leaseSchema(now), { title: 'x', leaseStart: '2020-01-01', leaseEnd: '2021-01-01' })).ok).toBe(true);
    const past = await validate(leaseSchema(now), { title: 'x', leaseEnd: '2026-03-19' });
    expect(past).toEqual({ ok: false, fields: { leaseEnd: messages.validation.leaseEndBeforeToday } });
    expect((await validate(leaseSchema(now), { title: 'x', leaseEnd: '2026-03-20' })).ok).toBe(true);
    // An edit may keep a lease end that has passed since it was saved.
    expect((await validate(leaseSchema(now, day('2026-03-19')), { title: 'x', leaseEnd: day('2026-03-19') })).ok).toBe(true);
  });
});

describe('reminder schema', () => {
  it('requires title, description and due date', async () => {
    const r = messages.validation.required;
    expect(await validate(reminderSchema(now), { title: '', description: ' ' })).toEqual({
      ok: false,
      fields: { title: r, description: r, dueDate: r },
    });
  });

  it('refuses a due date in the past on create, allows today, and stores the day at 00:00Z', async () => {
    expect(await validate(reminderSchema(now), { title: 't', description: 'd', dueDate: '2026-03-19' })).toEqual({
      ok: false,
      fields: { dueDate: messages.validation.datePast },
    });
    expect(await validate(reminderSchema(now), { title: 't', description: 'd', dueDate: '2026-03-20' })).toEqual({
      ok: true,
      value: { title: 't', description: 'd', dueDate: day('2026-03-20') },
    });
  });

  it('takes done and done comment only when editing, and keeps an unchanged past due date', async () => {
    expect((await validate(reminderSchema(now), { title: 't', description: 'd', dueDate: '2026-04-01', done: true })).ok).toBe(false);
    const editing = reminderSchema(now, { previousDueDate: day('2026-03-01') });
    const kept = await validate(editing, { title: 't', description: 'd', dueDate: day('2026-03-01'), done: true, doneComment: 'ok' });
    expect(kept.ok).toBe(true);
    const moved = await validate(editing, { title: 't', description: 'd', dueDate: '2026-03-02' });
    expect(moved).toEqual({ ok: false, fields: { dueDate: messages.validation.datePast } });
  });
});

describe('reminder states and filters', () => {
  const r = (id: string, dueDate: string, done = false, sentAt: string | null = null) => ({ id, dueDate: day(dueDate), done, sentAt });

  it('derives unsent and upcoming', () => {
    expect(reminderFlags(r('a', '2026-03-19'), now)).toEqual({ unsent: true, upcoming: false });
    expect(reminderFlags(r('b', '2026-03-21'), now)).toEqual({ unsent: false, upcoming: true });
    expect(reminderFlags(r('c', '2026-03-21', true), now)).toEqual({ unsent: false, upcoming: false });
    expect(reminderFlags(r('d', '2026-03-19', false, '2026-03-19T00:05:00Z'), now)).toEqual({ unsent: false, upcoming: false });
    // Due today (00:00Z has passed) counts as due.
    expect(reminderFlags(r('e', '2026-03-20'), now)).toEqual({ unsent: true, upcoming: false });
  });

  const rows = [r('late', '2026-04-10'), r('doneOld', '2026-01-01', true), r('old', '2026-03-01'), r('today', '2026-03-20'), r('doneNew', '2026-05-01', true)];
  const ids = (list: { id: string }[]) => list.map((x) => x.id);

  it('shows pending by default semantics, all, or done; sorted by due date ascending', () => {
    expect(ids(filterReminders(rows, { show: 'pending', hidePast: false }, now))).toEqual(['old', 'today', 'late']);
    expect(ids(filterReminders(rows, { show: 'done', hidePast: false }, now))).toEqual(['doneOld', 'doneNew']);
    expect(ids(filterReminders(rows, { show: 'all', hidePast: false }, now))).toEqual(['doneOld', 'old', 'today', 'late', 'doneNew']);
  });

  it('hides reminders due before today when asked, keeping today', () => {
    expect(ids(filterReminders(rows, { show: 'all', hidePast: true }, now))).toEqual(['today', 'late', 'doneNew']);
  });
});
