// What other features may use of users: the people for their pickers.
export { useClientExternalUsers, useInternalUsers } from './api.ts';
