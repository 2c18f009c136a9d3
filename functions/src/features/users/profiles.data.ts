import type { ExternalUserState } from '@movers/contracts';
import { container, readDoc } from '../../platform/cosmos/client.ts';

/** The portal's own record of a directory user: which client an External user belongs to. */
export interface UserProfileDoc {
  id: string;
  clientId: string | null;
  externalUserState: ExternalUserState | null;
  displayName?: string;
  mail?: string;
}

export async function getProfile(userId: string) {
  return readDoc<UserProfileDoc>(container('userProfiles'), userId, userId);
}

export async function clientIdOf(userId: string): Promise<string | null> {
  return (await getProfile(userId))?.clientId ?? null;
}
