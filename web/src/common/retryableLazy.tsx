import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { loadAgain } from './loadAgain.ts';

let generation = 0;

/** An error boundary's 'try again': every chunk that failed to load is loaded anew when it next renders. */
export const retryFailedLoads = () => {
  generation += 1;
};

/**
 * React.lazy, except that a chunk that failed to load (offline, a deployment that replaced it) can be
 * loaded again: React.lazy keeps a failure for good, so an error boundary's 'try again' would only show
 * the same failure. A failed chunk stays failed (React renders a failed component again before it gives
 * up; a new load then would show 'loading' for ever) until a boundary calls `retryFailedLoads`. Loading
 * again works in browsers that keep a failed module fetch too (`loadAgain`: the chunk under a new
 * address, or the page loaded again).
 */
// biome-ignore lint/suspicious/noExplicitAny: any component's props, as React.lazy itself takes
export function retryableLazy<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): ComponentType<React.ComponentProps<C>> {
  let current: LazyExoticComponent<C> | undefined;
  let failedIn: number | undefined;
  let loaded: { default: C } | undefined;
  const loader = loadAgain(load);
  const remember = (module: { default: C }) => {
    loaded = module;
    return module;
  };
  const make = () =>
    lazy(() => {
      // A chunk already loaded (asked for ahead, `preload`) is handed over at once: React suspends on any
      // promise, even a settled one, and a screen that suspends inside a frame just drawn from its own
      // fallback waits for React's fallback throttle (500 ms) before it is shown (issue 56).
      if (loaded) return settled(loaded) as Promise<{ default: C }>;
      const loading = loader()
        .then(remember)
        .catch((error: unknown) => {
          failedIn = generation;
          throw error;
        });
      // Said once React.lazy has taken the module (its own callback runs after this one, in the same turn).
      loading.then(
        () => queueMicrotask(chunkArrived),
        () => undefined,
      );
      return loading;
    });
  function Retryable(props: React.ComponentProps<C>) {
    if (!current || (failedIn !== undefined && failedIn !== generation)) {
      failedIn = undefined;
      current = make();
    }
    const Component = current as unknown as ComponentType<React.ComponentProps<C>>;
    return <Component {...props} />;
  }
  // The chunk asked for ahead of its drawing (the same import: the browser's module map keeps one); a
  // failure is left for the drawing to meet, with its retries.
  let asked: Promise<{ default: C } | undefined> | undefined;
  Retryable.preload = () => {
    asked ??= load()
      .then(remember)
      .catch(() => undefined);
    return asked;
  };
  return Retryable;
}

/**
 * Chunks that arrived after their drawing suspended on them, counted: `ChunkSuspense` reads the count, so
 * that a screen is drawn as its code arrives, in one task (issue 56).
 */
let arrived = 0;
const arrivals = new Set<() => void>();
const chunkArrived = () => {
  arrived += 1;
  for (const listener of arrivals) listener();
};
export const chunksArrived = () => arrived;
export const onChunkArrived = (listener: () => void) => {
  arrivals.add(listener);
  return () => arrivals.delete(listener);
};

/** A thenable that calls back at once: React.lazy reads a module given this way without suspending. */
// biome-ignore lint/suspicious/noThenProperty: React.lazy takes any thenable, and this one must answer synchronously
const settled = <T,>(value: T) => ({ then: (resolve: (value: T) => unknown) => resolve(value) });

/** Asks for a `retryableLazy` component's chunk now, if it is one (issue 56: a screen's chunk beside the frame's); its module once loaded. */
export const preloadLazy = (component: unknown): Promise<unknown> | undefined => (component as { preload?: () => Promise<unknown> }).preload?.();
