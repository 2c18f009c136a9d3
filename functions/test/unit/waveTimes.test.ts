import { lateness, overCapacity, waveLoad } from '@movers/contracts';
import { describe, expect, it } from 'vitest';
import { arrangeInOrder } from '../../src/platform/cosmos/ordering.ts';
import { localMinute } from '../../src/platform/time/localTime.ts';

// Waves (issue 48): a wave's times are the move's wall-clock minutes, and lateness is judged against the
// move's local minute now; the waves' list arranges them by the partition's order as the other lists do.

describe("the move's local minute", () => {
  it('is the wall-clock time of the zone, winter and summer, to the minute', () => {
    expect(localMinute('Europe/Oslo', new Date('2026-01-15T07:05:59Z'))).toBe('2026-01-15T08:05');
    expect(localMinute('Europe/Oslo', new Date('2026-07-15T22:30:00Z'))).toBe('2026-07-16T00:30');
    expect(localMinute('America/New_York', new Date('2026-07-15T02:00:00Z'))).toBe('2026-07-14T22:00');
    expect(localMinute('UTC', new Date('2026-03-01T00:00:00Z'))).toBe('2026-03-01T00:00');
  });

  it('makes a person late only once the minute has passed, and never once they have packed or arrived', () => {
    const wave = { packBy: '2026-05-04T08:00', arrival: { start: '2026-05-04T12:00', end: '2026-05-04T14:00' } };
    const nobody = { packedAt: null, arrivedAt: null };
    expect(lateness(wave, nobody, '2026-05-04T08:00')).toEqual({ packing: false, arrival: false });
    expect(lateness(wave, nobody, '2026-05-04T08:01')).toEqual({ packing: true, arrival: false });
    expect(lateness(wave, nobody, '2026-05-04T14:01')).toEqual({ packing: true, arrival: true });
    expect(lateness(wave, { packedAt: '2026-05-04T05:00:00Z', arrivedAt: '2026-05-04T11:00:00Z' }, '2026-05-05T00:00')).toEqual({
      packing: false,
      arrival: false,
    });
    expect(lateness({ packBy: null, arrival: null }, nobody, '2099-01-01T00:00')).toEqual({ packing: false, arrival: false });
  });

  it('follows the steps’ order: a person who has arrived is not late for packing (issue 55)', () => {
    const wave = { packBy: '2026-05-04T08:00', arrival: { start: '2026-05-04T12:00', end: '2026-05-04T14:00' } };
    const arrivedOnly = { packedAt: null, arrivedAt: '2026-05-04T12:30:00Z' };
    expect(lateness(wave, arrivedOnly, '2026-05-04T13:00')).toEqual({ packing: false, arrival: false });
    expect(lateness(wave, arrivedOnly, '2026-05-05T00:00')).toEqual({ packing: false, arrival: false });
  });
});

describe("a wave's load", () => {
  it("counts each person's stickers, else the move's, and passes a capacity only above it", () => {
    const load = waveLoad([{ stickersCount: 4 }, { stickersCount: null }, { stickersCount: 0 }], 3);
    expect(load).toEqual({ people: 3, crates: 7 });
    expect(overCapacity({ people: 3, crates: 6 }, load)).toEqual({ people: false, crates: true });
    expect(overCapacity({ people: null, crates: null }, load)).toEqual({ people: false, crates: false });
  });
});

describe('arranging by the order', () => {
  it("puts the order's items first as it names them, then the others oldest first, and drops ids of items gone", () => {
    const item = (id: string, createdAt: string) => ({ id, type: 'wave', createdAt });
    const items = [item('c', '2026-01-03'), item('a', '2026-01-01'), item('b', '2026-01-02'), item('d', '2026-01-01')];
    expect(arrangeInOrder(items, ['b', 'gone', 'c']).map((i) => i.id)).toEqual(['b', 'c', 'a', 'd']);
    expect(arrangeInOrder(items, undefined).map((i) => i.id)).toEqual(['a', 'd', 'b', 'c']);
  });
});
