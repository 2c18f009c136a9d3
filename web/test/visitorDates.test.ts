import { describe, expect, it } from 'vitest';
import { dateTag, formatDay, formatEventDays, isCurrent, savedLine } from '../src/visitor/dates.ts';
import { langTag } from '../src/visitor/i18n.ts';

const day = (d: string) => `${d}T00:00:00.000Z`;

describe('visitor timeline dates', () => {
  it('writes a single day, a range within one month abbreviated, and a range across months in full', () => {
    expect(formatEventDays({ startDate: day('2026-12-01'), endDate: null }, 'en-GB')).toBe('1 December');
    // ICU puts (thin) spaces around the dash in some versions: compared with plain spaces.
    const plain = (text: string) => text.replace(/\s+/g, ' ');
    expect(plain(formatEventDays({ startDate: day('2026-12-07'), endDate: day('2026-12-11') }, 'en-GB'))).toMatch(/^7 ?– ?11 December$/);
    expect(plain(formatEventDays({ startDate: day('2026-11-30'), endDate: day('2026-12-02') }, 'en-GB'))).toBe('30 November – 2 December');
    expect(plain(formatEventDays({ startDate: day('2026-12-07'), endDate: day('2026-12-11') }, 'nb'))).toMatch(/^7\. ?– ?11\. desember$/);
  });

  it('writes the year when an event is not all in the current year', () => {
    const in2026 = new Date('2026-11-25T12:00:00');
    const plain = (text: string) => text.replace(/\s+/g, ' ');
    expect(formatEventDays({ startDate: day('2026-12-01'), endDate: null }, 'en-GB', in2026)).toBe('1 December');
    expect(formatEventDays({ startDate: day('2027-01-04'), endDate: null }, 'en-GB', in2026)).toBe('4 January 2027');
    expect(plain(formatEventDays({ startDate: day('2026-12-30'), endDate: day('2027-01-02') }, 'en-GB', in2026))).toBe('30 December 2026 – 2 January 2027');
    expect(formatEventDays({ startDate: day('2027-01-04'), endDate: null }, 'nb', in2026)).toBe('4. januar 2027');
  });

  it('writes Nynorsk dates in bokmål where Intl has no Nynorsk (Chromium), and in Nynorsk where it has', () => {
    expect(dateTag('nn', () => false)).toBe('nb');
    expect(dateTag('nn', () => true)).toBe('nn');
    expect(dateTag('de', () => false)).toBe('de');
    // Whatever this Node's ICU has, a Nynorsk date is never English.
    expect(formatDay(day('2026-11-24'), 'nn')).toMatch(/^24\. november 2026$/);
  });

  it('calls an event current from its start to the day before its end, or on its only day', () => {
    const at = (d: string) => new Date(`${d}T12:00:00`);
    const range = { startDate: day('2026-12-07'), endDate: day('2026-12-11') };
    expect(isCurrent(range, at('2026-12-06'))).toBe(false);
    expect(isCurrent(range, at('2026-12-07'))).toBe(true);
    expect(isCurrent(range, at('2026-12-10'))).toBe(true);
    expect(isCurrent(range, at('2026-12-11'))).toBe(false);
    expect(isCurrent({ startDate: day('2026-12-15'), endDate: null }, at('2026-12-15'))).toBe(true);
    expect(isCurrent({ startDate: day('2026-12-15'), endDate: null }, at('2026-12-16'))).toBe(false);
  });

  it("calls an event current by the day on the move's clock, not the phone's (issue 55)", () => {
    const range = { startDate: day('2026-12-07'), endDate: day('2026-12-11') };
    // 23:30 UTC on 6 December: 7 December in Oslo (started), still 6 December in New York.
    const lateOn6th = new Date('2026-12-06T23:30:00Z');
    expect(isCurrent(range, lateOn6th, 'Europe/Oslo')).toBe(true);
    expect(isCurrent(range, lateOn6th, 'America/New_York')).toBe(false);
    // The year is the move's too: 1 January 2027 in Oslo while New York is in 2026.
    const newYear = new Date('2026-12-31T23:30:00Z');
    expect(formatEventDays({ startDate: day('2027-01-04'), endDate: null }, 'en-GB', newYear, 'Europe/Oslo')).toBe('4 January');
    expect(formatEventDays({ startDate: day('2027-01-04'), endDate: null }, 'en-GB', newYear, 'America/New_York')).toBe('4 January 2027');
  });

  it("says when the saved copy was saved on the move's clock and names its zone (issue 55)", () => {
    expect(savedLine('Offline — saved {time} ({zone})', '2026-12-06T23:30:00Z', 'en', 'Europe/Oslo')).toBe('Offline — saved 00:30 (Europe/Oslo)');
    expect(savedLine('Frakoblet — lagret {time} ({zone})', '2026-12-06T13:05:00Z', 'nb', 'Europe/Oslo')).toBe('Frakoblet — lagret 14:05 (Europe/Oslo)');
  });

  it("uses the proper language tags of the data's codes", () => {
    expect(['en', 'no', 'nn', 'de', 'da', 'se'].map((c) => langTag(c as 'en'))).toEqual(['en', 'nb', 'nn', 'de', 'da', 'sv']);
  });
});
