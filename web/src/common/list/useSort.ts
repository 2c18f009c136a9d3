import type { IColumn } from '@fluentui/react';
import { useState, type ReactNode } from 'react';
import type { SortState } from './sortRows.ts';

/**
 * The sort of a DetailsList and its column builder: a header click sorts by that column ascending,
 * a second click on the same header flips the direction.
 */
export function useSort<T, K extends string>(initial: SortState<K>) {
  const [sort, setSort] = useState<SortState<K>>(initial);
  const column = (key: K, name: string, minWidth: number, onRender: (row: T) => ReactNode): IColumn => ({
    key,
    name,
    minWidth,
    isResizable: true,
    isSorted: sort.key === key,
    isSortedDescending: sort.key === key && sort.direction === 'desc',
    sortAscendingAriaLabel: 'sorted ascending',
    sortDescendingAriaLabel: 'sorted descending',
    onColumnClick: () => setSort((s) => ({ key, direction: s.key === key && s.direction === 'asc' ? 'desc' : 'asc' })),
    onRender,
  });
  return { sort, column };
}
