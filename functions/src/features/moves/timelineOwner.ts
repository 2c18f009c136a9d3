import { api } from '@movers/contracts';
import type { TimelineOwner } from '../timeline/index.ts';
import { readableMove } from './routes.ts';

/** A move owns a timeline like a brokering project does; reading it follows the move's own access. */
export const moveTimelineOwner: TimelineOwner = {
  kind: 'move',
  routes: api.moveTimeline,
  assertReadable: async (principal, moveId) => {
    await readableMove(principal, moveId);
  },
};
