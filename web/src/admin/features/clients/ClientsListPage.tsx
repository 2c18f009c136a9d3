import { DefaultButton, Dropdown, Link as FluentLink, MessageBar, MessageBarType, Stack, TextField } from '@fluentui/react';
import type { Client } from '@movers/contracts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../../common/LinkButton.tsx';
import { CountryFilter } from '../../../common/list/CountryFilter.tsx';
import { ListPage } from '../../../common/list/ListPage.tsx';
import { sortableColumns } from '../../../common/list/sortableColumns.ts';
import { useListState } from '../../../common/list/useListState.ts';
import { pathTo } from '../../routeTable.ts';
import { useClients, useCountries } from './api.ts';
import { clientListDefaults, defaultClientFilters, filterClients, sortClients, type ActiveFilter, type ClientSortKey } from './clientsFilter.ts';
import { forgetSavedClient, savedClient } from './savedClient.ts';

export default function ClientsListPage() {
  const clients = useClients();
  const countries = useCountries();
  const list = useListState(clientListDefaults);
  const { filters, sort, changeFilters } = list;
  const visible = useMemo(() => sortClients(filterClients(clients.data ?? [], filters), sort), [clients.data, filters, sort]);
  const column = sortableColumns<Client, ClientSortKey>(sort, list.setSort);
  // The client just saved, when the filters hide it: a new client has no active location, and the list
  // shows by default only clients with one. The list says so, with one click to show every client.
  const [savedId, setSavedId] = useState(savedClient);
  const hidden = savedId && visible.every((c) => c.id !== savedId) ? clients.data?.find((c) => c.id === savedId) : undefined;
  const hiddenBy = hidden && filterClients([hidden], { ...defaultClientFilters, active: filters.active }).length === 0 ? 'active' : 'filters';

  return (
    <ListPage
      title="clients"
      notice={
        hidden && (
          <MessageBar
            messageBarType={MessageBarType.info}
            onDismiss={() => {
              forgetSavedClient();
              setSavedId(null);
            }}
            dismissButtonAriaLabel="close"
            actions={
              <Stack horizontal>
                <DefaultButton
                  text="show all"
                  onClick={() => {
                    changeFilters({ ...defaultClientFilters, active: 'all' });
                    forgetSavedClient();
                    setSavedId(null);
                  }}
                />
              </Stack>
            }
          >
            {hiddenBy === 'active'
              ? `${hidden.name} is saved but not listed: the list shows ${filters.active === 'active' ? 'clients with an active location, and it has none yet' : 'clients without an active location, and it has one'}.`
              : `${hidden.name} is saved but not listed: it does not match the filters.`}
          </MessageBar>
        )
      }
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
