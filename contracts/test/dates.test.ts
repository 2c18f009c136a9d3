import { describe, expect, it } from 'vitest';
import { formatDayRange, formatDayTime, formatDottedDay, formatLongDay, parseDottedDay, startOfUtcDay, toIsoDay } from '../src/index.ts';

const day = (d: string) => `${d}T00:00:00.000Z`;

describe('one rule for a day', () => {
  it('takes YYYY-MM-DD and a midnight-UTC timestamp, and refuses other times, impossible days and other types', () => {
    expect(toIsoDay('2026-03-03')).toBe(day('2026-03-03'));
    expect(toIsoDay('2026-03-03T00:00:00.000Z')).toBe(day('2026-03-03'));
    expect(toIsoDay('2026-03-03T00:00+00:00')).toBe(day('2026-03-03'));
    expect(toIsoDay('2026-03-03T15:20:00.000Z')).toBeNull();
    expect(toIsoDay('2026-02-30')).toBeNull();
    expect(toIsoDay('1899-12-31')).toBeNull();
    expect(toIsoDay(20260303)).toBeNull();
  });

  it('reads what people type in DD.MM.YYYY, with or without leading zeros', () => {
    expect(parseDottedDay('03.03.2026')).toBe(day('2026-03-03'));
    expect(parseDottedDay(' 3.3.2026 ')).toBe(day('2026-03-03'));
    expect(parseDottedDay('31.13.2027')).toBeNull();
    expect(parseDottedDay('29.02.2027')).toBeNull();
    expect(parseDottedDay('03/03/2026')).toBeNull();
  });

  it('starts a UTC day at midnight whatever the hour', () => {
    expect(startOfUtcDay(new Date('2026-03-20T23:59:59.999Z'))).toBe(day('2026-03-20'));
  });
});

describe('the spec formats', () => {
  it('shows DD.MM.YYYY and D MMMM YYYY of the stored UTC day, and nothing for nothing', () => {
    expect(formatDottedDay(day('2026-03-03'))).toBe('03.03.2026');
    expect(formatLongDay(day('2026-03-03'))).toBe('3 March 2026');
    expect(formatDottedDay(null)).toBe('');
    expect(formatDottedDay('not a date')).toBe('');
  });

  it('shows YYYY-MM-DD HH:mm in the viewer’s time zone', () => {
    const at = new Date(2026, 2, 3, 9, 5);
    expect(formatDayTime(at.toISOString())).toBe('2026-03-03 09:05');
  });

  it('abbreviates a range within one month and one year', () => {
    expect(formatDayRange(day('2026-03-03'), day('2026-03-07'))).toBe('3–7 March 2026');
    expect(formatDayRange(day('2026-02-27'), day('2026-03-02'))).toBe('27 February – 2 March 2026');
  });
});
