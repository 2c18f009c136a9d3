import { describe, expect, it } from 'vitest';
import { formatMoveClock, formatMoveDayTime, formatWaveTime, formatWaveWindow, instantOf, localMinuteAt, nextWaveStep, waveMoments } from '../src/waveTimes.ts';
import { seatKeyOf, waveOfSeatKey, wavePartOfKey } from '../src/seatLetters.ts';

describe("a wave's times (issue 48)", () => {
  it('are read in the move’s time zone, summer and winter alike', () => {
    expect(instantOf('2026-12-05T08:00', 'Europe/Oslo').toISOString()).toBe('2026-12-05T07:00:00.000Z');
    expect(instantOf('2026-07-04T08:00', 'Europe/Oslo').toISOString()).toBe('2026-07-04T06:00:00.000Z');
    expect(instantOf('2026-12-05T08:00', 'America/New_York').toISOString()).toBe('2026-12-05T13:00:00.000Z');
    // 02:30 does not exist in Oslo on 29 March 2026: it is read after the clocks went forward.
    expect(instantOf('2026-03-29T02:30', 'Europe/Oslo').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('are shown as written, in the reader’s language, whatever zone the reader is in', () => {
    expect(formatWaveTime('2026-12-04T16:00', 'no')).toBe('fredag 4. desember 16:00');
    expect(formatWaveWindow({ start: '2026-12-05T08:00', end: '2026-12-05T10:00' }, 'no')).toBe('lørdag 5. desember 08:00–10:00');
    expect(formatWaveWindow({ start: '2026-12-05T08:00', end: '2026-12-06T10:00' }, 'de')).toBe('Samstag, 5. Dezember 08:00 – Sonntag, 6. Dezember 10:00');
    expect(formatWaveWindow({ start: '2026-12-05T08:00', end: '2026-12-05T08:00' }, 'en')).toBe('Saturday, December 5 08:00');
  });

  it('come in order: pack by, pick-up, arrival', () => {
    expect(
      waveMoments({
        packBy: '2026-12-04T16:00',
        pickUp: { start: '2026-12-04T17:00', end: '2026-12-04T20:00' },
        arrival: { start: '2026-12-07T08:00', end: '2026-12-07T09:00' },
      }).map((m) => m.kind),
    ).toEqual(['packBy', 'pickUp', 'arrival']);
    expect(waveMoments({ packBy: null, pickUp: null, arrival: null })).toEqual([]);
  });
});

describe("a seat letter's key with a wave", () => {
  const seat = { floor: '3', space: '301', table: 'A' };
  const wave = { id: 'c_l_w', name: 'IT', day: '2026-12-05', packBy: '2026-12-04T16:00', pickUp: null, arrival: null };
  it('is the key letters had before waves for a person in none', () => {
    expect(seatKeyOf('m1', seat, null)).toBe(JSON.stringify(['m1', '3', '301', 'A']));
    expect(waveOfSeatKey(seatKeyOf('m1', seat))).toBeNull();
  });
  it('changes with the wave and its times, not with the seat alone', () => {
    const key = seatKeyOf('m1', seat, wave);
    expect(waveOfSeatKey(key)).toEqual({ id: 'c_l_w', name: 'IT' });
    expect(wavePartOfKey(key)).not.toBe(wavePartOfKey(seatKeyOf('m1', seat, { ...wave, packBy: '2026-12-04T15:00' })));
    expect(wavePartOfKey(key)).toBe(wavePartOfKey(seatKeyOf('m2', { ...seat, space: '302' }, wave)));
  });
});

describe("an instant on the move's clock (issue 55)", () => {
  it('is the wall-clock minute of the move’s zone, whatever zone the reader is in', () => {
    expect(localMinuteAt('2026-12-05T10:57:30Z', 'Europe/Oslo')).toBe('2026-12-05T11:57');
    expect(localMinuteAt('2026-07-04T23:30:00Z', 'Europe/Oslo')).toBe('2026-07-05T01:30');
    expect(localMinuteAt('2026-12-05T03:00:00Z', 'America/New_York')).toBe('2026-12-04T22:00');
    expect(localMinuteAt('2026-12-05T20:00:00Z', 'Asia/Tokyo')).toBe('2026-12-06T05:00');
    expect(localMinuteAt('2026-12-05T00:00:00Z', 'UTC')).toBe('2026-12-05T00:00');
  });
  it('is written as a clock in the reader’s language', () => {
    expect(formatMoveClock('2026-12-05T10:57:30Z', 'Europe/Oslo', 'no')).toBe('11:57');
    expect(formatMoveClock('2026-12-05T00:05:00Z', 'Europe/Oslo', 'en')).toBe('01:05');
  });
  it("is written with its day as the admin's times are, on the move's day", () => {
    expect(formatMoveDayTime('2026-12-05T23:30:00Z', 'Europe/Oslo')).toBe('2026-12-06 00:30');
    expect(formatMoveDayTime('2026-12-05T23:30:00Z', 'America/New_York')).toBe('2026-12-05 18:30');
    expect(formatMoveDayTime(null, 'Europe/Oslo')).toBe('');
  });
});

describe("the countdown's next step (issue 55)", () => {
  const moments = [
    { kind: 'packBy' as const, at: '2026-12-04T15:00:00.000Z' },
    { kind: 'pickUp' as const, at: '2026-12-04T16:00:00.000Z' },
    { kind: 'arrival' as const, at: '2026-12-07T07:00:00.000Z' },
  ];
  const at = (iso: string) => Date.parse(iso);
  const nothing = { packed: false, arrived: false };
  it('is the first step ahead not yet done', () => {
    expect(nextWaveStep(moments, nothing, at('2026-12-04T14:57:00Z'))).toEqual({ next: moments[0] });
    expect(nextWaveStep(moments, nothing, at('2026-12-04T15:30:00Z'))).toEqual({ next: moments[1] });
    expect(nextWaveStep(moments, nothing, at('2026-12-05T00:00:00Z'))).toEqual({ next: moments[2] });
  });
  it('passes the crates once they are packed', () => {
    expect(nextWaveStep(moments, { packed: true, arrived: false }, at('2026-12-04T14:57:00Z'))).toEqual({ next: moments[1] });
  });
  it('says all is done once the person has arrived, whatever came before', () => {
    expect(nextWaveStep(moments, { packed: false, arrived: true }, at('2026-12-04T14:57:00Z'))).toEqual({ allDone: true });
    expect(nextWaveStep(moments, { packed: true, arrived: true }, at('2026-12-07T06:00:00Z'))).toEqual({ allDone: true });
  });
  it('in a wave without an arrival, is done once packed and the movers have come', () => {
    const two = moments.slice(0, 2);
    expect(nextWaveStep(two, { packed: true, arrived: false }, at('2026-12-04T15:30:00Z'))).toEqual({ next: two[1] });
    expect(nextWaveStep(two, { packed: true, arrived: false }, at('2026-12-04T16:30:00Z'))).toEqual({ allDone: true });
    expect(nextWaveStep(two, nothing, at('2026-12-04T16:30:00Z'))).toEqual({ next: null });
  });
  it('counts down to nothing when what is left is late, and nothing in a wave without times', () => {
    expect(nextWaveStep(moments, { packed: true, arrived: false }, at('2026-12-07T08:00:00Z'))).toEqual({ next: null });
    expect(nextWaveStep([], nothing, at('2026-12-07T08:00:00Z'))).toEqual({ next: null });
  });
});
