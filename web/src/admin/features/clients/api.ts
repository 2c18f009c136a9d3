import { api as routes, type ClientInput } from '@movers/contracts';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { callRoute, keyOf, revalidate, useRoute } from '../../../common/api/route.ts';

export const useCountries = () => useRoute(routes.countries.list, {});
export const useClients = () => useRoute(routes.clients.list, {});
export const useClient = (clientId: string | undefined) => useRoute(routes.clients.get, clientId ? { clientId } : null);

/** Keys a client's change shows in: the list, and the client's own page. */
const clientKeys = (clientId: string) => [keyOf(routes.clients.list, {}), keyOf(routes.clients.get, { clientId })];

export async function createClient(api: ApiClient, input: ClientInput) {
  const saved = await callRoute(api, routes.clients.create, { params: {}, body: input });
  await revalidate(...clientKeys(saved.id));
  return saved;
}

/** Sends the ETag the form was loaded with, so a concurrent change is refused (412) rather than lost. */
export async function updateClient(api: ApiClient, clientId: string, input: ClientInput, etag: string | undefined) {
  const saved = await callRoute(api, routes.clients.update, { params: { clientId }, body: input, etag });
  await revalidate(...clientKeys(clientId));
  return saved;
}

/** After a location or project of the client changed: its counts and lists. */
export const clientChanged = (clientId: string) => revalidate(...clientKeys(clientId));

/** After a restore from the client's history: the client shows as restored, in its page and the list. */
export const clientRestored = (clientId: string) => revalidate(...clientKeys(clientId));
