import { randomUUID } from 'node:crypto';

/**
 * Finding the partition of a lease or reminder from its id alone.
 *
 * The 'leases' container is partitioned by /clientId, but routes such as /v1/leases/{leaseId} and
 * /v1/reminders/{reminderId} carry no client id. Rather than a cross-partition query per request or a
 * lookup document that has to be kept in step, the client id is part of the id itself:
 *
 *   lease id     `{clientId}_{uuid}`
 *   reminder id  `{clientId}_{leaseUuid}_{uuid}`   (its lease id is the first two parts)
 *
 * so every request is a point read (id + partition key). Client ids are UUIDs and never contain '_'.
 * An id that does not have this shape is simply not found (404); a forged one points at a partition
 * where the point read finds nothing, and the caller's access is still checked on the client id found.
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const LEASE_ID = new RegExp(`^(${UUID})_(${UUID})$`, 'i');
const REMINDER_ID = new RegExp(`^((${UUID})_${UUID})_(${UUID})$`, 'i');

export const newLeaseId = (clientId: string) => `${clientId}_${randomUUID()}`;
export const newReminderId = (leaseId: string) => `${leaseId}_${randomUUID()}`;

export function parseLeaseId(leaseId: string): { clientId: string } | null {
  const m = LEASE_ID.exec(leaseId);
  return m ? { clientId: m[1] } : null;
}

export function parseReminderId(reminderId: string): { clientId: string; leaseId: string } | null {
  const m = REMINDER_ID.exec(reminderId);
  return m ? { clientId: m[2], leaseId: m[1] } : null;
}
