import { apiPaths, type ExternalUserEntry, type Invitation, type InviteUserInput, type User } from '@movers/contracts';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { useResource } from '../../../common/api/useResource.ts';

export const useExternalUsers = () => useResource<ExternalUserEntry[]>(apiPaths.externalUsers());
export const useUser = (userId: string | undefined) => useResource<User>(userId ? apiPaths.user(userId) : null);
/** Clients for the client dropdown; the same cache key as the clients list. */

export async function inviteUser(api: ApiClient, input: InviteUserInput): Promise<Invitation> {
  return (await api.request<Invitation>(apiPaths.invitation(), { method: 'POST', body: input })).data;
}

export async function assignClient(api: ApiClient, userId: string, clientId: string): Promise<User> {
  return (await api.request<User>(apiPaths.user(userId), { method: 'PATCH', body: { clientId } })).data;
}
