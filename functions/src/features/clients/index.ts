export { getClientDoc, listClientDocs, setLocationCounts, type ClientDoc } from './clients.data.ts';
export { clientRoutes } from './routes.ts';
