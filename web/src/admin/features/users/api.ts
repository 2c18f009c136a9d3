import { type InviteUserInput, api as routes } from '@movers/contracts';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { callRoute, keyOf, revalidate, useRoute } from '../../../common/api/route.ts';

export const useExternalUsers = () => useRoute(routes.users.external, {});
/** Internal people of the directory, for the team pickers. */
export const useInternalUsers = () => useRoute(routes.users.list, {});
/** External users of one client, for its contact pickers. */
export const useClientExternalUsers = (clientId: string | undefined) => useRoute(routes.users.external, clientId ? {} : null, { client: clientId });
export const useUser = (userId: string | undefined) => useRoute(routes.users.get, userId ? { userId } : null);

const externalUsersKey = () => keyOf(routes.users.external, {});

export async function inviteUser(api: ApiClient, input: InviteUserInput) {
  const invitation = await callRoute(api, routes.users.invite, { params: {}, body: input });
  await revalidate(externalUsersKey());
  return invitation;
}

/** Sends the ETag the user was read with (their portal profile's), so a change made meanwhile is refused. */
export async function assignClient(api: ApiClient, userId: string, clientId: string, etag: string | undefined) {
  const saved = await callRoute(api, routes.users.update, { params: { userId }, body: { clientId }, etag });
  await revalidate(externalUsersKey(), keyOf(routes.users.get, { userId }));
  return saved;
}
