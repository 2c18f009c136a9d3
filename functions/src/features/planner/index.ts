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
  seatsOfPeople,
  unassignedNames,
} from './published.ts';
/** What the waves (issue 48) read and change of the move's people, who are the planner's. */
export { allocationEtag, bumpAllocation, listPersonDocs, listPersonDocsOfWave, type PersonDoc, type Stored as StoredPlannerDoc } from './planner.data.ts';
