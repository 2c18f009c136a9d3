import { Stack, Text } from '@fluentui/react';
import { LinkButton } from '../../../common/LinkButton.tsx';
import { pathTo } from '../../routeTable.ts';
import { Timeline } from '../timeline/index.ts';
import { useMoveTimeZone } from './api.ts';

const card = { root: { border: '1px solid #edebe9', borderRadius: 4, padding: 20, background: '#fff', maxWidth: 640 } };

/** The location dashboard's move timeline card: the move's sections and events, with the way to MOVE_TIMELINE. */
export function MoveTimelineCard({ clientId, locationId, moveId }: { clientId: string; locationId: string; moveId: string }) {
  // Current by the move's day (issue 55).
  const timeZone = useMoveTimeZone(moveId) ?? undefined;
  return (
    <Stack as="section" aria-labelledby="move-timeline" tokens={{ childrenGap: 12 }} styles={card}>
      <Stack horizontal horizontalAlign="space-between" verticalAlign="center">
        <Text as="h2" variant="xLarge" id="move-timeline">
          move timeline
        </Text>
        <LinkButton
          to={pathTo('MOVE_TIMELINE', { clientId, locationId, moveId })}
          text="edit"
          ariaLabel="edit move timeline"
          iconProps={{ iconName: 'Edit' }}
        />
      </Stack>
      <Timeline owner={{ kind: 'move', id: moveId }} editable={false} timeZone={timeZone} />
    </Stack>
  );
}
