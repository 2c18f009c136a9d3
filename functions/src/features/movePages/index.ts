export { movePageRoutes } from './routes.ts';
export { listPages, pageRestoreHooks } from './pages.data.ts';
