export { editorFilesAt } from './address.ts';
export { editorUploadRoutes } from './routes.ts';
