export { templateRoutes } from './routes.ts';
// For the move pages, which are made from templates.
export { getTemplate, listTemplates } from './templates.data.ts';
