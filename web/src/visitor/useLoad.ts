import { useCallback, useEffect, useState } from 'react';
import { VisitError } from './api.ts';

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; status: number; message: string };

/** Loads once per key; `reload` asks again. A 401 calls `onSignedOut` (the session ended). */
export function useLoad<T>(key: string, load: () => Promise<T>, onSignedOut?: () => void): Loaded<T> & { reload(): void } {
  const [result, setResult] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names what is loaded
  useEffect(() => {
    let live = true;
    setResult({ state: 'loading' });
    load().then(
      (data) => live && setResult({ state: 'ready', data }),
      (error: unknown) => {
        if (!live) return;
        const status = error instanceof VisitError ? error.status : 0;
        if (status === 401) onSignedOut?.();
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
