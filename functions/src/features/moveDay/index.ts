export { moveDayRoutes } from './routes.ts';
