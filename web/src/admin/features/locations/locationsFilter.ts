import type { LocationListItem, LocationSummary } from '@movers/contracts';
import type { ListDefaults } from '../../../common/list/listAddress.ts';
import { includesText, sortRows, type SortState } from '../../../common/list/sortRows.ts';

/** 'active' lists locations with the move service enabled (the list's default), 'inactive' those without. */
export type MoveServiceFilter = 'active' | 'inactive' | 'all';

export type LocationFilters = {
  client: string;
  countryId: string | 'all';
  moveService: MoveServiceFilter;
};

export const defaultLocationFilters: LocationFilters = { client: '', countryId: 'all', moveService: 'active' };

export type LocationSortKey = 'name' | 'client' | 'country' | 'address' | 'propertyType' | 'moveService';

/** Spec part 1, section 9: locations sort by client name ascending by default. */
export const defaultLocationSort: SortState<LocationSortKey> = { key: 'client', direction: 'asc' };

/** The list as it opens, and what its address may say (useListState). */
export const locationListDefaults: ListDefaults<LocationFilters, LocationSortKey> = {
  filters: defaultLocationFilters,
  sort: defaultLocationSort,
  sortKeys: ['name', 'client', 'country', 'address', 'propertyType', 'moveService'],
  choices: { moveService: ['active', 'inactive', 'all'] },
  page: 0,
  pageSize: 'all',
};

/** The property types of a location as shown: office, storage, production. */
export function propertyTypes(l: Pick<LocationSummary, 'isOffice' | 'isStorage' | 'isProduction'>): string {
  return [l.isOffice && 'office', l.isStorage && 'storage', l.isProduction && 'production'].filter(Boolean).join(', ');
}

export const addressOf = (l: Pick<LocationSummary, 'address' | 'city'>) => [l.address, l.city].filter((v) => v?.trim()).join(', ');

const sortValue: Record<LocationSortKey, (l: LocationListItem) => unknown> = {
  name: (l) => l.name,
  client: (l) => l.client?.name,
  country: (l) => l.country?.name,
  address: (l) => addressOf(l),
  propertyType: (l) => propertyTypes(l),
  moveService: (l) => Boolean(l.services?.move?.isEnabled),
};

export function filterLocations(locations: readonly LocationListItem[], filters: LocationFilters): LocationListItem[] {
  return locations.filter(
    (l) =>
      includesText(l.client?.name, filters.client) &&
      (filters.countryId === 'all' || l.country?.id === filters.countryId) &&
      (filters.moveService === 'all' || (filters.moveService === 'active') === Boolean(l.services?.move?.isEnabled)),
  );
}

/** Sorts by one column; empty values last; ties keep the client-then-name order of the API. */
export function sortLocations(locations: readonly LocationListItem[], sort: SortState<LocationSortKey>): LocationListItem[] {
  return sortRows(locations, sortValue[sort.key], sort.direction);
}
