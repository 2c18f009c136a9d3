import { describe, expect, it } from 'vitest';
import { defaultPassLastDay, moversPassLink, passEndOf } from '../src/moversPass.ts';

const now = new Date('2026-11-25T15:00:00Z');
const section = (date: string, events: { startDate: string; endDate: string | null }[] = []) => ({
  date: `${date}T00:00:00.000Z`,
  events: events.map((e) => ({ id: 'e', title: 't', description: '', ...e })),
});

describe("a movers' pass's days", () => {
  it('lasts until a week after the last date of the timeline, events included', () => {
    expect(defaultPassLastDay([section('2026-12-01', [{ startDate: '2026-12-03', endDate: '2026-12-05' }]), section('2026-11-30')], now)).toBe('2026-12-12');
  });
  it('lasts 30 days when the timeline has no date, or only dates more than a week past', () => {
    expect(defaultPassLastDay([], now)).toBe('2026-12-25');
    expect(defaultPassLastDay([section('2026-10-01')], now)).toBe('2026-12-25');
  });
  it('never lasts beyond a year', () => {
    expect(defaultPassLastDay([section('2029-01-01')], now)).toBe('2027-11-25');
  });
  it("ends at the end of its last day on the move's clock (issue 55), and its link carries the token in the fragment", () => {
    expect(passEndOf('2026-12-12', 'UTC')).toBe('2026-12-12T23:59:59.000Z');
    // Oslo is an hour ahead of UTC in December and two in June; Auckland thirteen in December.
    expect(passEndOf('2026-12-12', 'Europe/Oslo')).toBe('2026-12-12T22:59:59.000Z');
    expect(passEndOf('2026-06-12', 'Europe/Oslo')).toBe('2026-06-12T21:59:59.000Z');
    expect(passEndOf('2026-12-12', 'Pacific/Auckland')).toBe('2026-12-12T10:59:59.000Z');
    expect(passEndOf('2026-12-12', 'America/New_York')).toBe('2026-12-13T04:59:59.000Z');
    expect(moversPassLink('https://move.example/aurora-hq/', 'tok_en')).toBe('https://move.example/aurora-hq/pass#tok_en');
  });
});
