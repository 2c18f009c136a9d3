import { useEffect, useRef } from 'react';
import { preload, useSWRConfig } from 'swr';

/**
 * A screen's reads asked for while it is first drawn (issue 56), each answer taken over by the SWR hook of
 * the same key (SWR's `preload`): SWR itself asks only once the first drawing is committed, ≈ 1 s of Fluent
 * at 4× CPU slowdown. Each key once while the screen is shown, and only when nothing is cached for it (a
 * shown answer is read again by its hook as before). An answer no hook took once the screen has drawn (its
 * hook was already asking) is handed to SWR at once, so that no later read, after a change, is given it.
 */
export function usePreloaded(keys: readonly string[], fetcher: (key: string) => Promise<unknown>) {
  const { cache, mutate } = useSWRConfig();
  const asked = useRef(new Set<string>());
  for (const key of keys) {
    if (asked.current.has(key) || cache.get(key)?.data !== undefined) continue;
    asked.current.add(key);
    preload(key, fetcher).catch(() => undefined);
  }
  const shown = keys.join('\n');
  useEffect(() => {
    // `preload` answers the request still waiting for a hook, if any (a fetcher of nothing asks nothing).
    for (const key of shown.split('\n')) if (asked.current.has(key) && preload(key, () => undefined)) void mutate(key);
  }, [shown, mutate]);
}
