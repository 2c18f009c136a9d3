import { Stack, Text } from '@fluentui/react';
import { Timeline } from '../timeline/index.ts';

const card = { root: { border: '1px solid #edebe9', borderRadius: 4, padding: 20, background: '#fff', maxWidth: 640 } };

/** The location dashboard's move timeline card: the move's sections and events, read-only. */
export function MoveTimelineCard({ moveId }: { moveId: string }) {
  return (
    <Stack as="section" aria-labelledby="move-timeline" tokens={{ childrenGap: 12 }} styles={card}>
      <Text as="h2" variant="xLarge" id="move-timeline">
        move timeline
      </Text>
      <Timeline owner={{ kind: 'move', id: moveId }} editable={false} />
    </Stack>
  );
}
