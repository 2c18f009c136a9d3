import { useEffect, useRef, useState } from 'react';
import { visitApi } from '../api.ts';
import { useSite } from '../context.ts';
import { LoginPage } from './LoginPage.tsx';

/** `/{path}/link#{secret}`: redeems an e-mailed sign-in link once, then opens the site. */
export function LinkPage({ onSignedIn }: { onSignedIn(): void }) {
  const { path, t } = useSite();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const secret = window.location.hash.slice(1);
    // The secret leaves the address bar (and the history) at once.
    window.history.replaceState(null, '', `/${encodeURIComponent(path)}/link`);
    if (!secret) return setFailed(true);
    visitApi.signIn(path, { link: secret }).then(onSignedIn, () => setFailed(true));
  }, [path, onSignedIn]);
  if (failed) return <LoginPage onSignedIn={onSignedIn} problem={t.linkFailed} />;
  return (
    <main className="v-login">
      <p aria-live="polite">{t.signingIn}</p>
    </main>
  );
}
