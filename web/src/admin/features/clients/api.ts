import { apiPaths, type Client, type ClientDetail, type ClientInput, type Country } from '@movers/contracts';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { useResource } from '../../../common/api/useResource.ts';

export const useCountries = () => useResource<Country[]>(apiPaths.countries());
export const useClients = () => useResource<Client[]>(apiPaths.clients());
export const useClient = (clientId: string | undefined) => useResource<ClientDetail>(clientId ? apiPaths.client(clientId) : null);

export async function createClient(api: ApiClient, input: ClientInput): Promise<Client> {
  return (await api.request<Client>(apiPaths.clients(), { method: 'POST', body: input })).data;
}

/** Sends the ETag the form was loaded with, so a concurrent change is refused (412) rather than lost. */
export async function updateClient(api: ApiClient, clientId: string, input: ClientInput, etag: string | undefined): Promise<Client> {
  return (await api.request<Client>(apiPaths.client(clientId), { method: 'PUT', body: input, headers: etag ? { 'If-Match': etag } : {} })).data;
}
