import type { BoundRoute } from '../../platform/http/route.ts';
import { moveDayBoardRoutes } from './boardRoutes.ts';
import { moveDayVisitRoutes } from './visitRoutes.ts';

export const moveDayRoutes: BoundRoute[] = [...moveDayVisitRoutes, ...moveDayBoardRoutes];
