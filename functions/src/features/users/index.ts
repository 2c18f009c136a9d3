export { userRoutes } from './routes.ts';
export { clientIdOf } from './profiles.data.ts';
export { getDirectoryUser, listGuests, listMembers, type GraphUser } from './directory.ts';
export { directoryUsers, peopleErrors, personRef } from './people.ts';
