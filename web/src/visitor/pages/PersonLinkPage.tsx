import type { ContentLocale } from '@movers/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { visitApi } from '../api.ts';
import { moveDayApi } from '../moveDayApi.ts';
import { meStringsOf } from '../strings/me.ts';
import { useSite } from '../context.ts';

/**
 * `/{path}/me/{token}` (loaded on its own, with the person's page's words): the personal link of a seat letter signs the person in as themselves (whatever
 * the move's access scheme), the token leaves the address bar and the history at once, and their own
 * page opens in the letter's language.
 */
export default function PersonLinkPage({ token, onSignedIn }: { token: string; onSignedIn(language: ContentLocale | null): void }) {
  const { path, t, language } = useSite();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    window.history.replaceState(null, '', `/${encodeURIComponent(path)}/me`);
    visitApi.signIn(path, { personToken: token }).then(
      async () => {
        // The letter's language: the person's page says which (the page reads it again, shared).
        const me = await moveDayApi.me(path).catch(() => null);
        onSignedIn(me?.person.language ?? null);
      },
      () => setFailed(true),
    );
  }, [path, token, onSignedIn]);
  return (
    <main className="v-login" id="main">
      {failed ? (
        <>
          <p role="alert" className="v-error">
            {meStringsOf(language).personalLinkInvalid}
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
