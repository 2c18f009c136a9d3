import type { User } from '@movers/contracts';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { decide } from '../src/admin/auth/access.ts';
import { forgetUser, heldUser, holdUser } from '../src/admin/auth/lastUser.ts';

// The node environment has no Web Storage: a map behind its interface.
const stored = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
  removeItem: (key: string) => void stored.delete(key),
});
afterAll(() => vi.unstubAllGlobals());

const extA: User = {
  id: 'u',
  displayName: 'Ada External',
  mail: 'ada@client-a.test',
  isExternal: true,
  externalUserState: 'Accepted',
  client: { id: 'A' },
  roles: ['External'],
};

describe('the user the last session check answered (issue 56)', () => {
  beforeEach(() => stored.clear());

  it('is kept for its account only, with what the access rule reads and no name or address', () => {
    holdUser('account-1', extA);
    expect(heldUser('account-1')).toEqual({ isExternal: true, client: { id: 'A' }, roles: ['External'] });
    expect(heldUser('account-2')).toBeUndefined();
    expect([...stored.values()].join()).not.toMatch(/Ada|ada@/);
    // What it says is what the screens' rule says of the user: their own client's move day, not another's.
    const held = heldUser('account-1')!;
    expect(decide(held, 'signedIn', { clientId: 'A' })).toBe('allow');
    expect(decide(held, 'signedIn', { clientId: 'B' })).toBe('otherClient');
  });

  it('is not used when damaged or of another shape, and is gone once forgotten', () => {
    stored.set('movers.lastUser', '{not json');
    expect(heldUser('account-1')).toBeUndefined();
    stored.set('movers.lastUser', JSON.stringify({ accountId: 'account-1', user: { isExternal: 'no', roles: [] } }));
    expect(heldUser('account-1')).toBeUndefined();
    stored.set('movers.lastUser', JSON.stringify({ accountId: 'account-1', user: { isExternal: false, roles: 'Internal' } }));
    expect(heldUser('account-1')).toBeUndefined();
    holdUser('account-1', extA);
    forgetUser();
    expect(heldUser('account-1')).toBeUndefined();
  });
});
