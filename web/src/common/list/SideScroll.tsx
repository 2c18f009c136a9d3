import type { ReactNode } from 'react';

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
export function SideScroll({ children }: { children: ReactNode }) {
  return (
    <div style={{ overflowX: 'auto', width: '100%', maxWidth: '100%', contain: 'inline-size', overflowWrap: 'normal', position: 'relative' }}>{children}</div>
  );
}
