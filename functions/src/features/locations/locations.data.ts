import type { LocationSummary } from '@movers/contracts';
import { container, queryAll } from '../../platform/cosmos/client.ts';

/** All locations of one client: a query on the partition key. */
export async function locationsOfClient(clientId: string): Promise<LocationSummary[]> {
  const rows = await queryAll<LocationSummary>(container('locations'), 'SELECT * FROM c WHERE c.clientId = @clientId', [
    { name: '@clientId', value: clientId },
  ]);
  return rows
    .map(({ etag: _etag, ...location }) => location as LocationSummary)
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
