export { plannerRoutes, publishedFloorImage, publishedFloors, unassignedNames } from './routes.ts';
