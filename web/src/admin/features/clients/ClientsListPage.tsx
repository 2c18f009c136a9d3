import { Dropdown, Link as FluentLink, TextField } from '@fluentui/react';
import type { Client } from '@movers/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../../common/LinkButton.tsx';
import { CountryFilter } from '../../../common/list/CountryFilter.tsx';
import { ListPage } from '../../../common/list/ListPage.tsx';
import { sortableColumns } from '../../../common/list/sortableColumns.ts';
import { useListState } from '../../../common/list/useListState.ts';
import { pathTo } from '../../routeTable.ts';
import { useClients, useCountries } from './api.ts';
import { clientListDefaults, filterClients, sortClients, type ActiveFilter, type ClientSortKey } from './clientsFilter.ts';

export default function ClientsListPage() {
  const clients = useClients();
  const countries = useCountries();
  const list = useListState(clientListDefaults);
  const { filters, sort, changeFilters } = list;
  const visible = useMemo(() => sortClients(filterClients(clients.data ?? [], filters), sort), [clients.data, filters, sort]);
  const column = sortableColumns<Client, ClientSortKey>(sort, list.setSort);

  return (
    <ListPage
      title="clients"
      action={<LinkButton primary to={pathTo('ADD_CLIENT')} text="add client" iconProps={{ iconName: 'Add' }} />}
      filters={
        <>
          <TextField label="name" value={filters.name} onChange={(_, v) => changeFilters({ name: v ?? '' })} styles={{ root: { width: 200 } }} />
          <TextField
            label="org number"
            value={filters.orgNumber}
            onChange={(_, v) => changeFilters({ orgNumber: v ?? '' })}
            styles={{ root: { width: 160 } }}
          />
          <CountryFilter countries={countries.data} selectedKey={filters.countryId} onChange={(countryId) => changeFilters({ countryId })} />
          <Dropdown
            label="active"
            selectedKey={filters.active}
            options={[
              { key: 'active', text: 'active' },
              { key: 'inactive', text: 'inactive' },
              { key: 'all', text: 'all' },
            ]}
            onChange={(_, o) => changeFilters({ active: (o?.key as ActiveFilter) ?? 'active' })}
            styles={{ root: { width: 140 } }}
          />
        </>
      }
      status={clients.status}
      rows={visible}
      total={clients.data?.length ?? 0}
      columns={[
        column('name', 'name', 180, (c) => (
          <FluentLink as={Link} to={pathTo('CLIENT_DASHBOARD', { clientId: c.id })}>
            {c.name}
          </FluentLink>
        )),
        column('orgNumber', 'org number', 110, (c) => c.orgNumber),
        column('country', 'country', 110, (c) => c.country?.name),
        column('countOfLocations', 'number of locations', 130, (c) => c.countOfLocations),
        column('countOfActiveLocations', 'number of active locations', 160, (c) => c.countOfActiveLocations),
      ]}
      getKey={(c) => c.id}
      gridLabel="clients"
      paging={list}
      // 'all' may be a thousand rows.
      virtualize
    />
  );
}
