import { describe, expect, it } from 'vitest';
import { clientIdOfBrokering } from '../../src/features/brokerings/brokerings.data.ts';
import { ancestorsOf, childId } from '../../src/platform/cosmos/childIds.ts';

const CLIENT = 'c0000000-0000-4000-8000-00000000000a';

describe('ids that carry their partition', () => {
  it('lists the ids an id was made under, nearest first', () => {
    const lease = childId(CLIENT);
    const reminder = childId(lease);
    expect(ancestorsOf(CLIENT)).toEqual([]);
    expect(ancestorsOf(lease)).toEqual([CLIENT]);
    expect(ancestorsOf(reminder)).toEqual([lease, CLIENT]);
  });

  it('reads the client id from a brokering id', () => {
    expect(clientIdOfBrokering('c0000000-0000-4000-8000-00000000000a_b0000000-0000-4000-8000-000000000001')).toBe('c0000000-0000-4000-8000-00000000000a');
    expect(clientIdOfBrokering('no-separator')).toBeNull();
    expect(clientIdOfBrokering('_x')).toBeNull();
  });

  it('refuses ids of another shape, so a made-up id cannot name a partition', () => {
    for (const id of ['', '_', `${CLIENT}_`, `x_${CLIENT}`, `${CLIENT}_${CLIENT}_`, `../${CLIENT}`]) expect(ancestorsOf(id), id).toBeNull();
  });
});
