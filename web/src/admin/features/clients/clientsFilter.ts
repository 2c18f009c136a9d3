import type { Client } from '@movers/contracts';
import type { ListDefaults } from '../../../common/list/listAddress.ts';
import { includesText, sortRows, type SortState } from '../../../common/list/sortRows.ts';

/** 'active' lists clients with at least one active location (the list's default), 'inactive' those without. */
export type ActiveFilter = 'active' | 'inactive' | 'all';

export type ClientFilters = {
  name: string;
  orgNumber: string;
  countryId: string | 'all';
  active: ActiveFilter;
};

export const defaultClientFilters: ClientFilters = { name: '', orgNumber: '', countryId: 'all', active: 'active' };

export type ClientSortKey = 'name' | 'orgNumber' | 'country' | 'countOfLocations' | 'countOfActiveLocations';

export const defaultClientSort: SortState<ClientSortKey> = { key: 'name', direction: 'asc' };

/** The list as it opens, and what its address may say (useListState). */
export const clientListDefaults: ListDefaults<ClientFilters, ClientSortKey> = {
  filters: defaultClientFilters,
  sort: defaultClientSort,
  sortKeys: ['name', 'orgNumber', 'country', 'countOfLocations', 'countOfActiveLocations'],
  choices: { active: ['active', 'inactive', 'all'] },
  page: 0,
  pageSize: 10,
};

const sortValue: Record<ClientSortKey, (c: Client) => unknown> = {
  name: (c) => c.name,
  orgNumber: (c) => c.orgNumber,
  country: (c) => c.country?.name,
  countOfLocations: (c) => c.countOfLocations,
  countOfActiveLocations: (c) => c.countOfActiveLocations,
};

export function filterClients(clients: readonly Client[], filters: ClientFilters): Client[] {
  return clients.filter(
    (c) =>
      includesText(c.name, filters.name) &&
      includesText(c.orgNumber, filters.orgNumber) &&
      (filters.countryId === 'all' || c.country?.id === filters.countryId) &&
      (filters.active === 'all' || (filters.active === 'active') === c.countOfActiveLocations > 0),
  );
}

export function sortClients(clients: readonly Client[], sort: SortState<ClientSortKey>): Client[] {
  return sortRows(clients, sortValue[sort.key], sort.direction);
}
