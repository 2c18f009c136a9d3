import { ancestorsOf, childId } from '../../platform/cosmos/childIds.ts';

// A lease id is made under its client's id, a reminder id under its lease's (see childIds.ts).
export const newLeaseId = childId;
export const newReminderId = childId;

export function parseLeaseId(leaseId: string): { clientId: string } | null {
  const ancestors = ancestorsOf(leaseId);
  return ancestors?.length === 1 ? { clientId: ancestors[0] } : null;
}

export function parseReminderId(reminderId: string): { clientId: string; leaseId: string } | null {
  const ancestors = ancestorsOf(reminderId);
  return ancestors?.length === 2 ? { leaseId: ancestors[0], clientId: ancestors[1] } : null;
}
