import type { User } from '@movers/contracts';
import type { UserAccess } from './access.ts';

/**
 * The user the last session check (`GET /v1/users/me`) answered for an account, kept in local storage beside
 * MSAL's own cache (issue 56). While the next check is on its way (≈ 0.2 s at 4× CPU slowdown, its answer then
 * drawn), a screen this user could open asks for its reads. Never what decides what is shown: that is the
 * check's own answer, and the server authorizes every read whatever this says.
 */
const KEY = 'movers.lastUser';
// Only what the access rule reads (`UserAccess`): no name or address is kept.

export function heldUser(accountId: string): UserAccess | undefined {
  try {
    const held = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { accountId?: unknown; user?: Partial<UserAccess> } | null;
    const user = held?.user;
    // Anything else (another account's, damaged, of an older shape) is not used.
    if (held?.accountId !== accountId || !user || typeof user.isExternal !== 'boolean' || !Array.isArray(user.roles)) return undefined;
    return {
      isExternal: user.isExternal,
      roles: user.roles.filter((r) => typeof r === 'string'),
      client: typeof user.client?.id === 'string' ? { id: user.client.id } : null,
    };
  } catch {
    return undefined;
  }
}

export function holdUser(accountId: string, { isExternal, client, roles }: User) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ accountId, user: { isExternal, client: client && { id: client.id }, roles } }));
  } catch {
    // Storage full or refused: the next visit waits for its check, as before.
  }
}

export function forgetUser() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing held.
  }
}
