import { describe, expect, it } from 'vitest';
import { peopleShown } from '../src/admin/features/moveDay/WaveToday.tsx';

const person = (id: string, name: string, late: { packing: boolean; arrival: boolean }) => ({
  id,
  name,
  seat: null,
  crates: 3,
  packedAt: null,
  arrivedAt: null,
  late,
});
const wave = {
  id: 'm_1',
  moveId: 'm',
  position: 0,
  name: 'IT',
  day: '2027-06-12',
  packBy: null,
  pickUp: null,
  arrival: null,
  capacity: { people: null, crates: null },
  color: null,
  load: { people: 3, crates: 9 },
  overCapacity: { people: false, crates: false },
  people: [
    person('a', 'Åse Ødegård', { packing: true, arrival: false }),
    person('b', 'Bo Berg', { packing: false, arrival: false }),
    person('c', 'Cy Olsen', { packing: false, arrival: true }),
  ],
};

describe("the board's 'today' view (issue 48)", () => {
  it('finds people by name the visitor way, and keeps only who is late when asked', () => {
    expect(peopleShown(wave, '', false).map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(peopleShown(wave, 'odegard', false).map((p) => p.id)).toEqual(['a']);
    expect(peopleShown(wave, '', true).map((p) => p.id)).toEqual(['a', 'c']);
    expect(peopleShown(wave, 'berg', true)).toEqual([]);
  });
});
