export { plannerRoutes } from './routes.ts';
export { publishedFloorImage, publishedFloors, unassignedNames } from './published.ts';
