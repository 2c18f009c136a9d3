export { downloadDocument, moveDocumentRoutes } from './routes.ts';
export { listDocuments } from './documents.data.ts';
export { cleanAbandonedUploads } from './uploads.data.ts';
