import { useAskRead } from './askedEarly.ts';

/**
 * Reads of a screen's later parts asked for as the screen is first drawn (issue 56): each key SWR knows
 * nothing of yet is asked for at once, and the first hook of that key takes the answer (`askedEarly.ts`).
 * For reads whose hooks are drawn only after others answer (the board's map and chart); a hook drawn at
 * once asks early by itself.
 */
export function usePreloaded(keys: readonly string[], fetcher: (key: string) => Promise<unknown>) {
  const ask = useAskRead();
  for (const key of keys) ask(key, () => fetcher(key));
}
