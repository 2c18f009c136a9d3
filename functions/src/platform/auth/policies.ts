import type { Access } from '@movers/contracts';
import { forbidden } from '../http/errors.ts';
import type { Principal } from './principal.ts';

/** Who may call a route at all (declared by its contract). Client-level rules are checked in the handler with `assertClientAccess`. */
export function assertAccess(principal: Principal, access: Access): void {
  if (access === 'internal' && !principal.isInternal) throw forbidden();
  if (access === 'super' && !principal.isSuper) throw forbidden();
}

/** Internal users reach every client; an External user only their own. */
export async function canReadClient(principal: Principal, clientId: string): Promise<boolean> {
  if (principal.isInternal) return true;
  const own = await principal.clientId();
  return own !== null && own === clientId;
}

export async function assertClientAccess(principal: Principal, clientId: string): Promise<void> {
  if (!(await canReadClient(principal, clientId))) throw forbidden();
}
