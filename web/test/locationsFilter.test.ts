import type { LocationListItem } from '@movers/contracts';
import { describe, expect, it } from 'vitest';
import {
  addressOf,
  defaultLocationFilters,
  defaultLocationSort,
  filterLocations,
  propertyTypes,
  sortLocations,
} from '../src/admin/features/locations/locationsFilter.ts';

const countries: Record<string, string> = { NO: 'Norway', SE: 'Sweden', DE: 'Germany' };
const location = (name: string, client: string, countryId: string, enabled: boolean, types: string[] = ['office'], address = 'Street 1'): LocationListItem => ({
  id: name,
  clientId: client,
  name,
  address,
  city: 'City',
  country: { id: countryId, name: countries[countryId] },
  isOffice: types.includes('office'),
  isStorage: types.includes('storage'),
  isProduction: types.includes('production'),
  services: { move: { id: enabled ? `m-${name}` : null, isEnabled: enabled } },
  client: { id: client, name: client, country: { id: countryId, name: countries[countryId] } },
});

const rows = [
  location('Oslo HQ', 'Aurora', 'NO', true),
  location('Bergen', 'Aurora', 'NO', false, ['storage', 'production']),
  location('Stockholm', 'Boreal', 'SE', true, [], ''),
  location('Köln', 'Rheinwerk', 'DE', true, ['storage']),
  location('Hamburg', '', 'DE', false, ['storage']),
];

describe('locations list filters and sort', () => {
  it('shows only locations with the move service enabled by default, sorted by client name', () => {
    expect(sortLocations(filterLocations(rows, defaultLocationFilters), defaultLocationSort).map((l) => l.name)).toEqual(['Oslo HQ', 'Stockholm', 'Köln']);
  });

  it('filters on client text, country and move service together', () => {
    expect(filterLocations(rows, { ...defaultLocationFilters, moveService: 'inactive' }).map((l) => l.name)).toEqual(['Bergen', 'Hamburg']);
    expect(filterLocations(rows, { ...defaultLocationFilters, moveService: 'all', client: 'aur' }).map((l) => l.name)).toEqual(['Oslo HQ', 'Bergen']);
    expect(filterLocations(rows, { ...defaultLocationFilters, moveService: 'all', countryId: 'DE' }).map((l) => l.name)).toEqual(['Köln', 'Hamburg']);
    expect(filterLocations(rows, { client: 'boreal', countryId: 'NO', moveService: 'all' })).toEqual([]);
  });

  it('sorts each column both ways with empty values last', () => {
    const all = { ...defaultLocationFilters, moveService: 'all' as const };
    const names = (key: Parameters<typeof sortLocations>[1]['key'], direction: 'asc' | 'desc') =>
      sortLocations(filterLocations(rows, all), { key, direction }).map((l) => l.name);
    expect(names('client', 'asc')).toEqual(['Oslo HQ', 'Bergen', 'Stockholm', 'Köln', 'Hamburg']);
    expect(names('client', 'desc')).toEqual(['Köln', 'Stockholm', 'Oslo HQ', 'Bergen', 'Hamburg']);
    expect(names('name', 'asc')).toEqual(['Bergen', 'Hamburg', 'Köln', 'Oslo HQ', 'Stockholm']);
    expect(names('country', 'desc').slice(0, 1)).toEqual(['Stockholm']);
    expect(names('propertyType', 'asc').at(-1)).toBe('Stockholm');
    expect(names('propertyType', 'desc').at(-1)).toBe('Stockholm');
    expect(names('moveService', 'desc').slice(0, 3).sort()).toEqual(['Köln', 'Oslo HQ', 'Stockholm']);
  });

  it('shows property types and the address as the screens do', () => {
    expect(propertyTypes(rows[1])).toBe('storage, production');
    expect(propertyTypes(rows[2])).toBe('');
    expect(addressOf(rows[0])).toBe('Street 1, City');
    expect(addressOf(rows[2])).toBe('City');
  });
});
