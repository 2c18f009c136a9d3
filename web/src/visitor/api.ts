import type {
  VisitContact,
  VisitDetail,
  VisitDocument,
  VisitFaqQuestion,
  VisitFeedbackReceived,
  VisitFloorPlan,
  VisitMove,
  VisitPage,
  VisitSession,
  VisitTimelineSection,
} from '@movers/contracts';
import { whenIdle } from '../common/whenIdle.ts';
import type { FirstAnswer } from './firstLoad.ts';
import {
  CONFIG_CACHE,
  FORGET_MOVE,
  editorImagesOf,
  KEPT_FORMS_SENT,
  moveCacheName,
  SAVED_AT_HEADER,
  SAVED_COPY_MESSAGE,
  SEND_KEPT_FORMS,
  type SavedCopyMessage,
} from './offline.ts';

/**
 * The visitor site's calls (`/v1/visit/{path}/...`, contracts/src/api/routes/visit.ts). The session
 * token is kept in localStorage per move and sent as a bearer token: the API is on another origin,
 * so no cookies. Only types come from contracts: the site stays small. The browser's HTTP cache
 * revalidates answers with If-None-Match (the API answers 304).
 */
export class VisitError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

let apiBase = '';
export async function loadApiBase(): Promise<void> {
  // Asked for by firstLoad.ts while this script was still arriving (else here).
  const config: FirstAnswer | undefined = await (
    window.visitFirstLoad?.config ?? fetch('/config.json').then(async (r) => ({ ok: r.ok, status: r.status, body: await r.json() }))
  ).catch(() => undefined);
  // Failed (offline, and the worker not answering for the page): the copy the worker saved, if any.
  const body = config?.ok ? config.body : await savedConfig();
  if (!body) throw new VisitError(config?.status ?? 0, 'configuration is not available');
  apiBase = (body as { apiBaseUrl: string }).apiBaseUrl.replace(/\/$/, '');
}

async function savedConfig(): Promise<unknown> {
  if (!('caches' in window)) return undefined;
  const saved = await caches.match('/config.json', { cacheName: CONFIG_CACHE, ignoreVary: true }).catch(() => undefined);
  return saved?.ok ? saved.json().catch(() => undefined) : undefined;
}

/** The move's answer firstLoad.ts asked for, once, for the path it was asked for. */
async function firstMoveAnswer(path: string): Promise<VisitMove | undefined> {
  const first = window.visitFirstLoad?.move;
  if (!first || first.path !== path) return undefined;
  window.visitFirstLoad!.move = undefined;
  // Failed before the API was asked (the configuration unreachable): the page asks for itself.
  const answer = await first.answer.catch(() => undefined);
  if (!answer) return undefined;
  if (!answer.ok) throw new VisitError(answer.status, (answer.body as { error?: { message?: string } } | undefined)?.error?.message ?? 'not available');
  return answer.body as VisitMove;
}

const sessionKey = (path: string) => `visit:${path.toLowerCase()}:session`;

/** The session kept for the move, expired or not. */
function keptSession(path: string): VisitSession | null {
  try {
    return JSON.parse(localStorage.getItem(sessionKey(path)) ?? 'null') as VisitSession | null;
  } catch {
    return null;
  }
}
export function storedSession(path: string): VisitSession | null {
  const session = keptSession(path);
  return session && Date.parse(session.expiresAt) > Date.now() ? session : null;
}
/** Set when a movers' pass's session ended (revoked, replaced, past its last day): the login page says so. */
const passEndedKey = (path: string) => `visit:${path.toLowerCase()}:pass-ended`;
export const passHasEnded = (path: string) => localStorage.getItem(passEndedKey(path)) !== null || (keptSession(path)?.movers === true && !storedSession(path));
/** Signed in with a movers' pass: the site shows the floor plans only. */
export const isMoversSession = (path: string) => storedSession(path)?.movers === true;
/** Signed in with the personal link of a seat letter: the person's own page, 'I'm here' and reports. */
export const isPersonSession = (path: string) => Boolean(storedSession(path)?.personId);
/** The address the visitor signed in with (or asked a sign-in link for), to fill in the forms for them. */
const emailKey = (path: string) => `visit:${path.toLowerCase()}:email`;
export const signedInEmail = (path: string): string | null => (storedSession(path) ? localStorage.getItem(emailKey(path)) : null);
const keepEmail = (path: string, email: string | undefined) => email && localStorage.setItem(emailKey(path), email);
/**
 * The personal link the person's session was opened with (a SHA-256 of its token, never the token): opened
 * again without a network, the link opens the page of that session (pages/PersonLinkPage.tsx).
 */
