import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A wide table's own box: on a narrow screen (a phone) the table scrolls sideways inside it rather than
 * being cut off or making the whole page scroll. `contain: inline-size` keeps the table's width out of the
 * sizes the layouts around it compute (a flex item otherwise grows to its content's minimum width, and
 * with it the page); the box takes its container's width instead. Words are not broken inside it (the
 * page's `overflow-wrap: anywhere` let a table squeeze its columns to one letter a line on a phone: names,
 * addresses, 'unans wered'); the table grows to its words and scrolls in the box instead. The box holds
 * its visually hidden parts too (a header's hidden text, a file input): positioned absolutely against a box
 * further out, they widened the page past the scrolling box (the floors step, 522 px on a phone).
 */
export function SideScroll({ children, label }: { children: ReactNode; label?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  // A box that scrolls must be reachable by the keyboard to be scrolled by it (axe's scrollable-region-focusable):
  // a table of text alone (the seat letters' with its wave column on a phone) has nothing in it to focus. Only
  // while it overflows, so a table that fits adds no stop to the tab order.
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    // No measuring here: the observer reports each box once it is laid out, and a measure in this effect
    // laid out the whole screen in the middle of its first drawing (issue 56: 120 ms at 4× CPU on the waves screen).
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={box}
      // Named by its table while it is a stop of its own, so the keyboard's stop says what scrolls.
      {...(overflowing ? { tabIndex: 0, ...(label ? { role: 'region', 'aria-label': label } : {}) } : {})}
      style={{ overflowX: 'auto', width: '100%', maxWidth: '100%', contain: 'inline-size', overflowWrap: 'normal', position: 'relative' }}
    >
      {children}
    </div>
  );
}
