export { moveDayRoutes } from './routes.ts';
export { arrivalTimes, packedTimes } from './moveDay.data.ts';
