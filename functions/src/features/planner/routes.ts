import type { BoundRoute } from '../../platform/http/route.ts';
import { floorRoutes } from './floorRoutes.ts';
import { importRoutes } from './importRoutes.ts';
import { markerRoutes } from './markerRoutes.ts';
import { peopleRoutes } from './peopleRoutes.ts';

/**
 * Every route of the planner, one file per resource: the one list the route table reads. The label sheet's
 * route (`labelRoutes.ts`) is bound by the seat letters, which say whose seat changed since their letter
 * (its `people=changed`, issue 37): a feature above the planner's, so it passes that in.
 */
export const plannerRoutes: BoundRoute[] = [...floorRoutes, ...markerRoutes, ...peopleRoutes, ...importRoutes];
