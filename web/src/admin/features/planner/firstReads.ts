import { type MarkerUser, api as routes } from '@movers/contracts';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import type { AskRead } from '../../../common/api/askedEarly.ts';
import { keyOf } from '../../../common/api/route.ts';
import { readTagged } from '../../../common/api/useResource.ts';

// The planner's addresses and its first reads, without the feature's hooks and writes: the screens' first reads
// (`pages/screenReads.ts`, issue 56), a chunk asked for beside the app's, take these and nothing more.

export const floorsKey = (moveId: string) => keyOf(routes.planner.floors, { moveId });
export const peopleKey = (moveId: string) => keyOf(routes.planner.people, { moveId });
export const moveKey = (moveId: string) => keyOf(routes.moves.get, { moveId });
export const allMarkersKey = (moveId: string) => keyOf(routes.planner.floorsWithMarkers, { moveId });

/** The people with the allocation's ETag, which an import sends as If-Match. */
export interface PeopleList {
  people: MarkerUser[];
  etag: string | undefined;
}

export const shapePeople = (people: MarkerUser[], etag: string | undefined): PeopleList => ({ people, etag });

/**
 * The planner's first reads, asked for as soon as the address is known (issue 56, `ScreenReads`): the move,
 * its floors and, for the people and labels steps, the people, every floor's markers, and the waves the
 * labels carry. Each with its hook's key and reading.
 */
export function askPlannerReads(ask: AskRead, api: ApiClient, moveId: string, step: string | null) {
  if (!moveId) return;
  const lists = step === 'people' || step === 'labels';
  ask(moveKey(moveId), () => api.get(moveKey(moveId)));
  ask(floorsKey(moveId), () => api.get(floorsKey(moveId)));
  if (lists) ask(allMarkersKey(moveId), () => api.get(allMarkersKey(moveId)));
  if (lists) ask(peopleKey(moveId), () => readTagged(api, shapePeople)(peopleKey(moveId)));
  const wavesKey = keyOf(routes.waves.list, { moveId });
  if (step === 'labels') ask(wavesKey, () => api.get(wavesKey));
}
