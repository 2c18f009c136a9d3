import { api as routes } from '@movers/contracts';
import type { Params } from 'react-router-dom';
import type { ApiClient } from '../../common/api/apiClient.ts';
import type { AskRead, ScreenReads } from '../../common/api/askedEarly.ts';
import { askRoute } from '../../common/api/route.ts';
import { askDayReads, reportFilterOf } from '../features/moveDay/firstReads.ts';
import { askPlannerReads } from '../features/planner/firstReads.ts';
import { askWaveList } from '../features/waves/firstReads.ts';
import type { RouteKey } from '../routeTable.ts';

/**
 * The first reads of the screens that read much (issue 56), composed here from each feature's `firstReads.ts`
 * (addresses and readings, no hooks): asked for as soon as the user may see the screen (`AdminApp.tsx`), not
 * once the screen's code, fifty chunks found one import after another, has come and run (≈ 0.1 s). A chunk
 * of their own (`screenReadsChunk.ts`), as they read the routes' contracts (and yup): the sign-in page does
 * without them.
 */
const screenReads: Partial<Record<RouteKey, ScreenReads>> = {
  MOVE_WAVES: (ask, api, { moveId }) => moveId && askWaveList(ask, api, moveId),
  FLOOR_PLANNER: (ask, api, { moveId = '' }, search) => {
    askPlannerReads(ask, api, moveId, search.get('step'));
    // The people step's wave column and filter: asked with the rest, not once the step is drawn.
    if (moveId && search.get('step') === 'people') askWaveList(ask, api, moveId);
  },
  MOVE_DAY: (ask, api, { moveId }, search) => {
    if (!moveId) return;
    askDayReads(ask, api, moveId, search.get('wave') ?? undefined, reportFilterOf(search), search.get('view') !== 'today');
    askWaveList(ask, api, moveId);
  },
};

/**
 * Asks for a screen's first reads: the frame's own of a client's and a move's screens (the breadcrumb's
 * client, the move: its name, time zone, languages), which came a round trip after the screen's as the
 * screen drew them, and small, so asked first (the API answers the screen's large reads after them); then
 * the screen's.
 */
export function askScreenReads(screen: RouteKey, ask: AskRead, api: ApiClient, params: Readonly<Params>, search: URLSearchParams) {
  const { clientId, locationId, moveId } = params;
  if (clientId) askRoute(ask, api, routes.clients.get, { clientId });
  if (locationId && moveId) askRoute(ask, api, routes.moves.getOfLocation, { locationId, moveId });
  screenReads[screen]?.(ask, api, params, search);
}
