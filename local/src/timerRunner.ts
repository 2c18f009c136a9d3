import type { FunctionsApp } from './functionsApp.ts';

export interface TimerRunner {
  stop(): Promise<void>;
}

/**
 * Runs the Functions timer table locally, where no Functions host is there to read NCRONTAB schedules:
 * every timer runs each `intervalMs`. A run still going when the next is due is skipped (the handlers are
 * safe to overlap anyway). `stop` clears the interval and waits for running handlers.
 */
export function startTimers(
  { timers, InvocationContext }: Pick<FunctionsApp, 'timers' | 'InvocationContext'>,
  intervalMs: number,
  log: (line: string) => void = () => undefined,
): TimerRunner {
  const running = new Map<string, Promise<void>>();
  const tick = () => {
    for (const timer of timers) {
      if (running.has(timer.name)) continue;
      const context = new InvocationContext({ functionName: timer.name });
      const run = timer
        .handler(context)
        .catch((error: unknown) => log(`timer ${timer.name} failed: ${(error as Error).message}`))
        .finally(() => running.delete(timer.name));
      running.set(timer.name, run);
    }
  };
  const handle = intervalMs > 0 ? setInterval(tick, intervalMs) : undefined;
  handle?.unref();
  return {
    async stop() {
      if (handle) clearInterval(handle);
      await Promise.all(running.values());
    },
  };
}
