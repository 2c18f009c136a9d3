import { api } from '@movers/contracts';
import type { TimelineOwner } from '../timeline/index.ts';
import { readableBrokering } from './routes.ts';

/** Brokering projects own timelines: `/v1/brokerings/{brokeringId}/timeline_sections`. */
export const brokeringTimelineOwner: TimelineOwner = {
  kind: 'brokering',
  routes: api.brokeringTimeline,
  assertReadable: async (principal, brokeringId) => {
    await readableBrokering(principal, brokeringId);
  },
};
