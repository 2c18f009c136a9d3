import type { BoundRoute } from '../../platform/http/route.ts';
import { floorRoutes } from './floorRoutes.ts';
import { importRoutes } from './importRoutes.ts';
import { labelRoutes } from './labelRoutes.ts';
import { markerRoutes } from './markerRoutes.ts';
import { peopleRoutes } from './peopleRoutes.ts';

/** Every route of the planner, one file per resource: the one list the route table reads. */
export const plannerRoutes: BoundRoute[] = [...floorRoutes, ...markerRoutes, ...peopleRoutes, ...importRoutes, ...labelRoutes];
