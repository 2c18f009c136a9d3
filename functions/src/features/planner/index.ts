export { plannerRoutes, unassignedNames } from './routes.ts';
