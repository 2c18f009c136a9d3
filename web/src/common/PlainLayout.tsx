import type { HTMLAttributes, ReactNode } from 'react';
import './plainLayout.css';

// A section's heading and a column of its parts in Fluent's look (Text's xLarge, Stack's gap), as plain
// elements with fixed classes (plainLayout.css), for parts drawn again at each refresh of a screen: Fluent's
// Text and Stack work out their styles at every drawing, a quarter of the move-day board's refresh (issue 56).

/** A screen's title (h1) in Fluent's xxLarge text (28 px, semibold). */
export function PlainTitle({ children }: { children: ReactNode }) {
  return <h1 className="plain-title">{children}</h1>;
}

/** A section's heading (h2) in Fluent's xLarge text (20 px, semibold); `block` as Text's. */
export function PlainHeading({ block, ...props }: HTMLAttributes<HTMLHeadingElement> & { block?: boolean }) {
  return <h2 {...props} className={block ? 'plain-heading plain-block' : 'plain-heading'} />;
}

/**
 * Parts side by side with `gap` pixels between them, wrapping, as Fluent's horizontal wrapping Stack lays
 * them out: aligned at their foot (`end`, a labelled choice beside a button) or their middle (`center`), or
 * spread to both ends (`spread`). Other attributes (a group's role and name) go on the row.
 */
export function PlainRow({
  gap,
  align = 'end',
  spread,
  style,
  ...props
}: HTMLAttributes<HTMLDivElement> & { gap: number; align?: 'end' | 'center'; spread?: boolean }) {
  return (
    <div
      {...props}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: align === 'end' ? 'flex-end' : 'center',
        justifyContent: spread ? 'space-between' : undefined,
        gap,
        ...style,
      }}
    />
  );
}

/** Parts one under the other with `gap` pixels between them, as Fluent's vertical Stack lays them out. */
export function PlainColumn({ gap, children }: { gap: 8 | 12; children: ReactNode }) {
  return <div className={`plain-column plain-column-${gap}`}>{children}</div>;
}
