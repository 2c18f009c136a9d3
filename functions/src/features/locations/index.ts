export { locationsOfClient, findLocationDoc, getLocationDoc, type LocationDoc } from './locations.data.ts';
export { locationRoutes, recount as recountLocations } from './routes.ts';
export { setMoveService } from './locations.data.ts';
