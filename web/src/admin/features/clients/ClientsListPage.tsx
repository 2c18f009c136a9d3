import {
  DetailsList,
  DetailsListLayoutMode,
  Dropdown,
  IconButton,
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
import { paginate, type PageSize, type SortState } from '../../../common/list/sortRows.ts';
import { Loading } from '../../auth/Guard.tsx';
import { pathTo } from '../../routeTable.ts';
import { useClients, useCountries } from './api.ts';
import { defaultClientFilters, defaultClientSort, filterClients, sortClients, type ActiveFilter, type ClientFilters, type ClientSortKey } from './clientsFilter.ts';

const pageSizes: PageSize[] = [5, 10, 25, 'all'];

export default function ClientsListPage() {
  const clients = useClients();
  const countries = useCountries();
  const [filters, setFilters] = useState<ClientFilters>(defaultClientFilters);
  const [sort, setSort] = useState<SortState<ClientSortKey>>(defaultClientSort);
  const [pageSize, setPageSize] = useState<PageSize>(10);
  const [page, setPage] = useState(0);

  const visible = useMemo(() => sortClients(filterClients(clients.data ?? [], filters), sort), [clients.data, filters, sort]);
  const paged = paginate(visible, page, pageSize);

  const change = (next: Partial<ClientFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(0);
  };

  const column = (key: ClientSortKey, name: string, minWidth: number, onRender?: (c: Client) => React.ReactNode): IColumn => ({
    key,
    name,
    fieldName: key,
    minWidth,
    isResizable: true,
    isSorted: sort.key === key,
    isSortedDescending: sort.key === key && sort.direction === 'desc',
    sortAscendingAriaLabel: 'sorted ascending',
    sortDescendingAriaLabel: 'sorted descending',
    onColumnClick: () => setSort((s) => ({ key, direction: s.key === key && s.direction === 'asc' ? 'desc' : 'asc' })),
    onRender,
  });

  const columns: IColumn[] = [
    column('name', 'name', 180, (c) => (
      <FluentLink as={Link} to={pathTo('CLIENT_DASHBOARD', { clientId: c.id })}>
        {c.name}
      </FluentLink>
    )),
    column('orgNumber', 'org number', 110),
    column('country', 'country', 110, (c) => c.country?.name),
    column('countOfLocations', 'number of locations', 130),
    column('countOfActiveLocations', 'number of active locations', 160),
  ];

  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <Stack horizontal horizontalAlign="space-between" verticalAlign="center">
        <Text as="h1" variant="xxLarge">
          clients
        </Text>
        <LinkButton primary to={pathTo('ADD_CLIENT')} text="add client" iconProps={{ iconName: 'Add' }} />
      </Stack>
      <Stack horizontal wrap tokens={{ childrenGap: 12 }} verticalAlign="end">
        <TextField label="name" value={filters.name} onChange={(_, v) => change({ name: v ?? '' })} styles={{ root: { width: 200 } }} />
        <TextField label="org number" value={filters.orgNumber} onChange={(_, v) => change({ orgNumber: v ?? '' })} styles={{ root: { width: 160 } }} />
        <Dropdown
          label="country"
          selectedKey={filters.countryId}
          options={[{ key: 'all', text: 'all' }, ...(countries.data ?? []).map((c) => ({ key: c.id, text: c.name }))]}
          onChange={(_, o) => change({ countryId: String(o?.key ?? 'all') })}
          styles={{ root: { width: 180 } }}
        />
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
      </Stack>
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
            onShouldVirtualize={() => false}
          />
          {visible.length === 0 && <Text role="status">{(clients.data ?? []).length === 0 ? messages.common.noItems : messages.common.noMatch}</Text>}
          <Stack horizontal verticalAlign="center" horizontalAlign="end" tokens={{ childrenGap: 12 }}>
            <Dropdown
              label="rows per page"
              selectedKey={String(pageSize)}
              options={pageSizes.map((s) => ({ key: String(s), text: String(s) }))}
              onChange={(_, o) => {
                const key = String(o?.key ?? '10');
                setPageSize(key === 'all' ? 'all' : Number(key));
                setPage(0);
              }}
              styles={{ root: { width: 120 } }}
            />
            <Text aria-live="polite">
              {visible.length === 0 ? '0 of 0' : pageSize === 'all' ? `1-${visible.length} of ${visible.length}` : `${paged.page * pageSize + 1}-${Math.min((paged.page + 1) * pageSize, visible.length)} of ${visible.length}`}
            </Text>
            <IconButton iconProps={{ iconName: 'ChevronLeft' }} ariaLabel="previous page" title="previous page" disabled={paged.page === 0} onClick={() => setPage(paged.page - 1)} />
            <IconButton iconProps={{ iconName: 'ChevronRight' }} ariaLabel="next page" title="next page" disabled={paged.page >= paged.pageCount - 1} onClick={() => setPage(paged.page + 1)} />
          </Stack>
        </>
      )}
    </Stack>
  );
}
