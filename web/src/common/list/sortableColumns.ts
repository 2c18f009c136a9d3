import { getTheme, type IColumn } from '@fluentui/react';
import type { ReactNode } from 'react';
import type { SortState } from './sortRows.ts';

let canvas: HTMLCanvasElement | undefined;

/** The width of a column header's text in the header's font (semibold 14 px of the theme). */
function headerTextWidth(text: string): number {
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return text.length * 8;
  context.font = `600 14px ${getTheme().fonts.medium.fontFamily}`;
  return Math.ceil(context.measureText(text).width);
}

/** Room beside the header text for the sort arrow. */
const SORT_ICON = 24;

/**
 * The column builder of a sortable DetailsList: a header click sorts by that column ascending, a
 * second click on the same header flips the direction. Columns are sized to their content: never
 * narrower than their header (so no header is cut off) and growing to at most twice their minimum;
 * the last column takes what is left, so no single column takes over the table.
 */
export function sortableColumns<T, K extends string>(sort: SortState<K>, setSort: (next: (current: SortState<K>) => SortState<K>) => void) {
  return (key: K, name: string, minWidth: number, onRender: (row: T) => ReactNode): IColumn => {
    const min = Math.max(minWidth, headerTextWidth(name) + SORT_ICON);
    return {
      key,
      name,
      minWidth: min,
      maxWidth: min * 2,
      isResizable: true,
      isSorted: sort.key === key,
      isSortedDescending: sort.key === key && sort.direction === 'desc',
      sortAscendingAriaLabel: 'sorted ascending',
      sortDescendingAriaLabel: 'sorted descending',
      onColumnClick: () => setSort((s) => ({ key, direction: s.key === key && s.direction === 'asc' ? 'desc' : 'asc' })),
      onRender,
    };
  };
}
