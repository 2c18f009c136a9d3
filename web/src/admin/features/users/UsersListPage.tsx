import {
  DetailsList,
  DetailsListLayoutMode,
  Link as FluentLink,
  MessageBar,
  MessageBarType,
  SelectionMode,
  Stack,
  Text,
  TextField,
  type IColumn,
} from '@fluentui/react';
import { messages, type ExternalUserEntry } from '@movers/contracts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../../common/LinkButton.tsx';
import { CountryFilter } from '../../../common/list/CountryFilter.tsx';
import { FilterRow, orDash } from '../../../common/list/FilterRow.tsx';
import { useSort } from '../../../common/list/useSort.ts';
import { Loading } from '../../auth/Guard.tsx';
import { pathTo } from '../../routeTable.ts';
import { useExternalUsers } from './api.ts';
import { useCountries } from '../clients/index.ts';
import { defaultUserFilters, defaultUserSort, filterUsers, sortUsers, statusText, type UserFilters, type UserSortKey } from './usersFilter.ts';

/** The external users list (internal users only). */
export default function UsersListPage() {
  const users = useExternalUsers();
  const countries = useCountries();
  const [filters, setFilters] = useState<UserFilters>(defaultUserFilters);
  const { sort, column } = useSort<ExternalUserEntry, UserSortKey>(defaultUserSort);
  const visible = useMemo(() => sortUsers(filterUsers(users.data ?? [], filters), sort), [users.data, filters, sort]);
  const change = (next: Partial<UserFilters>) => setFilters((f) => ({ ...f, ...next }));

  const columns: IColumn[] = [
    column('client', 'client', 180, (e) => orDash(e.client?.name)),
    column('name', 'name', 180, (e) => (
      <FluentLink as={Link} to={pathTo('EDIT_USER', { userId: e.user.id })}>
        {e.user.displayName}
      </FluentLink>
    )),
    column('country', 'country', 120, (e) => orDash(e.client?.country?.name)),
    column('status', 'status', 140, (e) => statusText(e.user.externalUserState)),
  ];

  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <Stack horizontal horizontalAlign="space-between" verticalAlign="center">
        <Text as="h1" variant="xxLarge">
          external users
        </Text>
        <LinkButton primary to={pathTo('CREATE_USER')} text="add user" iconProps={{ iconName: 'AddFriend' }} />
      </Stack>
      <FilterRow>
        <TextField label="client" value={filters.client} onChange={(_, v) => change({ client: v ?? '' })} styles={{ root: { width: 200 } }} />
        <CountryFilter countries={countries.data} selectedKey={filters.countryId} onChange={(countryId) => change({ countryId })} allText="country: all" />
      </FilterRow>
      {users.status === 'loading' && <Loading label="Loading users…" />}
      {users.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{messages.users.listFailed}</MessageBar>}
      {users.status === 'ready' && (
        <>
          <DetailsList
            items={visible}
            columns={columns}
            selectionMode={SelectionMode.none}
            layoutMode={DetailsListLayoutMode.justified}
            getKey={(e: ExternalUserEntry) => e.user.id}
            setKey="users"
            ariaLabelForGrid="external users"
            onShouldVirtualize={() => false}
          />
          {visible.length === 0 && <Text role="status">{(users.data ?? []).length === 0 ? messages.common.noItems : messages.common.noMatch}</Text>}
        </>
      )}
    </Stack>
  );
}
