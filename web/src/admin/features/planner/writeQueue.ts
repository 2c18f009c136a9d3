/**
 * All planner calls run one after another in the order they were made (spec part 2, section 4): fast
 * clicking never reorders writes. A failed call rejects its own promise and does not stop the ones after it.
 */
export function writeQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  const listeners = new Set<(busy: boolean) => void>();
  const tell = () => {
    for (const listener of listeners) listener(waiting > 0);
  };
  return {
    run<T>(call: () => Promise<T>): Promise<T> {
      waiting += 1;
      tell();
      const result = tail.then(call, call);
      tail = result
        .catch(() => undefined)
        .finally(() => {
          waiting -= 1;
          tell();
        });
      return result;
    },
    /** Tells whether calls are waiting or running. */
    subscribe(listener: (busy: boolean) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type WriteQueue = ReturnType<typeof writeQueue>;
