import type { HTMLAttributes, ReactNode } from 'react';
import './plainLayout.css';

// A section's heading and a column of its parts in Fluent's look (Text's xLarge, Stack's gap), as plain
// elements with fixed classes (plainLayout.css), for parts drawn again at each refresh of a screen: Fluent's
// Text and Stack work out their styles at every drawing, a quarter of the move-day board's refresh (issue 56).

/** A section's heading (h2) in Fluent's xLarge text (20 px, semibold); `block` as Text's. */
export function PlainHeading({ block, ...props }: HTMLAttributes<HTMLHeadingElement> & { block?: boolean }) {
  return <h2 {...props} className={block ? 'plain-heading plain-block' : 'plain-heading'} />;
}

/** Parts one under the other with `gap` pixels between them, as Fluent's vertical Stack lays them out. */
export function PlainColumn({ gap, children }: { gap: 8 | 12; children: ReactNode }) {
  return <div className={`plain-column plain-column-${gap}`}>{children}</div>;
}
