import { describe, expect, it } from 'vitest';
import { formatDayRange, isCurrentEvent, sortTimeline, timelineEventSchema, timelineSectionSchema, validate } from '../src/index.ts';

const day = (d: string) => `${d}T00:00:00.000Z`;
/** A fixed clock: 5 March 2026, midday local time. */
const now = new Date(2026, 2, 5, 12, 0, 0);

describe('current events (shown in bold)', () => {
  it('is current when it started today or earlier and ends after today', () => {
    expect(isCurrentEvent({ startDate: day('2026-03-01'), endDate: day('2026-03-06') }, now)).toBe(true);
    expect(isCurrentEvent({ startDate: day('2026-03-05'), endDate: day('2026-03-06') }, now)).toBe(true);
  });
  it('is not current once it ends today or earlier, or before it starts', () => {
    expect(isCurrentEvent({ startDate: day('2026-03-01'), endDate: day('2026-03-05') }, now)).toBe(false);
    expect(isCurrentEvent({ startDate: day('2026-03-06'), endDate: day('2026-03-09') }, now)).toBe(false);
  });
  it('an open-ended event is current only on its start day', () => {
    expect(isCurrentEvent({ startDate: day('2026-03-05'), endDate: null }, now)).toBe(true);
    expect(isCurrentEvent({ startDate: day('2026-03-04'), endDate: null }, now)).toBe(false);
    // A move's today is the move's (issue 55): 23:30 UTC on 4 March is 5 March in Oslo, 4 March in New York.
    const late = new Date('2026-03-04T23:30:00Z');
    expect(isCurrentEvent({ startDate: day('2026-03-05'), endDate: null }, late, 'Europe/Oslo')).toBe(true);
    expect(isCurrentEvent({ startDate: day('2026-03-05'), endDate: null }, late, 'America/New_York')).toBe(false);
  });
});

describe('event days', () => {
  it('shows one day, a same-month range abbreviated, and longer ranges in full', () => {
    expect(formatDayRange(day('2026-03-03'), null)).toBe('3 March 2026');
    expect(formatDayRange(day('2026-03-03'), day('2026-03-03'))).toBe('3 March 2026');
    expect(formatDayRange(day('2026-03-03'), day('2026-03-07'))).toBe('3–7 March 2026');
    expect(formatDayRange(day('2026-02-27'), day('2026-03-02'))).toBe('27 February – 2 March 2026');
    expect(formatDayRange(day('2025-12-30'), day('2026-01-02'))).toBe('30 December 2025 – 2 January 2026');
  });
});

describe('timeline validation', () => {
  it('stores day-only dates at 00:00:00.000Z and refuses impossible days and other times of day', async () => {
    expect(await validate(timelineSectionSchema, { title: 'A', date: '2026-03-03' })).toMatchObject({ ok: true, value: { date: day('2026-03-03') } });
    expect(await validate(timelineSectionSchema, { title: 'A', date: '2026-02-30' })).toEqual({ ok: false, fields: { date: 'invalid date' } });
    // One rule for a day everywhere (dates.ts): a time other than midnight is refused, not truncated.
    expect(await validate(timelineSectionSchema, { title: 'A', date: '2026-03-03T15:20:00.000Z' })).toEqual({ ok: false, fields: { date: 'invalid date' } });
  });

  it('requires section title and date, and says invalid date for a bad one', async () => {
    expect(await validate(timelineSectionSchema, { title: '', date: '' })).toEqual({
      ok: false,
      fields: { title: 'field is required', date: 'field is required' },
    });
    expect(await validate(timelineSectionSchema, { title: 'A', date: '31.02.2026' })).toEqual({ ok: false, fields: { date: 'invalid date' } });
  });

  it('sends an empty description and end date as null', async () => {
    const result = await validate(timelineEventSchema, { title: 'Keys', description: '  ', startDate: '2026-03-03', endDate: '' });
    expect(result).toEqual({ ok: true, value: { title: 'Keys', description: null, startDate: day('2026-03-03'), endDate: null } });
  });

  it('needs the end at least one day after the start, and a description of at most 255 characters', async () => {
    const same = await validate(timelineEventSchema, { title: 'A', startDate: '2026-03-03', endDate: '2026-03-03' });
    expect(same).toEqual({ ok: false, fields: { endDate: 'end date must be at least one day after the start date' } });
    expect((await validate(timelineEventSchema, { title: 'A', startDate: '2026-03-03', endDate: '2026-03-04' })).ok).toBe(true);
    expect(await validate(timelineEventSchema, { title: 'A', startDate: '2026-03-03', description: 'x'.repeat(256) })).toEqual({
      ok: false,
      fields: { description: 'maximum 255 characters' },
    });
    expect((await validate(timelineEventSchema, { title: 'A', startDate: '2026-03-03', description: 'x'.repeat(255) })).ok).toBe(true);
  });

  it('sorts sections by date and events by start', () => {
    const sorted = sortTimeline([
      { title: 'B', date: day('2026-04-01'), events: [] },
      {
        title: 'A',
        date: day('2026-03-01'),
        events: [
          { id: '2', title: 'late', description: null, startDate: day('2026-03-09'), endDate: null },
          { id: '1', title: 'early', description: null, startDate: day('2026-03-02'), endDate: null },
        ],
      },
    ]);
    expect(sorted.map((s) => s.title)).toEqual(['A', 'B']);
    expect(sorted[0].events.map((e) => e.title)).toEqual(['early', 'late']);
  });
});