export const personLinkKey = (path: string) => `visit:${path.toLowerCase()}:person-link`;
/** Signing out (or a session the API no longer takes) forgets the session and the move's saved content. */
export const forgetSession = (path: string, ended = false) => {
  if (ended && keptSession(path)?.movers) localStorage.setItem(passEndedKey(path), '1');
  else localStorage.removeItem(passEndedKey(path));
  localStorage.removeItem(sessionKey(path));
  localStorage.removeItem(emailKey(path));
  localStorage.removeItem(personLinkKey(path));
  // The worker deletes it too, after noting the time: an answer already on its way is then not kept.
  navigator.serviceWorker?.controller?.postMessage({ type: FORGET_MOVE, path });
  if ('caches' in window) void caches.delete(moveCacheName(path));
};

/** A value the service worker's messages keep up to date, for a page to read with useSyncExternalStore. */
function workerValue<T>(initial: T, type: string, next: (current: T, message: Record<string, unknown>) => T) {
  let value = initial;
  const listeners = new Set<() => void>();
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent<Record<string, unknown> | undefined>) => {
      if (event.data?.type !== type) return;
      const changed = next(value, event.data);
      if (Object.is(changed, value)) return;
      value = changed;
      for (const listener of listeners) listener();
    });
  }
  return {
    current: () => value,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * When the content on screen was saved, if the last answer came from the phone's saved copy rather than
 * the network (the service worker says which after each answer); null while the network answers.
 */
export const savedCopy = workerValue<string | null>(null, SAVED_COPY_MESSAGE, (_, message) => (message as unknown as SavedCopyMessage).savedAt);

/**
 * Forms sent offline are kept by the service worker and sent when the network is back (Background Sync
 * where the browser has it); the worker is also asked to send them when the site opens and when the
 * browser goes online. The count is of those that have since reached the move team.
 */
export const keptFormsSent = workerValue(0, KEPT_FORMS_SENT, (sent, message) => sent + Number(message.count ?? 0));
if ('serviceWorker' in navigator) {
  const sendKept = () => {
    if (navigator.onLine) navigator.serviceWorker.controller?.postMessage({ type: SEND_KEPT_FORMS });
  };
  navigator.serviceWorker.addEventListener('controllerchange', sendKept);
  window.addEventListener('online', sendKept);
  sendKept();
}

/**
 * Reads the move's published content once the service worker controls the page, so that it saves a
 * copy of every page (with the floor plans' images and the pages' own), not only of those the visitor
 * opened while online: a phone that came in by a seat link still has the info pages on move day.
 * (The worker keeps the site's configuration itself, as it installs.)
 */
export function keepForOffline(path: string): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const read = async () => {
    // The worker may take control after the session ended (signed out, a revoked pass): then nothing is read.
    const session = storedSession(path);
    if (!session) return;
    // A movers' pass opens the floor plans only: the rest is not asked for.
    const pages = session.movers ? Promise.resolve<VisitPage[]>([]) : visitApi.pages(path);
    const rest = session.movers ? [] : [visitApi.documents(path), visitApi.details(path), visitApi.timeline(path), visitApi.faq(path), visitApi.contacts(path)];
    const [floors, , read] = await Promise.allSettled([visitApi.floors(path), visitApi.move(path), pages, ...rest]);
    // One image at a time, and none once the visitor has signed out: what is read then would be kept again.
    const signedIn = () => storedSession(path) !== null;
    if (floors.status === 'fulfilled')
      for (const floor of floors.value.floors) if (signedIn()) await visitApi.floorImage(path, floor.image.url).then(URL.revokeObjectURL, () => undefined);
    if (read.status === 'fulfilled') {
      const contents = read.value.flatMap((page) => page.translations.map((t) => t.content));
      for (const src of editorImagesOf(contents, window.location.href)) if (signedIn()) await loadImage(src);
    }
  };
  // Once the page is idle: the page the visitor opened is drawn first, its answers parsed and its images
  // decoded before a dozen more answers arrive to be read (issue 40: the floor plan's main thread).
  const readWhenIdle = () => whenIdle(() => void read(), 5_000);
  if (navigator.serviceWorker.controller) readWhenIdle();
  else navigator.serviceWorker.addEventListener('controllerchange', readWhenIdle, { once: true });
}

/** Loads an image as an <img> would (the worker keeps it); a failure is left for the page that shows it. */
const loadImage = (src: string) =>
  new Promise<void>((resolve) => {
    const image = new Image();
    image.onload = image.onerror = () => resolve();
    image.src = src;
  });

/** The stored session as the API takes it (a bearer token), or nothing. */
const sessionHeaders = (path: string): Record<string, string> => {
  const session = storedSession(path);
  return session ? { Authorization: `Bearer ${session.token}` } : {};
};
const keepSession = (path: string, session: VisitSession) => {
  localStorage.removeItem(passEndedKey(path));
  localStorage.removeItem(personLinkKey(path));
  localStorage.setItem(sessionKey(path), JSON.stringify(session));
};

