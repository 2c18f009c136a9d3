import type { ReactNode } from 'react';

/**
 * A wide table's own box: on a narrow screen (a phone) the table scrolls sideways inside it rather than
 * being cut off or making the whole page scroll. `contain: inline-size` keeps the table's width out of the
 * sizes the layouts around it compute (a flex item otherwise grows to its content's minimum width, and
 * with it the page); the box takes its container's width instead.
 */
export function SideScroll({ children }: { children: ReactNode }) {
  return <div style={{ overflowX: 'auto', width: '100%', maxWidth: '100%', contain: 'inline-size' }}>{children}</div>;
}
