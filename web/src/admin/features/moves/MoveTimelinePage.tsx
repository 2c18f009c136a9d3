import { Stack, Text } from '@fluentui/react';
import { messages, waveName } from '@movers/contracts';
import { useParams } from 'react-router-dom';
import { Loading } from '../../auth/Guard.tsx';
import { useSession } from '../../auth/Session.tsx';
import { pathTo } from '../../routeTable.ts';
import { Crumbs } from '../../shell/Crumbs.tsx';
import { LoadFailure } from '../../shell/LoadFailure.tsx';
import { useClient } from '../clients/index.ts';
import { mayEditTimeline, Timeline } from '../timeline/index.ts';
import { useWaves } from '../waves/index.ts';
import { useMoveLanguages } from './api.ts';

/** MOVE_TIMELINE: the move's dated sections and events, their texts in every language of the move; every signed-in user of the move's client edits them inline. */
export default function MoveTimelinePage() {
  const { clientId = '', locationId = '', moveId = '' } = useParams();
  const { user } = useSession();
  const client = useClient(clientId);
  const languages = useMoveLanguages();
  const waves = useWaves(moveId);

  if (client.status === 'failed')
    return <LoadFailure resource={client} failedText={messages.common.fetchFailed} parent={{ text: 'clients', to: pathTo('CLIENTS_ROOT') }} what="client" />;
  if (client.status !== 'ready' || !client.data) return <Loading label="Loading timeline…" />;
  const location = client.data.locations.find((l) => l.id === locationId);
  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <Crumbs
        items={[
          { key: 'client', text: client.data.name, to: pathTo('CLIENT_DASHBOARD', { clientId }) },
          { key: 'location', text: location?.name ?? 'location', to: pathTo('CLIENT_LOCATION', { clientId, locationId }) },
          { key: 'timeline', text: 'move timeline' },
        ]}
      />
      <Text as="h1" variant="xxLarge">
        {location?.name ?? 'move'}: timeline
      </Text>
      <Timeline
        owner={{ kind: 'move', id: moveId }}
        editable={mayEditTimeline('move', user)}
        sectionLevel={2}
        languages={languages}
        // The admin's timeline screen is English: a wave's English name, else the move's default (issue 55).
        waves={waves.data?.waves.map((w) => ({ id: w.id, name: waveName(w, 'en') }))}
        timeZone={waves.data?.timeZone}
      />
    </Stack>
  );
}
