import { Link as FluentLink, Stack, Text } from '@fluentui/react';
import { messages } from '@movers/contracts';
import { Link, useParams } from 'react-router-dom';
import { Loading } from '../../auth/Guard.tsx';
import { useSession } from '../../auth/Session.tsx';
import { pathTo } from '../../routeTable.ts';
import { Crumbs } from '../../shell/Crumbs.tsx';
import { useLocation } from './api.ts';
import { useClient } from '../clients/index.ts';
import { LoadFailure } from '../../shell/LoadFailure.tsx';
import { propertyTypes } from './locationsFilter.ts';
import { MoveServiceCard, MoversPassCard, MoveTimelineCard } from '../moves/index.ts';

const card = { root: { border: '1px solid #edebe9', borderRadius: 4, padding: 20, background: '#fff', maxWidth: 640 } };

/**
 * The location dashboard: breadcrumbs, the information card, the move service card (with the tiles to
 * the move's content screens) and the move timeline card.
 */
export default function LocationDashboardPage() {
  const { clientId = '', locationId = '' } = useParams();
  const { user } = useSession();
  const location = useLocation(clientId, locationId);
  const client = useClient(clientId);

  if (location.status === 'loading' || location.status === 'notAsked') return <Loading label="Loading location…" />;
  // The API decides who may see a location: a 403 is the no-access view.
  if (location.status === 'failed' || !location.data)
    return (
      <LoadFailure
        resource={location}
        failedText={messages.common.fetchFailed}
        parent={{ text: client.data?.name ?? 'client', to: pathTo('CLIENT_DASHBOARD', { clientId }) }}
        what="location"
      />
    );
  const l = location.data;
  const rows: [string, string][] = [
    ['name', l.name],
    ['address', l.address],
    ['client', l.client.name],
    ['country', l.country.name ?? l.country.id],
    ['property types', propertyTypes(l) || '–'],
    ['city', l.city],
  ];
  return (
    <Stack tokens={{ childrenGap: 20 }}>
      <Crumbs
        items={[
          { key: 'client', text: l.client.name, to: pathTo('CLIENT_DASHBOARD', { clientId: l.client.id }) },
          { key: 'location', text: l.name },
        ]}
      />
      <Text as="h1" variant="xxLarge">
        {l.name}
      </Text>
      <Stack as="section" aria-labelledby="location-information" tokens={{ childrenGap: 12 }} styles={card}>
        <Stack horizontal horizontalAlign="space-between" verticalAlign="center">
          <Text as="h2" variant="xLarge" id="location-information">
            information
          </Text>
          {!user?.isExternal && (
            <FluentLink as={Link} to={pathTo('CLIENT_LOCATION_EDIT', { clientId: l.client.id, locationId: l.id })}>
              edit location
            </FluentLink>
          )}
        </Stack>
        <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 24, rowGap: 8, margin: 0 }}>
          {rows.map(([term, value]) => (
            <div key={term} style={{ display: 'contents' }}>
              <dt style={{ fontWeight: 600 }}>{term}</dt>
              <dd style={{ margin: 0 }}>{value}</dd>
            </div>
          ))}
        </dl>
      </Stack>
      <MoveServiceCard location={l} canEdit={!user?.isExternal} />
      {l.services.move.id && <MoveTimelineCard clientId={l.client.id} locationId={l.id} moveId={l.services.move.id} />}
      {l.services.move.id && !user?.isExternal && <MoversPassCard locationId={l.id} moveId={l.services.move.id} />}
    </Stack>
  );
}
