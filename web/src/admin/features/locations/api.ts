import { type LocationInput, api as routes } from '@movers/contracts';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { callRoute, keyOf, remember, revalidate, useRoute } from '../../../common/api/route.ts';
import { clientChanged } from '../clients/index.ts';

export const useLocations = () => useRoute(routes.locations.list, {});
export const useLocation = (clientId: string | undefined, locationId: string | undefined) =>
  useRoute(routes.locations.get, clientId && locationId ? { clientId, locationId } : null);

async function saved<T extends { id: string }>(clientId: string, location: T) {
  await Promise.all([
    remember(keyOf(routes.locations.get, { clientId, locationId: location.id }), location),
    revalidate(keyOf(routes.locations.list, {})),
    clientChanged(clientId),
  ]);
  return location;
}

export async function createLocation(api: ApiClient, clientId: string, input: LocationInput) {
  return saved(clientId, await callRoute(api, routes.locations.create, { params: { clientId }, body: input }));
}

/** Sends the ETag the form was loaded with, so a concurrent change is refused (412) rather than lost. */
export async function updateLocation(api: ApiClient, clientId: string, locationId: string, input: LocationInput, etag: string | undefined) {
  return saved(clientId, await callRoute(api, routes.locations.update, { params: { clientId, locationId }, body: input, etag }));
}

/** After the location's move service changed: the location and the locations list. */
export const locationChanged = (clientId: string, locationId: string) =>
  revalidate(keyOf(routes.locations.get, { clientId, locationId }), keyOf(routes.locations.list, {}));

/** After a restore from the location's history: the location as restored, the lists, the client's counts. */
export const locationRestored = (clientId: string, locationId: string) => Promise.all([locationChanged(clientId, locationId), clientChanged(clientId)]);
