import type { BrokeringDocuments, DocumentNode } from '@movers/contracts';

/** One entry of the project folder as listed from the store, with its path below the project folder. */
export interface LibraryEntry {
  /** Segments joined by '/', e.g. `Contracts/Appendix/Plan.pdf`. */
  path: string;
  isFolder: boolean;
  webUrl: string;
  modifiedBy: string;
  modifiedDate: string;
}

const byFoldersThenTitle = (a: DocumentNode, b: DocumentNode) =>
  Number(a.document !== null) - Number(b.document !== null) || a.title.localeCompare(b.title, 'en', { numeric: true });

function sortDeep(nodes: DocumentNode[]): DocumentNode[] {
  return nodes.sort(byFoldersThenTitle).map((n) => ({ ...n, children: sortDeep(n.children) }));
}

/**
 * Turns the library's paths into a folder tree by path segments (folders first, then documents, each
 * by title). Folders missing from the listing are made up from the paths of what lies below them.
 */
export function buildTree(entries: LibraryEntry[]): DocumentNode[] {
  const root: DocumentNode = { id: '', title: '', children: [], document: null };
  const nodes = new Map<string, DocumentNode>([['', root]]);
  const folder = (path: string): DocumentNode => {
    const existing = nodes.get(path);
    if (existing) return existing;
    const at = path.lastIndexOf('/');
    const node: DocumentNode = { id: path, title: path.slice(at + 1), children: [], document: null };
    nodes.set(path, node);
    folder(at < 0 ? '' : path.slice(0, at)).children.push(node);
    return node;
  };
  for (const entry of entries) {
    const path = entry.path.split('/').filter(Boolean).join('/');
    if (!path) continue;
    if (entry.isFolder) {
      folder(path);
      continue;
    }
    const at = path.lastIndexOf('/');
    const title = path.slice(at + 1);
    folder(at < 0 ? '' : path.slice(0, at)).children.push({
      id: path,
      title,
      children: [],
      document: {
        title,
        documentOpenPath: safeLink(entry.webUrl),
        documentPath: path,
        documentModifiedBy: entry.modifiedBy,
        documentModifiedDate: entry.modifiedDate,
      },
    });
  }
  return sortDeep(root.children);
}

/**
 * The answer's groups: one per top-level folder (titled with its name, holding what is inside it);
 * documents lying directly in the project folder form a first group titled with the project id.
 */
export function toFileTree(entries: LibraryEntry[], projectTitle: string): BrokeringDocuments['filetree'] {
  const tree = buildTree(entries);
  const loose = tree.filter((n) => n.document !== null);
  const groups = tree.filter((n) => n.document === null).map((f) => ({ title: f.title, nodes: f.children }));
  return loose.length > 0 ? [{ title: projectTitle, nodes: loose }, ...groups] : groups;
}

/**
 * The store's base url: a document's url up to the site segment (`https://host/sites/name` or
 * `/teams/name`); without a site segment, the origin.
 */
/** Only web links go to the browser: a store answer can never turn into a javascript: or data: link. */
export function safeLink(url: string): string {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : '';
  } catch {
    return '';
  }
}

export function baseUrlOf(webUrl: string): string {
  let url: URL;
  try {
    url = new URL(webUrl);
  } catch {
    return '';
  }
  const segments = url.pathname.split('/').filter(Boolean);
  const site = segments.findIndex((s) => s === 'sites' || s === 'teams');
  if (site < 0 || site + 1 >= segments.length) return url.origin;
  return `${url.origin}/${segments.slice(0, site + 2).join('/')}`;
}
