import {
  type AnyRouteContract,
  type FaqInput,
  type FaqQuestion,
  type FaqUpdate,
  type MoveContact,
  type MoveContactInput,
  type MoveDetail,
  type MoveDetailInput,
  api as routes,
} from '@movers/contracts';
import { mutate } from 'swr';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { callRoute, keyOf, remember, reorderRoute, revalidate } from '../../../common/api/route.ts';
import { type RemoteStatus, useTaggedList } from '../../../common/api/useResource.ts';

// A move's FAQ, contacts and details (spec part 2): every signed-in user of the move's client. One
// client for the three lists; each mutation updates the cache itself.

interface MoveItem {
  id: string;
  moveId: string;
  position: number;
  etag?: string;
}

/** A list with the order's ETag, which a reorder must send as If-Match. */
export interface ItemList<T> {
  items: T[];
  etag: string | undefined;
}

/** What a screen does with one of the move's lists. */
export interface MoveItemsApi<T extends MoveItem, C, U> {
  useList: (moveId: string | undefined) => { status: RemoteStatus; data: ItemList<T> | undefined; reload: () => Promise<unknown> };
  create: (api: ApiClient, moveId: string, body: C) => Promise<T>;
  /** Sends the ETag the item was read with, so a concurrent change is refused (412) rather than lost. */
  update: (api: ApiClient, item: T, body: U) => Promise<T>;
  remove: (api: ApiClient, item: T) => Promise<void>;
  /** Moves an item to a 0-based position, sending the list's ETag; the answer is the new order (and its ETag). */
  move: (api: ApiClient, moveId: string, list: ItemList<T>, id: string, newPosition: number) => Promise<void>;
  /** Shows a reorder before the server answers. */
  showOrder: (moveId: string, list: ItemList<T>) => Promise<unknown>;
}

function moveItemsApi<T extends MoveItem, C, U>(
  r: { list: AnyRouteContract; create: AnyRouteContract; update: AnyRouteContract; delete: AnyRouteContract; position: AnyRouteContract },
  /** The item's path parameter, which is also the reorder's body field (the spec names both alike). */
  idName: string,
): MoveItemsApi<T, C, U> {
  const listKey = (moveId: string) => keyOf(r.list, { moveId });
  const itemParams = (item: T) => ({ [idName]: item.id }) as never;

  /** Shows a change in the cached list at once, then reads it again for the order's new ETag. */
  async function listChanged(moveId: string, change: (items: T[]) => T[]) {
    await mutate<ItemList<T>>(listKey(moveId), (list) => (list ? { ...list, items: change(list.items) } : list), { revalidate: false });
    await revalidate(listKey(moveId));
  }

  return {
    useList: (moveId) => useTaggedList(moveId ? listKey(moveId) : null, (items: T[], etag): ItemList<T> => ({ items, etag })),
    async create(api, moveId, body) {
      const item = (await callRoute(api, r.create, { params: { moveId } as never, body: body as never })) as T;
      await listChanged(moveId, (items) => [...items.filter((x) => x.id !== item.id), item]);
      return item;
    },
    async update(api, item, body) {
      const saved = (await callRoute(api, r.update, { params: itemParams(item), body: body as never, etag: item.etag })) as T;
      await listChanged(item.moveId, (items) => items.map((x) => (x.id === saved.id ? saved : x)));
      return saved;
    },
    async remove(api, item) {
      await callRoute(api, r.delete, { params: itemParams(item), etag: item.etag });
      await listChanged(item.moveId, (items) => items.filter((x) => x.id !== item.id).map((x, position) => ({ ...x, position })));
    },
    move: (api, moveId, list, id, newPosition) =>
      reorderRoute(
        api,
        r.position,
        { params: { moveId } as never, body: { [idName]: id, newPosition } as never, etag: list.etag },
        listKey(moveId),
        (items, etag) => ({
          items: items as T[],
          etag,
        }),
      ),
    showOrder: (moveId, list) => remember<ItemList<T>>(listKey(moveId), list),
  };
}

export const faqApi = moveItemsApi<FaqQuestion, FaqInput, FaqUpdate>(routes.faq, 'faqQuestionId');
export const contactsApi = moveItemsApi<MoveContact, MoveContactInput, MoveContactInput>(routes.moveContacts, 'contactId');
export const detailsApi = moveItemsApi<MoveDetail, MoveDetailInput, MoveDetailInput>(routes.moveDetails, 'moveDetailId');
