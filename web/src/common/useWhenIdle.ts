import { useEffect, useState } from 'react';
import { whenIdle } from './whenIdle.ts';

/** The longest a part waits for the browser to be idle. */
const AT_MOST_MS = 2_000;

/**
 * False until the browser is first idle after the component was drawn (an effect runs once the drawing is
 * painted), then true: for a part of a screen that need not be there at its first drawing (far down a long
 * list), so that its reading and drawing come after the screen's main content instead of between it and
 * the user (issue 56).
 */
export function useWhenIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), AT_MOST_MS), []);
  return idle;
}
