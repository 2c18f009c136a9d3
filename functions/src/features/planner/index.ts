export { plannerRoutes } from './routes.ts';
export { labelRoutes } from './labelRoutes.ts';
export { markerRestoreHooks, personRestoreHooks } from './restoreHooks.ts';
export {
  type PersonSeat,
  type PlannerPerson,
  peopleWithSeats,
  personFloorImage,
  publishedFloorImage,
  publishedFloors,
  readPerson,
  seatOf,
  unassignedNames,
} from './published.ts';
