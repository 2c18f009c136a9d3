import type { ExternalUserEntry, ExternalUserState } from '@movers/contracts';
import type { ListDefaults } from '../../../common/list/listAddress.ts';
import { includesText, sortRows, type SortState } from '../../../common/list/sortRows.ts';

export type UserFilters = {
  client: string;
  countryId: string | 'all';
};

export const defaultUserFilters: UserFilters = { client: '', countryId: 'all' };

/** Spec: sorting on client name, user display name, client country name and external user state. */
export type UserSortKey = 'client' | 'name' | 'country' | 'status';

export const defaultUserSort: SortState<UserSortKey> = { key: 'client', direction: 'asc' };

/** The list as it opens, and what its address may say (useListState). */
export const userListDefaults: ListDefaults<UserFilters, UserSortKey> = {
  filters: defaultUserFilters,
  sort: defaultUserSort,
  sortKeys: ['client', 'name', 'country', 'status'],
  page: 0,
  pageSize: 'all',
};

const stateText: Record<ExternalUserState, string> = { PendingAcceptance: 'pending acceptance', Accepted: 'accepted' };

/** The directory's state as the list shows it. */
export const statusText = (state: ExternalUserState | null | undefined) => (state ? (stateText[state] ?? state) : '');

const sortValue: Record<UserSortKey, (e: ExternalUserEntry) => unknown> = {
  client: (e) => e.client?.name,
  name: (e) => e.user.displayName,
  country: (e) => e.client?.country?.name,
  status: (e) => e.user.externalUserState,
};

export function filterUsers(entries: readonly ExternalUserEntry[], filters: UserFilters): ExternalUserEntry[] {
  return entries.filter((e) => includesText(e.client?.name, filters.client) && (filters.countryId === 'all' || e.client?.country?.id === filters.countryId));
}

/** Sorts by one column; users without a client (empty values) last in both directions. */
export function sortUsers(entries: readonly ExternalUserEntry[], sort: SortState<UserSortKey>): ExternalUserEntry[] {
  return sortRows(entries, sortValue[sort.key], sort.direction);
}
