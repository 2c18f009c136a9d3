export { locationsOfClient } from './locations.data.ts';
export { locationRoutes } from './routes.ts';
