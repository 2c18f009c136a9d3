import { listBrokeringDocs } from './brokerings.data.ts';

export { brokeringRoutes, readableBrokering } from './routes.ts';
export { newBrokeringId, type BrokeringDoc } from './brokerings.data.ts';
export { brokeringTimelineOwner } from './timelineOwner.ts';

/** The client detail's `brokerings`: the client's projects {id, name}, by name. */
export async function brokeringsOfClient(clientId: string): Promise<{ id: string; name: string }[]> {
  const docs = await listBrokeringDocs(clientId);
  return docs.map((d) => ({ id: d.id, name: d.name })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
