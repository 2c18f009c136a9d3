export { getClientDoc, listClientDocs, setLocationCounts, type ClientDoc } from './clients.data.ts';
export { clientRoutes, type ClientDetailParts } from './routes.ts';
