import type { ContentLocale } from '@movers/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { isPersonSession, personLinkKey, VisitError, visitApi } from '../api.ts';
import { moveDayApi } from '../moveDayApi.ts';
import { meStringsOf } from '../strings/me.ts';
import { useSite } from '../context.ts';

/** The link's token as it is remembered (SHA-256, hex); null where the browser cannot hash (not a secure context). */
async function linkHash(token: string): Promise<string | null> {
  try {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
    return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  } catch {
    return null;
  }
}

/**
 * `/{path}/me/{token}` (loaded on its own, with the person's page's words): the personal link of a seat letter signs the person in as themselves (whatever
 * the move's access scheme), the token leaves the address bar and the history at once, and their own
 * page opens in the letter's language.
 */
export default function PersonLinkPage({ token, onSignedIn }: { token: string; onSignedIn(language: ContentLocale | null): void }) {
  const { path, t, language } = useSite();
  const [failed, setFailed] = useState<'invalid' | 'offline' | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    window.history.replaceState(null, '', `/${encodeURIComponent(path)}/me`);
    const link = linkHash(token);
    visitApi.signIn(path, { personToken: token }).then(
      async () => {
        const hash = await link;
        if (hash) localStorage.setItem(personLinkKey(path), hash);
        // The letter's language: the person's page says which (the page reads it again, shared).
        const me = await moveDayApi.me(path).catch(() => null);
        onSignedIn(me?.person.language ?? null);
      },
      async (error: unknown) => {
        // No network (move day in a basement): the link opened before opens that session's page again.
        const hash = await link;
        if (!(error instanceof VisitError) && isPersonSession(path) && hash && localStorage.getItem(personLinkKey(path)) === hash) onSignedIn(null);
        else setFailed(error instanceof VisitError ? 'invalid' : 'offline');
      },
    );
  }, [path, token, onSignedIn]);
  return (
    <main className="v-login" id="main">
      {failed ? (
        <>
          <p role="alert" className="v-error">
            {failed === 'invalid' ? meStringsOf(language).personalLinkInvalid : t.siteUnavailable}
          </p>
          <p>
            <Link to={`/${encodeURIComponent(path)}`}>{t.info}</Link>
          </p>
        </>
      ) : (
        <p aria-live="polite">{t.signingIn}</p>
      )}
    </main>
  );
}
