import { Stack, Text } from '@fluentui/react';
import { messages } from '@movers/contracts';
import { useParams } from 'react-router-dom';
import { Loading } from '../../auth/Guard.tsx';
import { useSession } from '../../auth/Session.tsx';
import { pathTo } from '../../routeTable.ts';
import { Crumbs } from '../../shell/Crumbs.tsx';
import { mayEditTimeline, Timeline } from '../timeline/index.ts';
import { useBrokering } from './api.ts';
import { useClient } from '../clients/index.ts';
import { LoadFailure } from '../../shell/LoadFailure.tsx';

/** BROKERING_TIMELINE: the project's timeline; internal users edit it inline. */
export default function BrokeringTimelinePage() {
  const { clientId, brokeringId } = useParams();
  const { user } = useSession();
  const client = useClient(clientId);
  const brokering = useBrokering(brokeringId);

  if (client.status === 'failed')
    return <LoadFailure resource={client} failedText={messages.common.fetchFailed} parent={{ text: 'clients', to: pathTo('CLIENTS_ROOT') }} what="client" />;
  if (brokering.status === 'failed')
    return (
      <LoadFailure
        resource={brokering}
        failedText={messages.brokering.fetchFailed}
        parent={{ text: client.data?.name ?? 'client', to: pathTo('CLIENT_DASHBOARD', { clientId: clientId! }) }}
        what="brokering project"
      />
    );
  if (client.status !== 'ready' || brokering.status !== 'ready' || !brokering.data) return <Loading label="Loading timeline…" />;
  const b = brokering.data;
  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <Crumbs
        items={[
          { key: 'client', text: client.data!.name, to: pathTo('CLIENT_DASHBOARD', { clientId: clientId! }) },
          { key: 'project', text: b.name, to: pathTo('BROKERING_DASHBOARD', { clientId: clientId!, brokeringId: b.id }) },
          { key: 'timeline', text: 'brokering timeline' },
        ]}
      />
      <Text as="h1" variant="xxLarge">
        {b.name}: timeline
      </Text>
      <Timeline owner={{ kind: 'brokering', id: b.id }} editable={mayEditTimeline('brokering', user)} sectionLevel={2} />
    </Stack>
  );
}