/** The API's address of a path under it (`/v1/...`). */
export const apiUrl = (relative: string) => `${apiBase}${relative}`;
const base = (path: string) => `/v1/visit/${encodeURIComponent(path)}`;

/**
 * The phone's saved copy of a visitor API answer, if the service worker kept one: a repeat visit draws it
 * at once while the network answers (which replaces it), instead of waiting a weak network's round trip.
 */
async function savedCopyOf<T>(path: string, url: string): Promise<T | undefined> {
  if (!('caches' in window) || !navigator.serviceWorker?.controller) return undefined;
  // caches.match with a cache name does not create the cache (a signed-out visitor's stays deleted).
  const saved = await caches.match(url, { cacheName: moveCacheName(path), ignoreVary: true }).catch(() => undefined);
  return saved?.ok ? ((await saved.json()) as T) : undefined;
}

/** Called with the saved copy of an answer before the network's, when there is one (see `savedCopyOf`). */
export type Early<T> = (saved: T) => void;

/** GETs under way, by address: a page asking for what was asked for ahead of it (a prefetch) shares the answer. */
const underWay = new Map<string, Promise<unknown>>();

/** The move-day calls (moveDayApi.ts, loaded with the person's page) send through the same client. */
export const visitRequest = <T>(path: string, relative: string, init: RequestInit = {}, early?: Early<T>) => request<T>(path, relative, init, early);
export const visitSessionHeaders = (path: string) => sessionHeaders(path);

function request<T>(path: string, relative: string, init: RequestInit = {}, early?: Early<T>): Promise<T> {
  const url = apiUrl(`${base(path)}${relative}`);
  let answered = false;
  if (early)
    void savedCopyOf<T>(path, url).then(
      (saved) => saved !== undefined && !answered && early(saved),
      () => undefined,
    );
  const shared = !init.method;
  const asked = (shared && (underWay.get(url) as Promise<T> | undefined)) || send<T>(path, relative, url, init);
  if (shared) underWay.set(url, asked);
  return asked.finally(() => {
    answered = true;
    if (underWay.get(url) === asked) underWay.delete(url);
  });
}

async function send<T>(path: string, relative: string, url: string, init: RequestInit): Promise<T> {
  const session = sessionHeaders(path);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    ...(init.headers as Record<string, string> | undefined),
    ...session,
  };
  const response = await fetch(url, { ...init, headers });
  const body = response.headers.get('content-type')?.includes('json') ? await response.json() : undefined;
  if (!response.ok) {
    // A session the API no longer takes (expired, a new password): sign in again.
    if (response.status === 401 && session.Authorization && relative !== '/session') forgetSession(path, true);
    throw new VisitError(response.status, body?.error?.message ?? response.statusText);
  }
  return body as T;
}

async function imageOf(path: string, url: string): Promise<Blob> {
  const response = await fetch(apiUrl(url), { headers: sessionHeaders(path) });
  if (!response.ok) throw new VisitError(response.status, response.statusText);
  return response.blob();
}
/**
 * Floor images asked for ahead of the page (`floorImageAhead`), until the page takes them. One that fails
 * first is handled by the page when it takes it; till then a handler that does nothing keeps the browser
 * from calling it uncaught (Firefox logs that as the page's error).
 */
const imagesAhead = new Map<string, Promise<Blob>>();
const keepAhead = (url: string, image: Promise<Blob>) => {
  image.catch(() => undefined);
  imagesAhead.set(url, image);
};

/** A person's floor image (`…/people/{personId}/floor-image`), with the ETag naming its floor and version. */
export interface PersonFloorImage {
  tag: string | null;
  blob: Blob;
}
/**
 * The person's floor image, being the floor's own image, is kept in the move's cache under the floor's
 * address, as the worker keeps what it fetches (stamped, up to 10 MB): the floor's address was never asked
 * for, so not even the browser's cache has it, and a repeat visit or move day offline would otherwise
 * wait for the worker's keeping for offline to download it again.
 */
function keepFloorImage(path: string, url: string, blob: Blob): void {
  if (!('caches' in window) || blob.size > 10 * 1024 * 1024 || !storedSession(path)) return;
  const headers = { 'Content-Type': blob.type, [SAVED_AT_HEADER]: new Date().toISOString() };
  caches
    .open(moveCacheName(path))
    .then((cache) => cache.put(apiUrl(url), new Response(blob, { headers })))
    .catch(() => undefined);
}
/** The ETag the person's floor image has when it is the image at `url` of floor `floorId` (its `v`, unquoted). */
const personImageTag = (floorId: string, url: string) => {
  const version = new URL(url, 'https://visit.invalid').searchParams.get('v') ?? '';
  return `"${floorId}/${version.replace(/^"|"$/g, '')}"`;
};

