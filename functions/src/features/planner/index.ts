export { plannerRoutes } from './routes.ts';
