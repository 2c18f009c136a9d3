import { describe, expect, it } from 'vitest';
import { matchPeople } from '../src/common/people/PeopleInput.tsx';

const people = [
  { id: '1', displayName: 'Ingrid Hansen', mail: 'ingrid.hansen@movers.test' },
  { id: '2', displayName: 'Lars Berg', mail: 'lars.berg@movers.test' },
  { id: '3', displayName: 'Åse Øvrebø', mail: 'ase@client-a.test' },
];

describe('people picker search', () => {
  it('finds people by any part of the name or e-mail, every word in any order', () => {
    expect(matchPeople(people, 'berg').map((p) => p.id)).toEqual(['2']);
    expect(matchPeople(people, 'hansen ingrid').map((p) => p.id)).toEqual(['1']);
    expect(matchPeople(people, 'movers.test').map((p) => p.id)).toEqual(['1', '2']);
  });

  it('ignores case and accents, and lists everyone for an empty search', () => {
    expect(matchPeople(people, 'ase ovrebo').map((p) => p.id)).toEqual(['3']);
    expect(matchPeople(people, '  ')).toHaveLength(3);
    expect(matchPeople(people, 'nobody')).toEqual([]);
  });
});
