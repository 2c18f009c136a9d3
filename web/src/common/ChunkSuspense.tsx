import { type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { chunksArrived, onChunkArrived } from './retryableLazy.tsx';

/**
 * A Suspense boundary around screens loaded with `retryableLazy`, drawn again as soon as a chunk arrives.
 * React draws a boundary's own retry in 5 ms slices with a frame between each (a retry is not urgent to
 * it): at 2,000 people the people step took 25 frames, 0.4 s, and the board 0.75 s to appear that way
 * (issue 56). A store's change is drawn synchronously: the boundary tries its screen again at once, and
 * the screen is drawn in one task.
 */
export function ChunkSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  useSyncExternalStore(onChunkArrived, chunksArrived);
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
