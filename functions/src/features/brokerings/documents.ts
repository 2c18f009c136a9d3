import type { BrokeringDocuments } from '@movers/contracts';
import { requireSetting } from '../../platform/config/config.ts';
import { graphClientFor, graphStatus } from '../../platform/graph/client.ts';
import { forbidden, HttpError, notFound, unauthorized } from '../../platform/http/errors.ts';
import { baseUrlOf, toFileTree, type LibraryEntry } from './documentTree.ts';

export { DOCUMENT_STORE_TOKEN_HEADER } from '@movers/contracts';

interface DriveItem {
  id: string;
  name: string;
  webUrl: string;
  folder?: { childCount?: number };
  lastModifiedDateTime?: string;
  lastModifiedBy?: { user?: { displayName?: string } };
}

/** Folders deeper than this are not listed (a guard against runaway trees). */
const MAX_DEPTH = 8;
const MAX_ITEMS = 2000;

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/**
 * Lists the project folder `{documentPrefix}/{documentProjectId}` of the document library recursively
 * through Graph with the caller's own delegated token, so the store decides what this user may see:
 * Graph 404 → 404 (no documents), 403 → 403 (access refused), 401 → 401 (the web app gets a fresh
 * document-store token and retries once), anything else → 502.
 */
export async function listProjectDocuments(token: string, documentPrefix: string, documentProjectId: string): Promise<BrokeringDocuments> {
  const graph = await graphClientFor(token);
  const drive = encodeURIComponent(requireSetting('DOCUMENT_STORE_DRIVE_ID'));
  const entries: LibraryEntry[] = [];
  const list = async (url: string) => {
    const items: DriveItem[] = [];
    let next: string | undefined = url;
    while (next) {
      const page = (await graph.api(next).get()) as { value: DriveItem[]; '@odata.nextLink'?: string };
      items.push(...page.value);
      next = page['@odata.nextLink'];
    }
    return items;
  };
  const walk = async (url: string, prefix: string, depth: number): Promise<void> => {
    const children = await list(url);
    const folders: Promise<void>[] = [];
    for (const item of children) {
      if (entries.length >= MAX_ITEMS) return;
      const path = prefix ? `${prefix}/${item.name}` : item.name;
      entries.push({
        path,
        isFolder: Boolean(item.folder),
        webUrl: item.webUrl,
        modifiedBy: item.lastModifiedBy?.user?.displayName ?? '',
        modifiedDate: item.lastModifiedDateTime ?? '',
      });
      if (item.folder && depth < MAX_DEPTH) folders.push(walk(`/drives/${drive}/items/${encodeURIComponent(item.id)}/children`, path, depth + 1));
    }
    await Promise.all(folders);
  };
  try {
    await walk(`/drives/${drive}/root:/${encodePath(`${documentPrefix}/${documentProjectId}`)}:/children`, '', 0);
  } catch (error) {
    const status = graphStatus(error);
    if (status === 404) throw notFound('no documents for this brokering project');
    if (status === 403) throw forbidden('the document store refused access');
    if (status === 401) throw unauthorized('the document-store token was not accepted');
    throw new HttpError(502, 'internal', 'the document store is not available');
  }
  const first = entries.find((e) => e.webUrl);
  return { filetree: toFileTree(entries, documentProjectId), baseUrl: first ? baseUrlOf(first.webUrl) : '' };
}
