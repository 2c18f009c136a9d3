export { plannerRoutes } from './routes.ts';
export { type PersonSeat, peopleWithSeats, publishedFloorImage, publishedFloors, unassignedNames } from './published.ts';
