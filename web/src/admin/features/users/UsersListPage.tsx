import { Link as FluentLink, TextField } from '@fluentui/react';
import { messages, type ExternalUserEntry } from '@movers/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../../common/LinkButton.tsx';
import { CountryFilter } from '../../../common/list/CountryFilter.tsx';
import { orDash } from '../../../common/list/FilterRow.tsx';
import { ListPage } from '../../../common/list/ListPage.tsx';
import { sortableColumns } from '../../../common/list/sortableColumns.ts';
import { useListState } from '../../../common/list/useListState.ts';
import { pathTo } from '../../routeTable.ts';
import { useCountries } from '../clients/index.ts';
import { useExternalUsers } from './api.ts';
import { filterUsers, sortUsers, statusText, userListDefaults, type UserSortKey } from './usersFilter.ts';

/** The external users list (internal users only). */
export default function UsersListPage() {
  const users = useExternalUsers();
  const countries = useCountries();
  const list = useListState(userListDefaults);
  const { filters, sort, changeFilters } = list;
  const visible = useMemo(() => sortUsers(filterUsers(users.data ?? [], filters), sort), [users.data, filters, sort]);
  const column = sortableColumns<ExternalUserEntry, UserSortKey>(sort, list.setSort);

  return (
    <ListPage
      title="external users"
      action={<LinkButton primary to={pathTo('CREATE_USER')} text="add user" iconProps={{ iconName: 'AddFriend' }} />}
      filters={
        <>
          <TextField label="client" value={filters.client} onChange={(_, v) => changeFilters({ client: v ?? '' })} styles={{ root: { width: 200 } }} />
          <CountryFilter
            countries={countries.data}
            selectedKey={filters.countryId}
            onChange={(countryId) => changeFilters({ countryId })}
            allText="country: all"
          />
        </>
      }
      status={users.status}
      failedText={messages.users.listFailed}
      rows={visible}
      total={users.data?.length ?? 0}
      columns={[
        column('client', 'client', 180, (e) => orDash(e.client?.name)),
        column('name', 'name', 180, (e) => (
          <FluentLink as={Link} to={pathTo('EDIT_USER', { userId: e.user.id })}>
            {e.user.displayName}
          </FluentLink>
        )),
        column('country', 'country', 120, (e) => orDash(e.client?.country?.name)),
        column('status', 'status', 140, (e) => statusText(e.user.externalUserState)),
      ]}
      getKey={(e) => e.user.id}
      gridLabel="external users"
    />
  );
}
