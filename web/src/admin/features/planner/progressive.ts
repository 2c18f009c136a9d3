import { useEffect, useMemo, useState } from 'react';

/**
 * A long list drawn in chunks (issue 56: a head office's 2,000 rows): the first chunk at once, then one
 * more a task later until all are drawn, so that the screen shows and answers at once and no task draws
 * the whole list. Each chunk is its own array (stable while `items` is), for a memoised chunk component
 * that is not drawn again as the next are added. Answers the chunks to draw now.
 */
export function useChunks<T>(items: T[], size = 200): T[][] {
  const chunks = useMemo(() => {
    const made: T[][] = [];
    for (let i = 0; i < items.length; i += size) made.push(items.slice(i, i + size));
    return made;
  }, [items, size]);
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= chunks.length) return;
    const timer = setTimeout(() => setShown((n) => n + 1), 0);
    return () => clearTimeout(timer);
  }, [shown, chunks.length]);
  return chunks.slice(0, Math.max(1, shown));
}
