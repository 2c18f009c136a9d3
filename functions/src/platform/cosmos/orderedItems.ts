import type { Container } from '@azure/cosmos';
import type { HistoryKind } from '@movers/contracts';
import { randomUUID } from 'node:crypto';
import { recordedWrite } from '../history/recordedWrite.ts';
import type { RestoreHooks } from '../history/restoreHooks.ts';
import { deleteIfMatch, fromStored, readDoc, replaceIfMatch } from './client.ts';
import type { ContainerKey } from './containers.ts';
import { moveTo, ordering } from './ordering.ts';

/** What every ordered item stores besides its own fields: its id, partition, type and audit. */
export interface OrderedItemDoc {
  id: string;
  type: string;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

type Stored<T> = T & { etag?: string };

/** An item as the API answers it: the stored fields without `type`, its position (0..n-1) and ETag. */
export type OrderedItem<D extends OrderedItemDoc> = Omit<D, 'type'> & { position: number; etag?: string };

/** The fields of an item its owner chooses (everything but id, partition, type and audit). */
export type ItemFields<D extends OrderedItemDoc, P extends string> = Omit<D, keyof OrderedItemDoc | P>;

/**
 * Items kept in order under a parent, one partition per parent (a move's pages, FAQ, contacts, details):
 * each item's id is `{parentId}_{uuid}`, so it names its partition and every read by id is a point read.
 * It knows no feature: the owner gives the container, the partition field, the item type and its fields.
 *
 * - `list` answers the items in order with positions 0..n-1; `listTagged` adds the ETag of the order, which
 *   a reorder must have read (`'"none"'` before the first item), so a reorder of a list changed since is 412.
 * - `create` puts a new item last; `update` and `remove` need the ETag the caller read (412 otherwise);
 *   `moveTo` moves one item to a position and the others close up, in one change of the order
 *   (`ordering.ts`: retried on a conflict, so concurrent changes end in a valid order and lose no item).
 * - With `history` (a move's pages, FAQ, contacts, details), every create, update and delete is written
 *   with its history entry in one batch (`platform/history/recordedWrite.ts`); a delete's entry keeps the
 *   item's last state with its `position`, and `restoreHooks` puts an item brought back at that position.
 *   Without it (templates, documents) nothing is recorded.
 */
export function orderedItems<D extends OrderedItemDoc, const P extends string>(options: {
  container: () => Container;
  /** The field holding the parent's id, which is also the partition key (`moveId`). */
  partitionField: P;
  type: D['type'];
  /** The items in words, for messages ('FAQ questions'). */
  what: string;
  /** Record every change in the parent's history: the container's key, the kind, and what an item is called. */
  history?: { container: ContainerKey; kind: HistoryKind; title: (doc: D) => string | null };
}) {
  const { container, partitionField, type, what, history } = options;
  const order = ordering<D>(container, partitionField, type, what);
  const one = what.replace(/s$/, '');
  /** Where an item's history goes: the parent's partition, in the parent's (the move's) recent changes. */
  const targetOf = (doc: D) => {
    const parentId = partitionOfDoc(doc);
    return { container: history!.container, partitionKey: parentId, kind: history!.kind, moveId: parentId, title: history!.title(doc), what: one };
  };

  const toItem = (doc: Stored<D>, position: number): OrderedItem<D> => {
    const { type: _t, ...rest } = doc;
    return { ...rest, position } as OrderedItem<D>;
  };
  const partitionOfDoc = (doc: D) => (doc as unknown as Record<P, string>)[partitionField];

  /** `{parentId}_{uuid}`: the parent (and partition) an item id names; null for another shape. */
  function parentOf(id: string): string | null {
    const cut = id.lastIndexOf('_');
    return cut > 0 ? id.slice(0, cut) : null;
  }

  async function get(id: string): Promise<OrderedItem<D> | undefined> {
    const doc = await read(id);
    if (!doc) return undefined;
    const position = (await order.list(partitionOfDoc(doc))).findIndex((d) => d.id === id);
    return position < 0 ? undefined : toItem(doc, position);
  }

  /** The stored item (with its ETag), or undefined when there is none of this type. */
  async function read(id: string): Promise<Stored<D> | undefined> {
    const parent = parentOf(id);
    if (!parent) return undefined;
    const doc = await readDoc<D>(container(), id, parent);
    return doc?.type === type ? doc : undefined;
  }

  return {
    parentOf,
    read,
    get,
    /** Every item of the parent, in order. */
    async list(parentId: string): Promise<OrderedItem<D>[]> {
      return (await order.list(parentId)).map(toItem);
    },
    /** Every item in order with the order's ETag, which a reorder must send as If-Match. */
    async listTagged(parentId: string): Promise<{ items: OrderedItem<D>[]; etag: string }> {
      const { items, etag } = await order.listTagged(parentId);
      return { items: items.map(toItem), etag };
    },
    /** A new item goes last: the highest position + 1 (0 when none). `id`: one the owner made first (`newId`), to claim a name for it. */
    async create(parentId: string, fields: ItemFields<D, P>, by: string, id = `${parentId}_${randomUUID()}`): Promise<OrderedItem<D>> {
      const now = new Date().toISOString();
      const doc = {
        ...fields,
        id,
        [partitionField]: parentId,
        type,
        createdAt: now,
        createdBy: by,
        updatedAt: now,
        updatedBy: by,
      } as unknown as D;
      const stored = history ? (await recordedWrite(targetOf(doc), { after: doc }))! : fromStored<D>((await container().items.create(doc)).resource!);
      const ids = await order.change(parentId, (current) => current);
      return toItem(stored, ids.indexOf(doc.id));
    },
    /** Stores the changed fields only while the item still has the ETag the caller read. */
    async update(current: Stored<D>, change: Partial<ItemFields<D, P>>, by: string, etag: string): Promise<OrderedItem<D> | undefined> {
      const { etag: _read, ...stored } = current;
      const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
      const next = { ...stored, ...defined, updatedAt: new Date().toISOString(), updatedBy: by } as unknown as D;
      if (history) await recordedWrite(targetOf(next), { before: current, after: next, ifMatch: etag });
      else await replaceIfMatch(container(), next, partitionOfDoc(current), etag, one);
      return get(current.id);
    },
    /** Deletes the item while it still has the ETag the caller read; the ones after it move up. */
    async remove(current: D, etag: string): Promise<void> {
      const parentId = partitionOfDoc(current);
      if (history) {
        // The entry's last state keeps the item's place, so that an undelete puts it back there.
        const position = (await order.list(parentId)).findIndex((d) => d.id === current.id);
        await recordedWrite<D>(targetOf(current), { before: { ...current, position, etag } as Stored<D>, ifMatch: etag });
      } else await deleteIfMatch(container(), current.id, parentId, etag, one);
      await order.change(parentId, (ids) => ids.filter((id) => id !== current.id));
    },
    /** What a restore adds for these items: one brought back returns to the position it was deleted from. */
    restoreHooks: {
      async afterUndelete(doc, entry) {
        const position = (entry.state as { position?: unknown } | undefined)?.position;
        const parentId = (doc as Record<string, unknown>)[partitionField];
        if (typeof position !== 'number' || position < 0 || typeof parentId !== 'string') return;
        await order.change(parentId, (ids) => moveTo(ids, doc.id, position));
      },
    } satisfies RestoreHooks as RestoreHooks,
    /** Moves an item to a 0-based position (past the end: last) while the order has the ETag read (412 otherwise); false when the parent has no such item. */
    moveTo: (parentId: string, id: string, position: number, ifMatch: string): Promise<boolean> => order.move(parentId, id, position, ifMatch),
  };
}
