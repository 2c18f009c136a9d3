export { moveDocumentRoutes } from './routes.ts';
