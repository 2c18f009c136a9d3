import { Dropdown, Link as FluentLink, TextField } from '@fluentui/react';
import type { LocationListItem } from '@movers/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { CountryFilter } from '../../../common/list/CountryFilter.tsx';
import { ListPage } from '../../../common/list/ListPage.tsx';
import { sortableColumns } from '../../../common/list/sortableColumns.ts';
import { useListState } from '../../../common/list/useListState.ts';
import { pathTo } from '../../routeTable.ts';
import { useCountries } from '../clients/index.ts';
import { useLocations } from './api.ts';
import {
  addressOf,
  filterLocations,
  locationListDefaults,
  propertyTypes,
  sortLocations,
  type LocationSortKey,
  type MoveServiceFilter,
} from './locationsFilter.ts';

/** All locations of all clients (internal users): filters on client, country and move service; sortable columns. */
export default function LocationsListPage() {
  const locations = useLocations();
  const countries = useCountries();
  const list = useListState(locationListDefaults);
  const { filters, sort, changeFilters } = list;
  const visible = useMemo(() => sortLocations(filterLocations(locations.data ?? [], filters), sort), [locations.data, filters, sort]);
  const column = sortableColumns<LocationListItem, LocationSortKey>(sort, list.setSort);

  return (
    <ListPage
      title="locations"
      filters={
        <>
          <TextField label="client" value={filters.client} onChange={(_, v) => changeFilters({ client: v ?? '' })} styles={{ root: { width: 200 } }} />
          <CountryFilter countries={countries.data} selectedKey={filters.countryId} onChange={(countryId) => changeFilters({ countryId })} />
          <Dropdown
            label="move service"
            selectedKey={filters.moveService}
            options={[
              { key: 'active', text: 'active' },
              { key: 'inactive', text: 'inactive' },
              { key: 'all', text: 'all' },
            ]}
            onChange={(_, o) => changeFilters({ moveService: (o?.key as MoveServiceFilter) ?? 'active' })}
            styles={{ root: { width: 160 } }}
          />
        </>
      }
      status={locations.status}
      rows={visible}
      total={locations.data?.length ?? 0}
      columns={[
        column('name', 'name', 180, (l) => (
          <FluentLink as={Link} to={pathTo('CLIENT_LOCATION', { clientId: l.clientId, locationId: l.id })}>
            {l.name}
          </FluentLink>
        )),
        column('client', 'client', 160, (l) => l.client?.name),
        column('country', 'country', 110, (l) => l.country?.name),
        column('address', 'address', 200, (l) => addressOf(l)),
        column('propertyType', 'property type', 140, (l) => propertyTypes(l)),
        column('moveService', 'move service enabled', 150, (l) => (l.services?.move?.isEnabled ? 'yes' : 'no')),
      ]}
      getKey={(l) => l.id}
      gridLabel="locations"
    />
  );
}
