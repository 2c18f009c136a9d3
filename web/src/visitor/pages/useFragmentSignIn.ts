import { useEffect, useRef, useState } from 'react';
import { visitApi } from '../api.ts';
import { useSite } from '../context.ts';

/**
 * Signs in once with the secret after the `#` of `/{path}/{page}#{secret}` (an e-mailed sign-in link, a
 * movers' pass): the secret leaves the address bar (and the history) at once, and never reached a server.
 * True once signing in failed (or there was no secret).
 */
export function useFragmentSignIn(page: 'link' | 'pass', onSignedIn: () => void): boolean {
  const { path } = useSite();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const secret = window.location.hash.slice(1);
    window.history.replaceState(null, '', `/${encodeURIComponent(path)}/${page}`);
    if (!secret) return setFailed(true);
    visitApi.signIn(path, page === 'link' ? { link: secret } : { pass: secret }).then(onSignedIn, () => setFailed(true));
  }, [path, page, onSignedIn]);
  return failed;
}
