/**
 * What the visitor site's service worker (sw.ts) and its pages agree on: the cache of a move's content,
 * the header that marks an answer as a saved copy, and which addresses belong to the visitor site.
 */

/** The cache holding one move's content, by its path (lower case, as paths are unique case-insensitively). */
export const moveCacheName = (path: string) => `visit:${path.toLowerCase()}`;

/** The cache of the site's run-time configuration (`/config.json`), which every page waits for. */
export const CONFIG_CACHE = 'visitor-config';

/** On an answer in the phone's saved copy: when it was saved (ISO timestamp). */
export const SAVED_AT_HEADER = 'X-Saved-At';

/** The worker's word to the page after each answer of the visitor API: the saved copy's time, or null for the network's. */
export const SAVED_COPY_MESSAGE = 'visit:saved-copy';
export interface SavedCopyMessage {
  type: typeof SAVED_COPY_MESSAGE;
  savedAt: string | null;
}

/** `…/api/v1/visit/{path}[/rest]` of the visitor API (on whatever origin the API has): its path and the rest. */
export function visitPathOf(url: URL): { path: string; rest: string } | null {
  const match = /^\/api\/v1\/visit\/([^/]+)(\/.*)?$/.exec(url.pathname);
  if (!match) return null;
  try {
    return { path: decodeURIComponent(match[1]), rest: match[2] ?? '' };
  } catch {
    return null;
  }
}

// Compiled once: the worker asks it of every image request.
const editorFilePath = /^\/api\/v1\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A file inserted in a page's editor (`…/api/v1/images/{uuid}`, on whatever origin the API has): public by its id, never changed. */
export const isEditorFile = (url: URL) => editorFilePath.test(url.pathname);

/** The editor images (`<img src>`) of pages' HTML, each once, as absolute addresses. */
export function editorImagesOf(contents: string[], base: string): string[] {
  const found = new Set<string>();
  for (const html of contents)
    for (const [, src] of html.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/gi)) {
      try {
        const url = new URL(src.replaceAll('&amp;', '&'), base);
        if (isEditorFile(url)) found.add(url.href);
      } catch {
        // Not an address: nothing to keep.
      }
    }
  return [...found];
}

/** The move's path of a visitor page's address (`/{path}/...`); null for any other page. */
export function movePathOfPage(address: string): string | null {
  if (!isVisitorPage(address)) return null;
  try {
    return decodeURIComponent(new URL(address).pathname.split('/')[1]);
  } catch {
    return null;
  }
}

/** The token of a seat letter's personal link (`/{path}/me/{token}`), or null for any other address. */
export const personTokenOf = (pathname: string): string | null => /^\/[^/]+\/me\/([A-Za-z0-9_-]{43})\/?$/.exec(pathname)?.[1] ?? null;

/** A page of the visitor site (`/{path}/...`), not the admin's (`/`, `/admin…`, `/404`) nor a file. */
export function isVisitorPage(address: string): boolean {
  try {
    const { pathname } = new URL(address);
    return /^\/[^/.]+(\/[^.]*)?$/.test(pathname) && !/^\/(admin|404)(\/|$)/.test(pathname);
  } catch {
    return false;
  }
}

/** The page's word to the worker: the network is back (or the site was opened), send the forms kept on the phone. */
export const SEND_KEPT_FORMS = 'visit:send-kept-forms';
/** The page's word to the worker: the visitor signed out of this move (`path`); keep nothing more of it. */
export const FORGET_MOVE = 'visit:forget-move';
/** The worker's word to the page: forms kept on the phone have now reached the move team. */
export const KEPT_FORMS_SENT = 'visit:kept-forms-sent';
