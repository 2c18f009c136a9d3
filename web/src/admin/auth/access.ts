import type { User } from '@movers/contracts';
import { matchRoutes } from 'react-router-dom';
import { builtRoutes, pathTo, routeTable, type Access } from '../routeTable.ts';

/** 'allow', the no-client page, or why the restricted-access page is shown. */
export type Decision = 'allow' | 'noClient' | RestrictedReason;
export type RestrictedReason = 'staffOnly' | 'superOnly' | 'otherClient';

/** What the access rule reads of a user, and no more (what `lastUser.ts` keeps between visits). */
export type UserAccess = Pick<User, 'isExternal' | 'client' | 'roles'>;

const internal = (user: UserAccess) => user.roles.includes('Internal') || user.roles.includes('Internal.Super');

/**
 * The access column of the route table for one signed-in user and the route's parameters. The server
 * enforces the same rules on every call; this only decides which screen to show.
 */
export function decide(user: UserAccess, access: Access, params: Record<string, string | undefined>): Decision {
  if (access === 'public' || access === 'protected') return 'allow';
  if (user.isExternal && !user.client) return 'noClient';
  if ((access === 'notExternal' || access === 'internal') && !internal(user)) return 'staffOnly';
  if (access === 'super' && !user.roles.includes('Internal.Super')) return 'superOnly';
  // 'signedIn' screens under a client: an External user sees only their own client.
  if (user.isExternal && params.clientId && params.clientId !== user.client?.id) return 'otherClient';
  return 'allow';
}

/** Where a user lands after signing in: internal users on the admin dashboard, External users on their client. */
export function landingPath(user: User): string {
  if (!user.isExternal) return pathTo('ADMIN_ROOT');
  return user.client ? pathTo('CLIENT_DASHBOARD', { clientId: user.client.id }) : pathTo('NO_CLIENT');
}

const screens = [...builtRoutes].filter((key) => key !== 'ROOT').map((key) => ({ id: key, path: routeTable[key].path }));

/** Whether an address inside the app is a built screen this user may open (a deep link to return to). */
export function mayOpen(user: User, address: string): boolean {
  const match = matchRoutes(screens, address.split(/[?#]/)[0])?.at(-1);
  if (!match) return false;
  const key = match.route.id as keyof typeof routeTable;
  return decide(user, routeTable[key].access, match.params) === 'allow';
}

/** The built screen an address shows, by the same ranking the router uses (literal segments first). */
export function routeKeyOf(address: string): keyof typeof routeTable | undefined {
  const match = matchRoutes(screens, address.split(/[?#]/)[0])?.at(-1);
  return match?.route.id as keyof typeof routeTable | undefined;
}
