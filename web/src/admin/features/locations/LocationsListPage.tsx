import {
  DetailsList,
  DetailsListLayoutMode,
  Dropdown,
  Link as FluentLink,
  MessageBar,
  MessageBarType,
  SelectionMode,
  Stack,
  Text,
  TextField,
  type IColumn,
} from '@fluentui/react';
import { messages, type LocationListItem } from '@movers/contracts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { CountryFilter } from '../../../common/list/CountryFilter.tsx';
import { FilterRow } from '../../../common/list/FilterRow.tsx';
import { useSort } from '../../../common/list/useSort.ts';
import { Loading } from '../../auth/Guard.tsx';
import { pathTo } from '../../routeTable.ts';
import { useLocations } from './api.ts';
import { useCountries } from '../clients/index.ts';
import {
  addressOf,
  defaultLocationFilters,
  defaultLocationSort,
  filterLocations,
  propertyTypes,
  sortLocations,
  type LocationFilters,
  type LocationSortKey,
  type MoveServiceFilter,
} from './locationsFilter.ts';

/** All locations of all clients (internal users): filters on client, country and move service; sortable columns. */
export default function LocationsListPage() {
  const locations = useLocations();
  const countries = useCountries();
  const [filters, setFilters] = useState<LocationFilters>(defaultLocationFilters);
  const { sort, column } = useSort<LocationListItem, LocationSortKey>(defaultLocationSort);
  const visible = useMemo(() => sortLocations(filterLocations(locations.data ?? [], filters), sort), [locations.data, filters, sort]);
  const change = (next: Partial<LocationFilters>) => setFilters((f) => ({ ...f, ...next }));

  const columns: IColumn[] = [
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
  ];

  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <Text as="h1" variant="xxLarge">
        locations
      </Text>
      <FilterRow>
        <TextField label="client" value={filters.client} onChange={(_, v) => change({ client: v ?? '' })} styles={{ root: { width: 200 } }} />
        <CountryFilter countries={countries.data} selectedKey={filters.countryId} onChange={(countryId) => change({ countryId })} />
        <Dropdown
          label="move service"
          selectedKey={filters.moveService}
          options={[
            { key: 'active', text: 'active' },
            { key: 'inactive', text: 'inactive' },
            { key: 'all', text: 'all' },
          ]}
          onChange={(_, o) => change({ moveService: (o?.key as MoveServiceFilter) ?? 'active' })}
          styles={{ root: { width: 160 } }}
        />
      </FilterRow>
      {locations.status === 'loading' && <Loading label="Loading locations…" />}
      {locations.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{messages.common.fetchFailed}</MessageBar>}
      {locations.status === 'ready' && (
        <>
          <DetailsList
            items={visible}
            columns={columns}
            selectionMode={SelectionMode.none}
            layoutMode={DetailsListLayoutMode.justified}
            getKey={(l: LocationListItem) => l.id}
            setKey="locations"
            ariaLabelForGrid="locations"
            onShouldVirtualize={() => false}
          />
          {visible.length === 0 && <Text role="status">{(locations.data ?? []).length === 0 ? messages.common.noItems : messages.common.noMatch}</Text>}
        </>
      )}
    </Stack>
  );
}
