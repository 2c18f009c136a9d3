import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';

/**
 * A sample SharePoint document library for the Graph stand-in: the brokering projects' folders under
 * `Brokering/`, with nested folders and one folder (`P-1002`) that the External user of client A may not
 * read, so the document tree's outcomes (documents, 404, access refused) can be seen and tested.
 */
export const DOCUMENT_LIBRARY_DRIVE_ID = 'b!local-brokering-library';
export const DOCUMENT_LIBRARY_WEB_URL = 'https://movers.sharepoint.com/sites/brokering/Shared%20Documents';

/** Users (oid) refused per folder path prefix: ext-a@client-a.test on P-1002. */
export const restrictedFolders: Record<string, string[]> = {
  'Brokering/P-1002': ['u0000000-0000-4000-8000-000000000003'],
};

interface SampleItem {
  path: string;
  modifiedBy: string;
  modified: string;
}

/** Files of the library; folders follow from their paths. */
const files: SampleItem[] = [
  { path: 'Brokering/P-1001/Minutes kick-off.docx', modifiedBy: 'Stian Staff', modified: '2026-01-15T09:30:00Z' },
  { path: 'Brokering/P-1001/Contracts/Lease agreement draft.pdf', modifiedBy: 'Ingrid Hansen', modified: '2026-02-02T14:05:00Z' },
  { path: 'Brokering/P-1001/Contracts/Appendix/Floor plan level 3.pdf', modifiedBy: 'Ingrid Hansen', modified: '2026-02-03T08:00:00Z' },
  { path: 'Brokering/P-1001/Contracts/Appendix/Drawings/Section A-A.pdf', modifiedBy: 'Lars Berg', modified: '2026-02-05T07:30:00Z' },
  { path: 'Brokering/P-1001/Contracts/Appendix/Technical specification.xlsx', modifiedBy: 'Lars Berg', modified: '2026-02-04T10:12:00Z' },
  { path: 'Brokering/P-1001/Market survey/Candidates Oslo.xlsx', modifiedBy: 'Stian Staff', modified: '2026-01-20T11:45:00Z' },
  { path: 'Brokering/P-1002/Board/Offer.pdf', modifiedBy: 'Sara Super', modified: '2026-03-01T12:00:00Z' },
  { path: 'Brokering/P-1003/Brief.docx', modifiedBy: 'Stian Staff', modified: '2026-03-10T12:00:00Z' },
];

const itemId = (path: string) => `01${createHash('sha1').update(path).digest('hex').slice(0, 24).toUpperCase()}`;

interface Item {
  id: string;
  path: string;
  name: string;
  parent: string;
  isFolder: boolean;
  modifiedBy: string;
  modified: string;
}

function buildItems(): Map<string, Item> {
  const items = new Map<string, Item>();
  for (const file of files) {
    const parts = file.path.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const path = parts.slice(0, i).join('/');
      if (items.has(path)) continue;
      const isFolder = i < parts.length;
      items.set(path, {
        id: itemId(path),
        path,
        name: parts[i - 1],
        parent: parts.slice(0, i - 1).join('/'),
        isFolder,
        modifiedBy: file.modifiedBy,
        modified: file.modified,
      });
    }
  }
  return items;
}

const items = buildItems();
const byId = new Map([...items.values()].map((i) => [i.id, i]));

function driveItem(item: Item) {
  return {
    id: item.id,
    name: item.name,
    webUrl: `${DOCUMENT_LIBRARY_WEB_URL}/${item.path.split('/').map(encodeURIComponent).join('/')}`,
    lastModifiedDateTime: item.modified,
    lastModifiedBy: { user: { displayName: item.modifiedBy } },
    parentReference: { driveId: DOCUMENT_LIBRARY_DRIVE_ID, path: `/drives/${DOCUMENT_LIBRARY_DRIVE_ID}/root:/${item.parent}` },
    ...(item.isFolder
      ? { folder: { childCount: [...items.values()].filter((c) => c.parent === item.path).length } }
      : { file: { mimeType: 'application/octet-stream' } }),
  };
}

type Reply = (status: number, body: unknown) => void;

function children(folder: Item | undefined, userId: string | undefined, reply: Reply) {
  if (!folder?.isFolder) return reply(404, { error: { code: 'itemNotFound', message: 'The resource could not be found.' } });
  const refused = Object.entries(restrictedFolders).some(
    ([prefix, users]) => (folder.path === prefix || folder.path.startsWith(`${prefix}/`)) && userId && users.includes(userId),
  );
  if (refused) return reply(403, { error: { code: 'accessDenied', message: 'Access denied' } });
  const list = [...items.values()].filter((i) => i.parent === folder.path).map(driveItem);
  reply(200, { value: list });
}

type Claims = { oid?: string; scp?: string };
type Handler = (req: IncomingMessage, res: ServerResponse, match: RegExpExecArray) => Promise<void> | void;

/** Drive calls need a delegated token (a signed-in user's, scope Sites.Read.All), as the portal sends. */
function delegated(handler: (claims: Claims, match: RegExpExecArray, reply: Reply) => void): Handler {
  return (req, res, match) => {
    const reply: Reply = (status, body) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    const claims = ((req as IncomingMessage & { claims?: Claims }).claims ?? {}) as Claims;
    if (
      !claims.oid ||
      !String(claims.scp ?? '')
        .split(' ')
        .includes('Sites.Read.All')
    ) {
      return reply(403, { error: { code: 'accessDenied', message: 'A delegated token with Sites.Read.All is required.' } });
    }
    if (match[1] !== DOCUMENT_LIBRARY_DRIVE_ID) return reply(404, { error: { code: 'itemNotFound', message: 'drive not found' } });
    handler(claims, match, reply);
  };
}

/** A project folder whose listing fails the way a store outage does, so 'failed to fetch documents' can be seen. */
export const UNAVAILABLE_FOLDER = 'Brokering/P-OUTAGE';

/** Routes for graph.ts: children by path and by item id. */
export const documentLibraryRoutes: [string, RegExp, Handler][] = [
  [
    'GET',
    /^\/v1\.0\/drives\/([^/]+)\/root:\/(.+?):?\/children$/,
    delegated((claims, m, reply) => {
      const path = m[2].replace(/\/+$/, '');
      if (path === UNAVAILABLE_FOLDER) return reply(503, { error: { code: 'serviceNotAvailable', message: 'The service is temporarily unavailable.' } });
      children(items.get(path), claims.oid, reply);
    }),
  ],
  ['GET', /^\/v1\.0\/drives\/([^/]+)\/items\/([^/]+)\/children$/, delegated((claims, m, reply) => children(byId.get(m[2]), claims.oid, reply))],
];
