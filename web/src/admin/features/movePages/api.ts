import { type MovePage, type MovePageUpdate, type TemplateInput, api as routes } from '@movers/contracts';
import { mutate } from 'swr';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { callRoute, keyOf, remember, reorderRoute, revalidate, useRoute } from '../../../common/api/route.ts';
import { useTaggedList } from '../../../common/api/useResource.ts';

// A move's pages (spec part 2): every signed-in user of the move's client. Each mutation updates the cache itself.

/** The list with the order's ETag, which a reorder must send as If-Match. */
export interface PageList {
  pages: MovePage[];
  etag: string | undefined;
}

const listKey = (moveId: string) => keyOf(routes.movePages.list, { moveId });
const oneKey = (movePageId: string) => keyOf(routes.movePages.get, { movePageId });

export const useMovePages = (moveId: string | undefined) =>
  useTaggedList(moveId ? listKey(moveId) : null, (pages: MovePage[], etag): PageList => ({ pages, etag }));

export const useMovePage = (movePageId: string | undefined) => useRoute(routes.movePages.get, movePageId ? { movePageId } : null);
export const usePageTemplates = (moveId: string | undefined) => useRoute(routes.movePages.templates, moveId ? { moveId } : null);

/** Shows a change in the cached list at once, then reads it again for the order's new ETag. */
async function listChanged(moveId: string, change?: (pages: MovePage[]) => MovePage[]) {
  if (change) await mutate<PageList>(listKey(moveId), (list) => (list ? { ...list, pages: change(list.pages) } : list), { revalidate: false });
  await revalidate(listKey(moveId));
}

async function pageSaved(page: MovePage) {
  await remember(oneKey(page.id), page);
  await listChanged(page.moveId, (pages) => (pages.some((p) => p.id === page.id) ? pages.map((p) => (p.id === page.id ? page : p)) : [...pages, page]));
  return page;
}

export async function createMovePage(api: ApiClient, moveId: string, templateId: string | null, input: TemplateInput & Pick<MovePage, 'defaultLanguage'>) {
  return pageSaved(await callRoute(api, routes.movePages.create, { params: { moveId }, body: { published: true, templateId, ...input } }));
}

/** Sends the ETag the page was read with, so a concurrent change is refused (412) rather than lost. */
export async function updateMovePage(api: ApiClient, page: MovePage, change: MovePageUpdate) {
  return pageSaved(await callRoute(api, routes.movePages.update, { params: { movePageId: page.id }, body: change, etag: page.etag }));
}

/** After a restore from its history: the page and the list are read again. */
export const pageRestored = (movePageId: string, moveId: string) => revalidate(oneKey(movePageId), listKey(moveId));

export async function deleteMovePage(api: ApiClient, page: MovePage) {
  await callRoute(api, routes.movePages.delete, { params: { movePageId: page.id }, etag: page.etag });
  await mutate(oneKey(page.id), undefined, { revalidate: false });
  await listChanged(page.moveId, (pages) => pages.filter((p) => p.id !== page.id).map((p, position) => ({ ...p, position })));
}

/** Moves a page to a 0-based position, sending the list's ETag; the answer is the new order (and its ETag). */
export const moveMovePage = (api: ApiClient, moveId: string, list: PageList, movePageId: string, newPosition: number) =>
  reorderRoute(
    api,
    routes.movePages.position,
    { params: { moveId }, body: { movePageId, newPosition }, etag: list.etag },
    listKey(moveId),
    (pages, etag): PageList => ({
      pages,
      etag,
    }),
  );

/** Shows a reorder before the server answers. */
export const showOrder = (moveId: string, list: PageList) => remember<PageList>(listKey(moveId), list);
