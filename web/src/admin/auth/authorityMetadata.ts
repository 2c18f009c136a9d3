/**
 * The identity provider's discovery document (`.well-known/openid-configuration`), kept for a day in local
 * storage and handed to MSAL as `authorityMetadata` (issue 56): MSAL keeps it in memory only, so every page
 * of the admin asked for it before its first token, a round trip (85–220 ms on the local stack under load)
 * before any of the screen's reads. A day, as MSAL's own refresh of it; only a document whose issuer is the
 * authority's own host is kept, and one for another authority is never used.
 */
const KEY = 'movers.authority-metadata';
const KEEP_MS = 24 * 60 * 60 * 1000;

interface Held {
  authority: string;
  metadata: string;
  until: number;
}

/** The discovery document's address, as MSAL makes it for an authority of Microsoft's kind (`protocolMode` AAD). */
export function discoveryUrl(authority: string): string {
  const base = authority.endsWith('/') ? authority : `${authority}/`;
  return base.endsWith('v2.0/') ? `${base}.well-known/openid-configuration` : `${base}v2.0/.well-known/openid-configuration`;
}

/** The document kept for this authority, if it is still fresh. */
export function heldMetadata(authority: string, storage: Pick<Storage, 'getItem'> = localStorage, now = Date.now()): string | undefined {
  try {
    const held = JSON.parse(storage.getItem(KEY) ?? 'null') as Held | null;
    return held && held.authority === authority && held.until > now && typeof held.metadata === 'string' ? held.metadata : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the document when it is one of this authority's: its issuer on the authority's own host. */
export function keepMetadata(authority: string, document: unknown, storage: Pick<Storage, 'setItem'> = localStorage, now = Date.now()): boolean {
  const issuer = (document as { issuer?: unknown } | null)?.issuer;
  const endpoint = (document as { token_endpoint?: unknown } | null)?.token_endpoint;
  if (typeof issuer !== 'string' || typeof endpoint !== 'string') return false;
  try {
    if (new URL(issuer).host !== new URL(authority).host) return false;
    storage.setItem(KEY, JSON.stringify({ authority, metadata: JSON.stringify(document), until: now + KEEP_MS } satisfies Held));
    return true;
  } catch {
    return false;
  }
}

/**
 * Asks for the document for the next page's start, when none is held (MSAL asks for it too this once, at the
 * same time): asked 2 s after the start, a page left sooner (a quick look, the bench's rounds) kept nothing,
 * and the next paid the round trip again. A failure leaves MSAL to ask.
 */
export function rememberMetadata(authority: string) {
  fetch(discoveryUrl(authority))
    .then((response) => (response.ok ? response.json() : undefined))
    .then((document) => keepMetadata(authority, document))
    .catch(() => undefined);
}
