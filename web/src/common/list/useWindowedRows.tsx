import { defaultRangeExtractor, type Range, useWindowVirtualizer, type VirtualItem, type VirtualizerOptions } from '@tanstack/react-virtual';
import { type FocusEvent, startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** The longest list drawn whole, with no rows left out as room (see `useWindowedRows`). */
const WHOLE_LIST = 50;

/** A row to draw, or the room of the rows not drawn between two that are (`gap`, in pixels). */
export type WindowedPart = { item: VirtualItem } | { gap: number; key: string };

/**
 * A long list drawn only where the page shows it (issue 56: a head office's 2,000 people): the rows in the
 * window and `overscan` more each side (by default a window's height of them; a list of up to 50 is drawn
 * whole), the rest kept as room (`parts`' gaps): the page scrolls as if all were there and every row is
 * reached by scrolling. The page itself scrolls (the window virtualizer of @tanstack/react-virtual);
 * `listRef` goes on the element the rows are in (a table's <tbody>, a <ul>), whose place on the page is
 * read at each drawing. Each drawn row carries `data-index={item.index}` and `ref={measure}`: its real
 * height replaces the estimate. The row last focused stays drawn while the page scrolls away from it (an
 * edit under way, the button a dialog gives the focus back to): `onFocus` on the list element notes it. A
 * row that Tab reaches in the overscan is scrolled into view by the browser, which draws the next ones:
 * Tab goes through every row.
 */
export function useWindowedRows<E extends HTMLElement>(count: number, { estimate, overscan }: { estimate: number; overscan?: number }) {
  const listRef = useRef<E>(null);
  const [top, setTop] = useState(0);
  const focused = useRef<number | null>(null);
  // The list's place on the page: read after the browser's layout, as the list is first laid out and whenever
  // the page's size changes (what is above it: a message, a filter's row, a sheet drawn a page at a time; the
  // list's own length). Not at each drawing: a scroll draws the list every frame, and reading a place right
  // after drawing rows lays the page out there and then (issue 56: the people step's scrolling, and its and the
  // labels step's first drawing, 42 ms at 4× CPU, profiled). Until then the list is taken to start at the top,
  // which draws the same first rows.
  const place = useCallback(() => {
    const element = listRef.current;
    if (!element) return;
    const at = element.getBoundingClientRect().top + window.scrollY;
    setTop((current) => (Math.abs(at - current) >= 1 ? at : current));
  }, []);
  // Without a resize observer (browsers before 2020), read as the list is drawn and when its length changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the list's length changes
  useLayoutEffect(() => {
    if (typeof ResizeObserver === 'undefined') place();
  }, [place, count]);
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(place);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [place]);
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const kept = focused.current;
    if (kept === null || kept >= range.count || indexes.includes(kept)) return indexes;
    return [...indexes, kept].sort((a, b) => a - b);
  }, []);
  // A list of up to WHOLE_LIST is drawn whole from its first drawing: drawn in parts, its rows drawn after the
  // first paint were laid out above a window already scrolled below the list (to the people step's seat
  // letters), the library moved the page to keep what was in view, and that scroll closed a menu opened there.
  // A longer one has a window's height of rows more each side, and its first drawing only the rows in view and
  // two more each side: the screen shows sooner, and the rows either side follow once it is on the screen
  // (issue 56: the people step at 2,000 people, where the rows beyond the window doubled its first layout and
  // paint at 4× CPU, traced).
  const whole = count <= WHOLE_LIST;
  const [first, setFirst] = useState(true);
  useEffect(() => {
    if (!first || count === 0 || whole) return;
    const painted = setTimeout(() => startTransition(() => setFirst(false)));
    return () => clearTimeout(painted);
  }, [first, count, whole]);
  const wanted = overscan ?? Math.max(3, Math.ceil(window.innerHeight / estimate));
  const extra = whole ? count : first ? Math.min(2, wanted) : wanted;
  const virtualizer = useWindowVirtualizer({ count, estimateSize: () => estimate, overscan: extra, scrollMargin: top, rangeExtractor, measureElement });
  const items = virtualizer.getVirtualItems();
  const parts: WindowedPart[] = [];
  let end = top;
  for (const item of items) {
    if (item.start - end >= 1) parts.push({ gap: item.start - end, key: `gap-${item.index}` });
    parts.push({ item });
    end = item.end;
  }
  const rest = top + virtualizer.getTotalSize() - end;
  if (rest >= 1) parts.push({ gap: rest, key: 'gap-end' });
  const onFocus = useCallback((event: FocusEvent<E>) => {
    const row = (event.target as Element).closest('[data-index]');
    if (row) focused.current = Number(row.getAttribute('data-index'));
  }, []);
  return { listRef, parts, measure: virtualizer.measureElement, onFocus };
}

/**
 * A drawn row's height: the ResizeObserver's (after the browser's own layout of the frame). Asked as the row
 * is drawn, the last height known (or the estimate) instead of the library's `offsetHeight`: read row by
 * row while the rows' controls still change the page, it laid the whole page out once a row (issue 56: the
 * people step's first drawing, profiled).
 */
const measureElement: VirtualizerOptions<Window, Element>['measureElement'] = (element, entry, instance) => {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  if (entry) return (element as HTMLElement).offsetHeight;
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
};

/** A windowed table's room for the rows not drawn (`parts`' gap): one empty row, hidden from screen readers. */
export function GapRow({ height, columns }: { height: number; columns: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty row holding room; nothing in it takes the focus
    <tr aria-hidden="true">
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}
