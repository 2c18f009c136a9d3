import { DetailsList, DetailsListLayoutMode, Link as FluentLink, SelectionMode, Stack, Text, type IColumn } from '@fluentui/react';
import { messages, type LocationSummary } from '@movers/contracts';
import { Link, useParams } from 'react-router-dom';
import { LinkButton } from '../../../common/LinkButton.tsx';
import { Loading } from '../../auth/Guard.tsx';
import { useSession } from '../../auth/Session.tsx';
import { isBuilt, pathTo } from '../../routeTable.ts';
import { useClient } from './api.ts';
import { LoadFailure } from '../../shell/LoadFailure.tsx';
import { LeasesSection } from '../leases/index.ts';
import { ClientBrokerings } from '../brokering/index.ts';

const locationColumns: IColumn[] = [
  {
    key: 'name',
    name: 'name',
    fieldName: 'name',
    minWidth: 180,
    isResizable: true,
    onRender: (l: LocationSummary) => (
      <FluentLink as={Link} to={pathTo('CLIENT_LOCATION', { clientId: l.clientId, locationId: l.id })}>
        {l.name}
      </FluentLink>
    ),
  },
  { key: 'address', name: 'address', minWidth: 200, isResizable: true, onRender: (l: LocationSummary) => [l.address, l.city].filter(Boolean).join(', ') },
  { key: 'move', name: 'move service enabled', minWidth: 140, onRender: (l: LocationSummary) => (l.services?.move?.isEnabled ? 'yes' : 'no') },
];

export default function ClientDashboardPage() {
  const { clientId } = useParams();
  const { user } = useSession();
  const client = useClient(clientId);
  const internal = !user?.isExternal;

  if (client.status === 'loading' || client.status === 'notAsked') return <Loading label="Loading client…" />;
  if (client.status === 'failed' || !client.data)
    return <LoadFailure resource={client} failedText={messages.client.fetchFailed} parent={{ text: 'clients', to: pathTo('CLIENTS_ROOT') }} what="client" />;
  const data = client.data;
  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <Stack horizontal horizontalAlign="space-between" verticalAlign="center" wrap tokens={{ childrenGap: 12 }}>
        <Stack>
          <Text as="h1" variant="xxLarge">
            {data.name}
          </Text>
          <Text variant="medium">
            {data.orgNumber} · {data.country.name}
          </Text>
        </Stack>
        <Stack horizontal tokens={{ childrenGap: 8 }}>
          {internal && isBuilt('CREATE_CLIENT_LOCATION') && (
            <LinkButton to={pathTo('CREATE_CLIENT_LOCATION', { clientId: data.id })} text="create location" iconProps={{ iconName: 'Add' }} />
          )}
          {internal && <LinkButton to={pathTo('EDIT_CLIENT', { clientId: data.id })} text="edit client" iconProps={{ iconName: 'Edit' }} />}
        </Stack>
      </Stack>
      <section aria-labelledby="locations-heading">
        <Text as="h2" variant="xLarge" id="locations-heading">
          locations
        </Text>
        {data.locations.length === 0 ? (
          <Text as="p">{messages.common.noItems}</Text>
        ) : (
          <DetailsList
            items={data.locations}
            columns={locationColumns}
            selectionMode={SelectionMode.none}
            layoutMode={DetailsListLayoutMode.justified}
            ariaLabelForGrid="locations"
            onShouldVirtualize={() => false}
          />
        )}
      </section>
      <ClientBrokerings clientId={data.id} brokerings={data.brokerings} internal={internal} />
      <LeasesSection clientId={data.id} clientName={data.name} />
    </Stack>
  );
}
