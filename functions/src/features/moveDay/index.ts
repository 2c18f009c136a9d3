export { moveDayRoutes } from './routes.ts';
export { arrivalTimes } from './moveDay.data.ts';
