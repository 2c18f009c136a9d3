import type { BoundRoute } from '../../platform/http/route.ts';
import { moveDayBoardRoutes } from './boardRoutes.ts';
import { moveDayVisitRoutes } from './visitRoutes.ts';
import { wallLinkRoutes } from './wallRoutes.ts';

export const moveDayRoutes: BoundRoute[] = [...moveDayVisitRoutes, ...moveDayBoardRoutes, ...wallLinkRoutes];
