import { apiPaths, type Location, type LocationInput, type LocationListItem } from '@movers/contracts';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { useResource } from '../../../common/api/useResource.ts';

export const useLocations = () => useResource<LocationListItem[]>(apiPaths.locations());
export const useLocation = (clientId: string | undefined, locationId: string | undefined) =>
  useResource<Location>(clientId && locationId ? apiPaths.clientLocation(clientId, locationId) : null);
/** The client of a create form (for its name in the breadcrumb); same cache key as the client dashboard. */

export async function createLocation(api: ApiClient, clientId: string, input: LocationInput): Promise<Location> {
  return (await api.request<Location>(apiPaths.clientLocations(clientId), { method: 'POST', body: input })).data;
}

/** Sends the ETag the form was loaded with, so a concurrent change is refused (412) rather than lost. */
export async function updateLocation(api: ApiClient, clientId: string, locationId: string, input: LocationInput, etag: string | undefined): Promise<Location> {
  return (await api.request<Location>(apiPaths.clientLocation(clientId, locationId), { method: 'PUT', body: input, headers: etag ? { 'If-Match': etag } : {} }))
    .data;
}
