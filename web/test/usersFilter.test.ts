import type { ExternalUserEntry } from '@movers/contracts';
import { describe, expect, it } from 'vitest';
import { defaultUserFilters, defaultUserSort, filterUsers, sortUsers, statusText } from '../src/admin/features/users/usersFilter.ts';

const entry = (name: string, client: [string, string, string] | null, state: 'Accepted' | 'PendingAcceptance' | null = 'Accepted'): ExternalUserEntry => ({
  user: { id: name, displayName: name, mail: `${name.toLowerCase()}@x.test`, externalUserState: state },
  client: client ? { id: client[0], name: client[0], country: { id: client[1], name: client[2] } } : null,
});

const rows = [
  entry('Bjørn', ['Boreal', 'SE', 'Sweden']),
  entry('Anna', ['Aurora', 'NO', 'Norway']),
  entry('Cecilie', null),
  entry('Nils', ['Aurora', 'NO', 'Norway'], 'PendingAcceptance'),
];

describe('external users list filters and sort', () => {
  it('sorts by client name by default, users without a client last', () => {
    expect(sortUsers(filterUsers(rows, defaultUserFilters), defaultUserSort).map((e) => e.user.displayName)).toEqual(['Anna', 'Nils', 'Bjørn', 'Cecilie']);
    expect(sortUsers(rows, { key: 'client', direction: 'desc' }).map((e) => e.user.displayName)).toEqual(['Bjørn', 'Anna', 'Nils', 'Cecilie']);
  });

  it('sorts by name, country and state in both directions', () => {
    expect(sortUsers(rows, { key: 'name', direction: 'desc' }).map((e) => e.user.displayName)).toEqual(['Nils', 'Cecilie', 'Bjørn', 'Anna']);
    expect(sortUsers(rows, { key: 'country', direction: 'desc' }).map((e) => e.user.displayName)).toEqual(['Bjørn', 'Anna', 'Nils', 'Cecilie']);
    expect(sortUsers(rows, { key: 'status', direction: 'desc' })[0].user.displayName).toBe('Nils');
  });

  it('filters on client text and on the client country', () => {
    expect(filterUsers(rows, { client: 'AUR', countryId: 'all' }).map((e) => e.user.displayName)).toEqual(['Anna', 'Nils']);
    expect(filterUsers(rows, { client: '', countryId: 'SE' }).map((e) => e.user.displayName)).toEqual(['Bjørn']);
    expect(filterUsers(rows, { client: 'x', countryId: 'all' })).toEqual([]);
  });

  it('shows the directory state in words', () => {
    expect(statusText('PendingAcceptance')).toBe('pending acceptance');
    expect(statusText('Accepted')).toBe('accepted');
    expect(statusText(null)).toBe('');
  });
});
