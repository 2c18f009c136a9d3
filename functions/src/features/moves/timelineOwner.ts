import { api } from '@movers/contracts';
import type { TimelineOwner } from '../timeline/index.ts';
import { readableMove } from './routes.ts';

/** A move owns a timeline like a brokering project does; reading it follows the move's own access. */
export const moveTimelineOwner: TimelineOwner = {
  kind: 'move',
  routes: api.moveTimeline,
  // The move's languages are those its timeline's texts may be translated into.
  assertReadable: async (principal, moveId) => {
    const { languages, defaultLanguage } = await readableMove(principal, moveId);
    return { languages, defaultLanguage };
  },
};
