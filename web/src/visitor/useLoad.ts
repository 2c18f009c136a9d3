import { useCallback, useEffect, useState } from 'react';
import { type Early, VisitError } from './api.ts';

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; status: number; message: string };

/**
 * Loads once per key; `reload` asks again. A 401 calls `onSignedOut` (the session ended). `load` may
 * hand over the phone's saved copy early: it is shown until the network's answer replaces it, and stays
 * if the network fails for any reason but a 401.
 */
export function useLoad<T>(key: string, load: (early: Early<unknown>) => Promise<T>, onSignedOut?: () => void): Loaded<T> & { reload(): void } {
  const [result, setResult] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names what is loaded
  useEffect(() => {
    let live = true;
    let shownSaved = false;
    setResult({ state: 'loading' });
    // The saved copy is of the same call as the network's answer (see `request` in api.ts): the same T.
    load((saved) => {
      if (!live) return;
      shownSaved = true;
      setResult({ state: 'ready', data: saved as T });
    }).then(
      (data) => live && setResult({ state: 'ready', data }),
      (error: unknown) => {
        if (!live) return;
        const status = error instanceof VisitError ? error.status : 0;
        if (status === 401) onSignedOut?.();
        else if (shownSaved) return;
        setResult({ state: 'failed', status, message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...result, reload };
}
