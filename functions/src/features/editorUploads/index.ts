export { editorUploadRoutes } from './routes.ts';
