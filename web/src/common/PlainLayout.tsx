import type { HTMLAttributes, ReactNode } from 'react';
import './plainLayout.css';

// A section's heading and a column of its parts in Fluent's look (Text's xLarge, Stack's gap), as plain
// elements with fixed classes (plainLayout.css), for parts drawn again at each refresh of a screen: Fluent's
// Text and Stack work out their styles at every drawing, a quarter of the move-day board's refresh (issue 56).

/** A heading in Fluent's xLarge text (20 px, semibold); `block` as Text's. */
export function PlainHeading({ level = 2, block, className, ...props }: HTMLAttributes<HTMLHeadingElement> & { level?: 2 | 3; block?: boolean }) {
  const Tag = level === 2 ? 'h2' : 'h3';
  return <Tag {...props} className={['plain-heading', block ? 'plain-block' : '', className ?? ''].join(' ').trim()} />;
}

/** Parts one under the other with `gap` pixels between them, as Fluent's vertical Stack lays them out. */
export function PlainColumn({ gap, children, className }: { gap: 8 | 12; children: ReactNode; className?: string }) {
  return <div className={`plain-column plain-column-${gap}${className ? ` ${className}` : ''}`}>{children}</div>;
}