export const visitApi = {
  move: async (path: string, early?: Early<VisitMove>) => (await firstMoveAnswer(path)) ?? request<VisitMove>(path, '', {}, early),
  pages: (path: string, early?: Early<VisitPage[]>) => request<VisitPage[]>(path, '/pages', {}, early),
  timeline: (path: string, early?: Early<VisitTimelineSection[]>) => request<VisitTimelineSection[]>(path, '/timeline', {}, early),
  documents: (path: string, early?: Early<VisitDocument[]>) => request<VisitDocument[]>(path, '/documents', {}, early),
  faq: (path: string, early?: Early<VisitFaqQuestion[]>) => request<VisitFaqQuestion[]>(path, '/faq', {}, early),
  contacts: (path: string, early?: Early<VisitContact[]>) => request<VisitContact[]>(path, '/contacts', {}, early),
  details: (path: string, early?: Early<VisitDetail[]>) => request<VisitDetail[]>(path, '/details', {}, early),
  floors: (path: string, early?: Early<VisitFloorPlan>) => request<VisitFloorPlan>(path, '/floors', {}, early),
  /** A floor's image (its address from the floor plan) as an object URL: an image element cannot send the session. */
  async floorImage(path: string, url: string): Promise<string> {
    const early = imagesAhead.get(url);
    imagesAhead.delete(url);
    return URL.createObjectURL(await (early ?? imageOf(path, url)).catch(() => imageOf(path, url)));
  },
  /**
   * Asks for a floor's image as soon as the floors have answered, not once the floor plan's code has
   * arrived and drawn the plan: on a weak network that was most of a second more on a seat link's first
   * visit (issue 40). The page's own `floorImage` takes it over.
   */
  floorImageAhead(path: string, url: string): void {
    if (!imagesAhead.has(url)) keepAhead(url, imageOf(path, url));
  },
  /**
   * A seat link's first visit asks for the person's floor image beside the floors (issue 40: one round
   * trip fewer than asking for the floor's image once the floors have answered).
   */
  async personFloorImage(path: string, personId: string): Promise<PersonFloorImage> {
    const response = await fetch(apiUrl(`${base(path)}/people/${encodeURIComponent(personId)}/floor-image`), { headers: sessionHeaders(path) });
    if (!response.ok) throw new VisitError(response.status, response.statusText);
    return { tag: response.headers.get('etag')?.replace(/^W\//, '') ?? null, blob: await response.blob() };
  },
  /**
   * The floor's image for the page is the person's floor image when its ETag names this floor and version
   * (the person may have moved, or the floor's image changed, between the two answers); else, or when
   * it failed, the floor's own image as `floorImageAhead` asks for it.
   */
  floorImageFromPerson(path: string, floorId: string, url: string, personImage: Promise<PersonFloorImage>): void {
    if (imagesAhead.has(url)) return;
    const tag = personImageTag(floorId, url);
    keepAhead(
      url,
      personImage.then(
        (image) => {
          if (image.tag !== tag) return imageOf(path, url);
          keepFloorImage(path, url, image.blob);
          return image.blob;
        },
        () => imageOf(path, url),
      ),
    );
  },
  /**
   * A question, an error report or feedback for the move's team, with an Idempotency-Key: the same send
   * tried again (a retry, a second click, the worker once the phone is online) arrives once.
   */
  sendFeedback: async (
    path: string,
    body: { feedbackType: 'question' | 'error' | 'feedback'; question: string; name: string; email: string; phone: string },
    idempotencyKey: string,
  ): Promise<'received' | 'kept'> => {
    // Offline, the service worker keeps the form and answers 202: it is sent when the network is back.
    const answer = await request<VisitFeedbackReceived | { kept: true }>(path, '/feedback', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'Idempotency-Key': idempotencyKey },
    });
    return 'kept' in answer ? 'kept' : 'received';
  },
  async signIn(path: string, body: { email?: string; password?: string; link?: string; pass?: string; personToken?: string }): Promise<void> {
    keepSession(path, await request<VisitSession>(path, '/session', { method: 'POST', body: JSON.stringify(body) }));
    keepEmail(path, body.email);
  },
  async requestLink(path: string, email: string, language: string) {
    const sent = await request<{ sent: true }>(path, '/sign-in-link', { method: 'POST', body: JSON.stringify({ email, language }) });
    keepEmail(path, email);
    return sent;
  },
  /** Downloads a document with the session and saves it under its name. */
  async download(path: string, document: VisitDocument): Promise<void> {
    const response = await fetch(apiUrl(`${base(path)}/documents/${encodeURIComponent(document.id)}`), { headers: sessionHeaders(path) });
    if (!response.ok) throw new VisitError(response.status, response.statusText);
    const url = URL.createObjectURL(await response.blob());
    const a = Object.assign(window.document.createElement('a'), { href: url, download: document.originalFilename });
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};
