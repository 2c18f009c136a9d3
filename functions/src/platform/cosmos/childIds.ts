import { randomUUID } from 'node:crypto';

/**
 * Ids that carry their partition. Routes such as /v1/leases/{leaseId} or /v1/brokerings/{brokeringId}
 * carry no client id, yet their containers are partitioned by /clientId. Rather than a cross-partition
 * query per request or a lookup document that has to be kept in step, a child's id starts with its
 * parent's id:
 *
 *   lease, brokering   `{clientId}_{uuid}`
 *   reminder           `{clientId}_{leaseUuid}_{uuid}`   (its lease id is the first two parts)
 *
 * so every request is a point read (id + partition key). Ids are UUIDs and never contain '_'. An id of
 * any other shape is simply not found (404); a forged one points at a partition where the point read
 * finds nothing, and the caller's access is still checked on the client id found.
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const CHAIN = new RegExp(`^${UUID}(?:_${UUID})*$`, 'i');

export const childId = (parentId: string) => `${parentId}_${randomUUID()}`;

/** The ids an id was made under, nearest first (`C_L_R` → [`C_L`, `C`]); null for an id of another shape. */
export function ancestorsOf(id: string): string[] | null {
  if (!CHAIN.test(id)) return null;
  const parts = id.split('_');
  return parts.slice(1).map((_, i) => parts.slice(0, parts.length - 1 - i).join('_'));
}
