export { getClientDoc, listClientDocs, setLocationCounts, type ClientDoc } from './clients.data.ts';
