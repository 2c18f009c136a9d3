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
import { messages, type Client } from '@movers/contracts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../../common/LinkButton.tsx';
import { CountryFilter } from '../../../common/list/CountryFilter.tsx';
import { FilterRow } from '../../../common/list/FilterRow.tsx';
import { Pager } from '../../../common/list/Pager.tsx';
import { paginate, type PageSize } from '../../../common/list/sortRows.ts';
import { useSort } from '../../../common/list/useSort.ts';
import { Loading } from '../../auth/Guard.tsx';
import { pathTo } from '../../routeTable.ts';
import { useClients, useCountries } from './api.ts';
import {
  defaultClientFilters,
  defaultClientSort,
  filterClients,
  sortClients,
  type ActiveFilter,
  type ClientFilters,
  type ClientSortKey,
} from './clientsFilter.ts';

export default function ClientsListPage() {
  const clients = useClients();
  const countries = useCountries();
  const [filters, setFilters] = useState<ClientFilters>(defaultClientFilters);
  const { sort, column } = useSort<Client, ClientSortKey>(defaultClientSort);
  const [pageSize, setPageSize] = useState<PageSize>(10);
  const [page, setPage] = useState(0);

  const visible = useMemo(() => sortClients(filterClients(clients.data ?? [], filters), sort), [clients.data, filters, sort]);
  const paged = paginate(visible, page, pageSize);

  const change = (next: Partial<ClientFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(0);
  };

  const columns: IColumn[] = [
    column('name', 'name', 180, (c) => (
      <FluentLink as={Link} to={pathTo('CLIENT_DASHBOARD', { clientId: c.id })}>
        {c.name}
      </FluentLink>
    )),
    column('orgNumber', 'org number', 110, (c) => c.orgNumber),
    column('country', 'country', 110, (c) => c.country?.name),
    column('countOfLocations', 'number of locations', 130, (c) => c.countOfLocations),
    column('countOfActiveLocations', 'number of active locations', 160, (c) => c.countOfActiveLocations),
  ];

  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <Stack horizontal horizontalAlign="space-between" verticalAlign="center">
        <Text as="h1" variant="xxLarge">
          clients
        </Text>
        <LinkButton primary to={pathTo('ADD_CLIENT')} text="add client" iconProps={{ iconName: 'Add' }} />
      </Stack>
      <FilterRow>
        <TextField label="name" value={filters.name} onChange={(_, v) => change({ name: v ?? '' })} styles={{ root: { width: 200 } }} />
        <TextField label="org number" value={filters.orgNumber} onChange={(_, v) => change({ orgNumber: v ?? '' })} styles={{ root: { width: 160 } }} />
        <CountryFilter countries={countries.data} selectedKey={filters.countryId} onChange={(countryId) => change({ countryId })} />
        <Dropdown
          label="active"
          selectedKey={filters.active}
          options={[
            { key: 'active', text: 'active' },
            { key: 'inactive', text: 'inactive' },
            { key: 'all', text: 'all' },
          ]}
          onChange={(_, o) => change({ active: (o?.key as ActiveFilter) ?? 'active' })}
          styles={{ root: { width: 140 } }}
        />
      </FilterRow>
      {clients.status === 'loading' && <Loading label="Loading clients…" />}
      {clients.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{messages.common.fetchFailed}</MessageBar>}
      {clients.status === 'ready' && (
        <>
          <DetailsList
            items={paged.rows}
            columns={columns}
            selectionMode={SelectionMode.none}
            layoutMode={DetailsListLayoutMode.justified}
            getKey={(c: Client) => c.id}
            setKey="clients"
            ariaLabelForGrid="clients"
            // Virtualised (Fluent's List renders the rows near the viewport): 'all' may be a thousand rows.
          />
          {visible.length === 0 && <Text role="status">{(clients.data ?? []).length === 0 ? messages.common.noItems : messages.common.noMatch}</Text>}
          <Pager
            total={visible.length}
            page={paged.page}
            pageCount={paged.pageCount}
            pageSize={pageSize}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(0);
            }}
            onPage={setPage}
          />
        </>
      )}
    </Stack>
  );
}
