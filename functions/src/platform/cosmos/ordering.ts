import type { Container } from '@azure/cosmos';
import { conflict, preconditionFailed } from '../http/errors.ts';
import { anyVersion } from '../http/ifMatch.ts';
import { queryAll, statusOf } from './client.ts';

/** The id of the order document in each partition: no item can have it (path ids never start with `_`). */
export const ORDER_ID = '_order';

interface OrderedItem {
  id: string;
  type: string;
  createdAt: string;
}

interface OrderDoc {
  id: typeof ORDER_ID;
  type: 'order';
  ids: string[];
  updatedAt: string;
}

type Stored<T> = T & { etag?: string };

/** The order's ETag before its first change: what a reorder of a list never changed must send. */
export const NO_ORDER = '"none"';

const MAX_ATTEMPTS = 60;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(5 + attempt * 5, 100)));

/**
 * Items kept in an order within one partition (templates, a move's pages, later its FAQ, contacts,
 * details and documents). The order is one more document in the partition, `{ id: '_order', ids }`,
 * changed only by a replace with If-Match (or a create) and retried on a conflict, so concurrent
 * creates, reorders and deletes each apply to the latest order and none is lost. An item's position is
 * its index in that order counted on read over the items that exist (an item the order does not name
 * yet goes last, oldest first), so positions are always 0..n-1 with no gaps or duplicates, and a
 * reorder never changes an item's own ETag.
 */
export function ordering<T extends OrderedItem>(c: () => Container, partitionField: string, itemType: T['type'], what: string) {
  /** The partition's items and its order document: one single-partition query. */
  async function readAll(partition: string): Promise<{ items: Stored<T>[]; order: Stored<OrderDoc> | undefined }> {
    // Only the items and the order: a partition also holds other documents (history entries, issue 37).
    const all = await queryAll<T | OrderDoc>(c(), `SELECT * FROM c WHERE c.${partitionField} = @partition AND (c.type = @type OR c.type = 'order')`, [
      { name: '@partition', value: partition },
      { name: '@type', value: itemType },
    ]);
    return {
      items: all.filter((d): d is Stored<T> => d.type === itemType),
      order: all.find((d): d is Stored<OrderDoc> => d.type === 'order'),
    };
  }

  const arrange = (items: Stored<T>[], order: OrderDoc | undefined) => arrangeInOrder(items, order?.ids);

  /**
   * Applies `edit` to the current order and stores it only if nobody stored another since it was
   * read; on a conflict it reads again and tries again. With `expected` (an If-Match other than '*'),
   * the order must still have that ETag: a reorder of a list changed since the caller read it is 412.
   * An edit that leaves the stored order as it is writes nothing (its ETag stays). Returns the order.
   */
  async function change(partition: string, edit: (ids: string[]) => string[], expected?: string): Promise<string[]> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const { items, order } = await readAll(partition);
      if (expected !== undefined && !anyVersion(expected) && (order?.etag ?? NO_ORDER) !== expected) throw preconditionFailed();
      const ids = edit(arrange(items, order).map((d) => d.id));
      if (order && ids.length === order.ids.length && ids.every((id, i) => id === order.ids[i])) return ids;
      const next = { id: ORDER_ID, [partitionField]: partition, type: 'order' as const, ids, updatedAt: new Date().toISOString() };
      try {
        if (order?.etag)
          await c()
            .item(ORDER_ID, partition)
            .replace(next, { accessCondition: { type: 'IfMatch', condition: order.etag } });
        else await c().items.create(next);
        return ids;
      } catch (error) {
        // 412: another change came first; 409: another first order was created; 404: the order was just made.
        const status = statusOf(error);
        if (status !== 412 && status !== 409 && status !== 404) throw error;
        await pause(attempt);
      }
    }
    throw conflict(`too many changes to the order of the ${what} at once: try again`);
  }

  return {
    /** Every item of the partition, in order. */
    async list(partition: string): Promise<Stored<T>[]> {
      const { items, order } = await readAll(partition);
      return arrange(items, order);
    },
    /** Every item in order with the order's ETag, which a reorder must send as If-Match (the same one query). */
    async listTagged(partition: string): Promise<{ items: Stored<T>[]; etag: string }> {
      const { items, order } = await readAll(partition);
      return { items: arrange(items, order), etag: order?.etag ?? NO_ORDER };
    },
    /** Applies a change to the order, retried on a conflict (above). */
    change,
    /**
     * Moves one item to a 0-based position (past the end: last); the others close up. `ifMatch` is the
     * order's ETag the caller read (412 when it changed since; '*': whatever it is now). False when the
     * partition has no such item.
     */
    async move(partition: string, id: string, position: number, ifMatch: string): Promise<boolean> {
      let found = false;
      await change(
        partition,
        (ids) => {
          found = ids.includes(id);
          return moveTo(ids, id, position);
        },
        ifMatch,
      );
      return found;
    },
  };
}

/**
 * The items that exist, in the order's ids; items the order does not name yet go last, oldest first. For
 * an owner that reads its items and its order (`_order`, its ETag the list's) in a query of its own.
 */
export function arrangeInOrder<T extends OrderedItem>(items: T[], orderIds: string[] | undefined): T[] {
  const byId = new Map(items.map((d) => [d.id, d]));
  const named = [...new Set(orderIds ?? [])].filter((id) => byId.has(id));
  const namedSet = new Set(named);
  const rest = items.filter((d) => !namedSet.has(d.id)).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return [...named.map((id) => byId.get(id)!), ...rest];
}

/** Moves `id` to a 0-based position (past the end: last) in `ids`; the others close up. */
export function moveTo(ids: string[], id: string, position: number): string[] {
  if (!ids.includes(id)) return ids;
  const rest = ids.filter((other) => other !== id);
  rest.splice(Math.min(position, rest.length), 0, id);
  return rest;
}
