import { useEffect, useRef, useState } from 'react';
import { visitApi } from '../api.ts';
import { useSite } from '../context.ts';

/**
 * `/{path}/pass#{token}`: a movers' pass (printed as a QR code on the move plan) signs this phone in to
 * the floor plans, without the visitor password, then opens them.
 */
export function PassPage({ onSignedIn }: { onSignedIn(): void }) {
  const { path, t } = useSite();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = window.location.hash.slice(1);
    // The token leaves the address bar (and the history) at once.
    window.history.replaceState(null, '', `/${encodeURIComponent(path)}/pass`);
    if (!token) return setFailed(true);
    visitApi.signIn(path, { pass: token }).then(onSignedIn, () => setFailed(true));
  }, [path, onSignedIn]);
  return (
    <main className="v-login" id="main">
      {failed ? (
        <p role="alert" className="v-error">
          {t.passFailed}
        </p>
      ) : (
        <p aria-live="polite">{t.signingIn}</p>
      )}
    </main>
  );
}
