import type { ReactNode } from 'react';

/**
 * The row of filters above a list. Fluent's wrapping Stack gives its items margins, and a Dropdown
 * keeps a bottom margin a TextField has not, so bottom-aligned fields sat 6 px apart; a flex row
 * with a gap aligns every field's box on one line.
 */
export function FilterRow({ children }: { children: ReactNode }) {
  return <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 12 }}>{children}</div>;
}

/** What a list cell shows for a missing value: a dash, not an empty cell. */
export const orDash = (value: string | number | null | undefined): string | number => (value === null || value === undefined || value === '' ? '—' : value);
