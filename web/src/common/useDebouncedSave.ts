import { useCallback, useEffect, useRef } from 'react';

/**
 * Collects changes and sends them together once the user has stopped changing for `delayMs`, so that a
 * value chosen in a control (a colour picker fires on every move of the pointer) is saved without waiting
 * for a blur that may never come. What is still waiting is sent when the component unmounts, so leaving
 * the screen at once does not lose the last choice, and when the page is hidden or goes away (closing the
 * tab unmounts nothing and ends the timer): then `send` is told `leaving`, so that it sends in a way that
 * outlives the page (fetch's `keepalive`). Sends run one after another: each may need the ETag the one
 * before it got back. So a change made while a send is still under way cannot go out as the page closes
 * (its ETag is not known yet): then the browser asks before the page is left, as for unsaved work.
 */
export function useDebouncedSave<K extends string, V>(send: (changes: Partial<Record<K, V>>, leaving: boolean) => Promise<void>, delayMs: number) {
  const pending = useRef<Partial<Record<K, V>>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const queue = useRef<Promise<void>>(Promise.resolve());
  // Sends queued or under way. Beyond the one under way, what a closing page would lose.
  const unfinished = useRef(0);
  // The latest `send`, so that a flush after unmount still uses the newest ETag and callbacks.
  const latestSend = useRef(send);
  latestSend.current = send;

  const flush = useCallback((leaving = false) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const changes = pending.current;
    if (Object.keys(changes).length === 0) return queue.current;
    pending.current = {};
    // Behind an idle queue the send starts in the microtask that follows the event: a closing page still runs it.
    unfinished.current++;
    queue.current = queue.current
      .then(() => latestSend.current(changes, leaving))
      .catch(() => undefined)
      .finally(() => unfinished.current--);
    return queue.current;
  }, []);

  const change = useCallback(
    (key: K, value: V) => {
      pending.current = { ...pending.current, [key]: value };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => flush(), delayMs);
    },
    [flush, delayMs],
  );

  /** Drops a waiting change of `key` (e.g. when the user clears that value instead). */
  const cancel = useCallback((key: K) => {
    const { [key]: _dropped, ...rest } = pending.current;
    pending.current = rest as Partial<Record<K, V>>;
  }, []);

  useEffect(() => {
    // `pagehide` when the tab closes or the page is left; `visibilitychange` is the only signal a phone
    // gives before it discards a page in the background.
    const leave = () => void flush(true);
    const hidden = () => document.visibilityState === 'hidden' && leave();
    const atRisk = (event: BeforeUnloadEvent) => {
      const waitingForTimer = Object.keys(pending.current).length > 0 ? 1 : 0;
      if (unfinished.current + waitingForTimer > 1) event.preventDefault();
    };
    window.addEventListener('beforeunload', atRisk);
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('beforeunload', atRisk);
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      void flush();
    };
  }, [flush]);
  return { change, flush, cancel };
}
