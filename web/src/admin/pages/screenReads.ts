import type { ScreenReads } from '../../common/api/askedEarly.ts';
import { askDayReads, reportFilterOf } from '../features/moveDay/api.ts';
import { askPlannerReads } from '../features/planner/api.ts';
import { askWaveList } from '../features/waves/api.ts';
import type { RouteKey } from '../routeTable.ts';

/**
 * The first reads of the screens that read much (issue 56), composed here from what each feature's reads
 * module offers: a small chunk of its own, asked for as the app starts, so they leave as soon as the user may
 * see the screen (`AdminApp.tsx`), not once the screen's code, fifty chunks found one import after another,
 * has come and run (≈ 0.1 s).
 */
export const screenReads: Partial<Record<RouteKey, ScreenReads>> = {
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
