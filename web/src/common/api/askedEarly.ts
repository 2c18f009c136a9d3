import { useCallback } from 'react';
import type { Params } from 'react-router-dom';
import { type Middleware, type SWRConfiguration, unstable_serialize, useSWRConfig } from 'swr';
import type { ApiClient } from './apiClient.ts';

// Issue 56: SWR asks for a hook's data in an effect, once the whole screen's first drawing is committed:
// at 4× CPU slowdown the admin's frame and a Fluent screen take 0.5–0.8 s to draw, and every read waited
// for it. Here a read is asked for as its hook is first drawn, and the hook's own first ask takes that answer.

/** An answer asked for early is taken only this long: older, its hook asks afresh (it may predate a change). */
const FRESH_FOR_MS = 10_000;
const early = new Map<string, { answer: Promise<unknown>; at: number }>();

/** Asks for `key` (SWR's serialized key) now, unless an answer to it was asked for early and is still fresh. */
export function askEarly(key: string, ask: () => unknown) {
  const held = early.get(key);
  if (held && Date.now() - held.at < FRESH_FOR_MS) return;
  const answer = Promise.resolve().then(ask);
  // An answer never taken fails quietly.
  answer.catch(() => undefined);
  early.set(key, { answer, at: Date.now() });
}

/** Asks early for a read SWR knows nothing of yet (not read, not being read); its hook takes the answer. */
export type AskRead = (key: string, read: () => unknown) => void;

export function useAskRead(): AskRead {
  const { cache } = useSWRConfig();
  return useCallback((key, read) => cache.get(key) === undefined && askEarly(key, read), [cache]);
}

/**
 * A screen's first reads (the admin's `pages/screenReads.ts`): asked for once the user may see the screen
 * (checked, or the user the session's last check answered), while its code comes and the frame is drawn
 * (`AdminApp.tsx`). Each with its hook's own key and
 * reading, so that the hook takes the answer.
 */
export type ScreenReads = (ask: AskRead, api: ApiClient, params: Readonly<Params>, search: URLSearchParams) => void;

function takeEarly(key: string): Promise<unknown> | undefined {
  const held = early.get(key);
  early.delete(key);
  return held && Date.now() - held.at < FRESH_FOR_MS ? held.answer : undefined;
}

type Config = SWRConfiguration & { cache: { get(key: string): unknown } };

/** Whether SWR itself will ask when the hook mounts with nothing cached (its `shouldDoInitialRevalidation`). */
const asksOnMount = (key: string, config: Config) =>
  config.revalidateOnMount !== false && !config.suspense && !config.isPaused?.() && config.fallbackData === undefined && config.fallback?.[key] === undefined;

/**
 * SWR middleware: a hook drawn for a key SWR knows nothing of yet (not read, not being read) asks for it
 * at once, and its first ask takes that answer. Registered once for the admin app (`adminMain.tsx`).
 */
export const askWhileDrawn: Middleware = (useSWRNext) => (key, fetcher, config) => {
  // SWR's own key for the cache: a path, or a list such as the planner's floors with their markers.
  const id = unstable_serialize(key);
  const read = fetcher as ((...args: unknown[]) => unknown) | null | undefined;
  if (id && read && (config as Config).cache.get(id) === undefined && asksOnMount(id, config as Config)) askEarly(id, () => read(key));
  // An early ask that failed (asked before the session had its token, say) is asked again by the hook.
  const taking = id && read ? (...args: unknown[]) => takeEarly(id)?.catch(() => read(...args)) ?? read(...args) : fetcher;
  return useSWRNext(key, taking as typeof fetcher, config);
};
