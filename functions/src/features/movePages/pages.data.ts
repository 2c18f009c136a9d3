import type { Audit, MovePage, Translation } from '@movers/contracts';
import { inLocaleOrder } from '@movers/contracts';
import { randomUUID } from 'node:crypto';
import { container, deleteIfMatch, fromStored, readDoc, replaceIfMatch } from '../../platform/cosmos/client.ts';
import { moveTo, ORDER_ID, ordering } from '../../platform/cosmos/ordering.ts';

/** A page as stored in 'movePages' (partition /moveId); its position is counted from the move's order. */
export interface PageDoc extends Audit {
  id: string;
  moveId: string;
  type: 'page';
  templateId: string | null;
  published: boolean;
  translations: Translation[];
}

type Stored<T> = T & { etag?: string };

const pages = () => container('movePages');
const order = ordering<PageDoc>(pages, 'moveId', 'page', 'pages');

/** `{moveId}_{uuid}`: the move (and partition) of a page id; null for another shape. */
export function moveIdOfPage(pageId: string): string | null {
  const parts = pageId.split('_');
  return parts.length === 3 ? `${parts[0]}_${parts[1]}` : null;
}

const toPage = (doc: Stored<PageDoc>, position: number): MovePage => {
  const { type: _t, ...rest } = doc;
  return { ...rest, position };
};

export async function listPages(moveId: string): Promise<MovePage[]> {
  return (await order.list(moveId)).map(toPage);
}

/** The ETag of the move's order ('"none"' before the first page): what a reorder must have read. */
export async function orderEtag(moveId: string): Promise<string> {
  return (await readDoc<{ id: string }>(pages(), ORDER_ID, moveId))?.etag ?? '"none"';
}

export async function readPageDoc(pageId: string): Promise<Stored<PageDoc> | undefined> {
  const moveId = moveIdOfPage(pageId);
  if (!moveId) return undefined;
  const doc = await readDoc<PageDoc>(pages(), pageId, moveId);
  return doc?.type === 'page' ? doc : undefined;
}

export async function getPage(pageId: string): Promise<MovePage | undefined> {
  const doc = await readPageDoc(pageId);
  if (!doc) return undefined;
  const position = (await order.list(doc.moveId)).findIndex((d) => d.id === pageId);
  return position < 0 ? undefined : toPage(doc, position);
}

export interface PageFields {
  templateId: string | null;
  published: boolean;
  translations: Translation[];
}

/** A new page goes last: the highest position + 1 (0 when none). */
export async function createPage(moveId: string, fields: PageFields, by: string): Promise<MovePage> {
  const now = new Date().toISOString();
  const doc: PageDoc = {
    id: `${moveId}_${randomUUID()}`,
    moveId,
    type: 'page',
    templateId: fields.templateId,
    published: fields.published,
    translations: inLocaleOrder(fields.translations),
    createdAt: now,
    createdBy: by,
    updatedAt: now,
    updatedBy: by,
  };
  const { resource } = await pages().items.create(doc);
  const ids = await order.change(moveId, (current) => current);
  return toPage(fromStored<PageDoc>(resource!), ids.indexOf(doc.id));
}

export async function updatePage(current: Stored<PageDoc>, change: Partial<PageFields>, by: string, etag: string): Promise<MovePage | undefined> {
  const { etag: _read, ...stored } = current;
  const next: PageDoc = {
    ...stored,
    ...(change.templateId !== undefined ? { templateId: change.templateId } : {}),
    ...(change.published !== undefined ? { published: change.published } : {}),
    ...(change.translations ? { translations: inLocaleOrder(change.translations) } : {}),
    updatedAt: new Date().toISOString(),
    updatedBy: by,
  };
  await replaceIfMatch(pages(), next, current.moveId, etag, 'page');
  return getPage(current.id);
}

export async function deletePage(current: PageDoc, etag: string): Promise<void> {
  await deleteIfMatch(pages(), current.id, current.moveId, etag, 'page');
  await order.change(current.moveId, (ids) => ids.filter((id) => id !== current.id));
}

/** Moves a page within its move; false when the move has no such page. */
export async function movePage(moveId: string, pageId: string, position: number): Promise<boolean> {
  let found = false;
  await order.change(moveId, (ids) => {
    found = ids.includes(pageId);
    return moveTo(ids, pageId, position);
  });
  return found;
}
