import { isExternal, isInternal, isSuper } from '@movers/contracts';
import type { AccessTokenClaims } from './jwt.ts';

/** Who is calling. The user id always comes from the verified token, never from the request. */
export interface Principal {
  userId: string;
  name: string;
  email: string;
  roles: string[];
  isInternal: boolean;
  isSuper: boolean;
  isExternal: boolean;
  /** The External user's client, read from the portal's profile on first use. */
  clientId(): Promise<string | null>;
}

export function principalFrom(claims: AccessTokenClaims, loadClientId: (userId: string) => Promise<string | null>): Principal {
  const roles = Array.isArray(claims.roles) ? claims.roles.filter((r): r is string => typeof r === 'string') : [];
  const userId = String(claims.oid ?? claims.sub);
  let clientId: Promise<string | null> | undefined;
  return {
    userId,
    name: claims.name ?? '',
    email: claims.preferred_username ?? '',
    roles,
    isInternal: isInternal(roles),
    isSuper: isSuper(roles),
    isExternal: isExternal(roles),
    clientId: () => (clientId ??= loadClientId(userId)),
  };
}
