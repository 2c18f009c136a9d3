import type { Audit, ExternalUserState } from '@movers/contracts';
import { container, fromStored, mapCosmosError, queryAll, readDoc, statusOf } from '../../platform/cosmos/client.ts';
import { preconditionFailed } from '../../platform/http/errors.ts';
import { cosmosCondition } from '../../platform/http/ifMatch.ts';

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
/** The ETag a user without a profile is read with: saving with it creates the profile, unless someone else did first. */
export const NO_PROFILE_ETAG = '"none"';

/**
 * Writes a profile. With an ETag the write is conditional: the one read (412 when changed since), or
 * NO_PROFILE_ETAG to create one that must not exist yet (412 when it does). Without one (an
 * invitation, which has just checked the directory) it is written as is.
 */
export async function saveProfile(profile: UserProfileDoc, by: string, etag?: string) {
  const now = new Date().toISOString();
  const { etag: _etag, ...rest } = profile as UserProfileDoc & { etag?: string };
  const doc: UserProfileDoc = { ...rest, createdAt: rest.createdAt ?? now, createdBy: rest.createdBy ?? by, updatedAt: now, updatedBy: by };
  const profiles = container('userProfiles');
  try {
    if (etag === NO_PROFILE_ETAG) return fromStored<UserProfileDoc>((await profiles.items.create(doc)).resource!);
    if (etag) return fromStored<UserProfileDoc>((await profiles.item(doc.id, doc.id).replace(doc, cosmosCondition(etag))).resource!);
    return fromStored<UserProfileDoc>((await profiles.items.upsert(doc)).resource!);
  } catch (error) {
    if (etag && (statusOf(error) === 409 || statusOf(error) === 404)) throw preconditionFailed();
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
