import type { Audit, ContentLocale, MovePage, Translation } from '@movers/contracts';
import { inLocaleOrder } from '@movers/contracts';
import { container } from '../../platform/cosmos/client.ts';
import { orderedItems } from '../../platform/cosmos/orderedItems.ts';

/** A page as stored in 'movePages' (partition /moveId); its position is counted from the move's order. */
export interface PageDoc extends Audit {
  id: string;
  moveId: string;
  type: 'page';
  templateId: string | null;
  published: boolean;
  translations: Translation[];
  /** Absent on pages made before it existed, and when none was chosen: the move's default then. */
  defaultLanguage?: ContentLocale;
}

type Stored<T> = T & { etag?: string };

/** What a page is called in its history: its title in its own default language, else its first. */
const titleOf = (doc: PageDoc) => (doc.translations.find((t) => t.locale === doc.defaultLanguage) ?? doc.translations[0])?.title ?? null;

/**
 * A move's pages in order (`platform/cosmos/orderedItems.ts`): ids `{moveId}_{uuid}`, one partition per
 * move. Every change (all its languages are in the page) is recorded in the move's history.
 */
const pages = orderedItems<PageDoc, 'moveId'>({
  container: () => container('movePages'),
  partitionField: 'moveId',
  type: 'page',
  what: 'pages',
  history: { container: 'movePages', kind: 'page', title: titleOf },
});

/** What a restore adds for pages (routes.ts passes it to history): a page brought back returns to its place. */
export const pageRestoreHooks = pages.restoreHooks;

/** `{moveId}_{uuid}`: the move (and partition) of a page id; null for another shape. */
export const moveIdOfPage = (pageId: string): string | null => pages.parentOf(pageId);

export const listPages = (moveId: string): Promise<MovePage[]> => pages.list(moveId);

/** The pages in order with the order's ETag ('"none"' before the first page), which a reorder must send. */
export const listPagesTagged = (moveId: string): Promise<{ items: MovePage[]; etag: string }> => pages.listTagged(moveId);

export const readPageDoc = (pageId: string): Promise<Stored<PageDoc> | undefined> => pages.read(pageId);

export const getPage = (pageId: string): Promise<MovePage | undefined> => pages.get(pageId);

export interface PageFields {
  templateId: string | null;
  published: boolean;
  translations: Translation[];
  defaultLanguage?: ContentLocale;
}

/** A new page goes last: the highest position + 1 (0 when none). */
export const createPage = (moveId: string, fields: PageFields, by: string): Promise<MovePage> =>
  pages.create(moveId, { ...fields, translations: inLocaleOrder(fields.translations) }, by);

/** Changes what is given; a `defaultLanguage` of null removes the page's own, so that it follows the move's. */
export function updatePage(
  current: Stored<PageDoc>,
  change: Partial<Omit<PageFields, 'defaultLanguage'>> & { defaultLanguage?: ContentLocale | null },
  by: string,
  etag: string,
): Promise<MovePage | undefined> {
  const { defaultLanguage, ...rest } = change;
  const { defaultLanguage: _own, ...withoutOwn } = current;
  return pages.update(
    defaultLanguage === null ? withoutOwn : current,
    { ...rest, defaultLanguage: defaultLanguage ?? undefined, translations: change.translations ? inLocaleOrder(change.translations) : undefined },
    by,
    etag,
  );
}

export const deletePage = (current: PageDoc, etag: string): Promise<void> => pages.remove(current, etag);

/** Moves a page within its move while the order has the ETag read (412 otherwise); false when the move has no such page. */
export const movePage = (moveId: string, pageId: string, position: number, ifMatch: string): Promise<boolean> =>
  pages.moveTo(moveId, pageId, position, ifMatch);
