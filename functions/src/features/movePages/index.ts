export { movePageRoutes } from './routes.ts';
