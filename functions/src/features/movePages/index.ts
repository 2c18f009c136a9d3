export { movePageRoutes } from './routes.ts';
export { listPages } from './pages.data.ts';
