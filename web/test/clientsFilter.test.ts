import type { Client } from '@movers/contracts';
import { describe, expect, it } from 'vitest';
import { defaultClientFilters, filterClients, sortClients } from '../src/admin/features/clients/clientsFilter.ts';

const client = (name: string, countryId: string, active: number, orgNumber = '1'): Client => ({
  id: name,
  name,
  orgNumber,
  active: true,
  country: { id: countryId, name: { NO: 'Norway', SE: 'Sweden', DK: 'Denmark' }[countryId] ?? countryId },
  countOfLocations: active + 1,
  countOfActiveLocations: active,
});

const clients = [client('Fjord', 'NO', 1, '987'), client('Boreal', 'SE', 0, '556'), client('Hygge', 'DK', 2, '312'), client('Aurora', 'NO', 0, '918')];

describe('clients list filters', () => {
  it('lists only clients with an active location by default', () => {
    expect(filterClients(clients, defaultClientFilters).map((c) => c.name)).toEqual(['Fjord', 'Hygge']);
  });

  it('filters by name, org number, country and activity together', () => {
    expect(filterClients(clients, { ...defaultClientFilters, active: 'all', countryId: 'NO' }).map((c) => c.name)).toEqual(['Fjord', 'Aurora']);
    expect(filterClients(clients, { ...defaultClientFilters, active: 'inactive' }).map((c) => c.name)).toEqual(['Boreal', 'Aurora']);
    expect(filterClients(clients, { ...defaultClientFilters, active: 'all', name: 'yg' }).map((c) => c.name)).toEqual(['Hygge']);
    expect(filterClients(clients, { ...defaultClientFilters, active: 'all', orgNumber: '55' }).map((c) => c.name)).toEqual(['Boreal']);
  });

  it('sorts by country name and by counts', () => {
    expect(sortClients(clients, { key: 'country', direction: 'asc' }).map((c) => c.country.name)).toEqual(['Denmark', 'Norway', 'Norway', 'Sweden']);
    expect(sortClients(clients, { key: 'countOfActiveLocations', direction: 'desc' }).map((c) => c.name)).toEqual(['Hygge', 'Fjord', 'Boreal', 'Aurora']);
  });
});
