import type { Audit, ExternalUserState } from '@movers/contracts';
import { container, mapCosmosError, queryAll, readDoc } from '../../platform/cosmos/client.ts';

/** The portal's own record of a directory user: which client an External user belongs to. */
export interface UserProfileDoc extends Partial<Audit> {
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

/** Profiles of External users (those with a state); one query, as the external users list needs them all. */
export async function listExternalProfiles(): Promise<UserProfileDoc[]> {
  return queryAll<UserProfileDoc>(container('userProfiles'), 'SELECT * FROM c WHERE IS_DEFINED(c.externalUserState) AND NOT IS_NULL(c.externalUserState)');
}

/** Creates or replaces a profile; with an ETag a stale write fails with 412. */
export async function saveProfile(profile: UserProfileDoc, by: string, etag?: string) {
  const now = new Date().toISOString();
  const { etag: _etag, ...rest } = profile as UserProfileDoc & { etag?: string };
  const doc: UserProfileDoc = { ...rest, createdAt: rest.createdAt ?? now, createdBy: rest.createdBy ?? by, updatedAt: now, updatedBy: by };
  try {
    const { resource } = await container('userProfiles').items.upsert(doc, etag ? { accessCondition: { type: 'IfMatch', condition: etag } } : {});
    return resource as unknown as UserProfileDoc;
  } catch (error) {
    return mapCosmosError(error, 'user profile');
  }
}

/** The invited user's first sign-in: PendingAcceptance becomes Accepted (decisions.md). */
export async function markAccepted(userId: string) {
  try {
    await container('userProfiles')
      .item(userId, userId)
      .patch([
        { op: 'set', path: '/externalUserState', value: 'Accepted' },
        { op: 'set', path: '/updatedAt', value: new Date().toISOString() },
        { op: 'set', path: '/updatedBy', value: userId },
      ]);
  } catch (error) {
    mapCosmosError(error, 'user profile');
  }
}
