export { plannerRoutes } from './routes.ts';
export { labelRoutes } from './labelRoutes.ts';
export { markerRestoreHooks, personRestoreHooks } from './restoreHooks.ts';
export {
  type PeopleWithSeats,
  type PersonSeat,
  type PlannerDocs,
  type PlannerPerson,
  peopleWithSeats,
  peopleWithSeatsOf,
  personFloorImage,
  publishedFloorImage,
  publishedFloors,
  publishedFloorsOf,
  readPerson,
  readPlannerDocs,
  seatOf,
  seatsOfPeople,
  unassignedNames,
} from './published.ts';
/** What the waves (issue 48) read and change of the move's people, who are the planner's. */
export { allocationEtag, bumpAllocation, listPersonDocs, listPersonDocsOfWave, type PersonDoc, type Stored as StoredPlannerDoc } from './planner.data.ts';
