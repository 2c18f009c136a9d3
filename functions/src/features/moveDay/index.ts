export { moveDayRoutes } from './routes.ts';
export { packedTimes } from './moveDay.data.ts';
