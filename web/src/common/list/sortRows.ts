export type SortDirection = 'asc' | 'desc';

export interface SortState<K extends string> {
  key: K;
  direction: SortDirection;
}

const isEmpty = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Sorts by one value, ascending or descending, with empty values last in both directions. */
export function sortRows<T>(rows: readonly T[], value: (row: T) => unknown, direction: SortDirection): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    const ea = isEmpty(va);
    const eb = isEmpty(vb);
    if (ea || eb) return ea === eb ? 0 : ea ? 1 : -1;
    if (typeof va === 'number' && typeof vb === 'number') return (va - vb) * sign;
    if (typeof va === 'boolean' && typeof vb === 'boolean') return (Number(va) - Number(vb)) * sign;
    return collator.compare(String(va), String(vb)) * sign;
  });
}

export type PageSize = number | 'all';

/** One page of rows; 'all' shows every row. Pages are numbered from 0 and clamped to the last one. */
export function paginate<T>(rows: readonly T[], page: number, size: PageSize): { rows: T[]; page: number; pageCount: number } {
  if (size === 'all') return { rows: [...rows], page: 0, pageCount: 1 };
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(0, page), pageCount - 1);
  return { rows: rows.slice(current * size, (current + 1) * size), page: current, pageCount };
}

/** Case-insensitive "contains" used by the lists' text filters. */
export function includesText(value: string | null | undefined, filter: string): boolean {
  const wanted = filter.trim().toLowerCase();
  return wanted === '' || (value ?? '').toLowerCase().includes(wanted);
}
