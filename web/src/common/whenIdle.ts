/**
 * Runs `run` once the browser is first idle, at most `timeoutMs` later (a page that stays busy still gets
 * it); where there is no `requestIdleCallback` (Safari), a task later. Returns what cancels it.
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run);
  return () => clearTimeout(timer);
}
