export { colorRoutes, moveRoutes } from './routes.ts';
