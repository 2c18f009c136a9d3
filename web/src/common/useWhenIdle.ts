import { useEffect, useState } from 'react';

/** The longest a part waits for the browser to be idle: a page that stays busy still gets it. */
const AT_MOST_MS = 2_000;

/**
 * False until the browser is first idle after the component was drawn, then true: for a part of a screen
 * that need not be there at its first drawing (below the fold, far down a long list), so that its reading
 * and drawing come after the screen's main content instead of between it and the user (issue 56). Where
 * the browser has no `requestIdleCallback` (Safari), a task after the next frame.
 */
export function useWhenIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => setIdle(true), { timeout: AT_MOST_MS });
      return () => cancelIdleCallback(handle);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setIdle(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [idle]);
  return idle;
}
