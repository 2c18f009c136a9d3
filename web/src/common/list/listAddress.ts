import type { PageSize, SortState } from './sortRows.ts';

/** What a list remembers in its address: its filters, its sort, and (paged lists) its page and page size. */
export interface ListState<F extends Record<string, string>, K extends string> {
  filters: F;
  sort: SortState<K>;
  /** From 0. */
  page: number;
  pageSize: PageSize;
}

export interface ListDefaults<F extends Record<string, string>, K extends string> extends ListState<F, K> {
  /** Every sort key; another one in the address is ignored. */
  sortKeys: readonly K[];
  /** Filters with a fixed set of values; another value in the address is ignored. */
  choices?: Partial<Record<keyof F, readonly string[]>>;
}

const PAGE_SIZES = ['5', '10', '25', 'all'];

/**
 * The list state an address's query string describes: only values that differ from the defaults are
 * in it (`?active=all&sort=country&dir=desc&page=2`), anything unknown or malformed is the default,
 * so a shared or hand-edited link never breaks the list.
 */
export function readListState<F extends Record<string, string>, K extends string>(query: URLSearchParams, defaults: ListDefaults<F, K>): ListState<F, K> {
  const filters = { ...defaults.filters };
  for (const key of Object.keys(filters) as (keyof F & string)[]) {
    const value = query.get(key);
    const allowed = defaults.choices?.[key];
    if (value !== null && (!allowed || allowed.includes(value))) filters[key] = value as F[typeof key];
  }
  const sortKey = query.get('sort');
  const key = sortKey !== null && (defaults.sortKeys as readonly string[]).includes(sortKey) ? (sortKey as K) : defaults.sort.key;
  const dir = query.get('dir');
  const direction = dir === 'asc' || dir === 'desc' ? dir : defaults.sort.direction;
  const rows = query.get('rows');
  const pageSize = rows !== null && PAGE_SIZES.includes(rows) ? (rows === 'all' ? 'all' : Number(rows)) : defaults.pageSize;
  const pageText = query.get('page');
  const page = pageText !== null && /^[1-9][0-9]{0,5}$/.test(pageText) ? Number(pageText) - 1 : defaults.page;
  return { filters, sort: { key, direction }, page, pageSize };
}

/** The query string of a list state, without the values that are the defaults. */
export function writeListState<F extends Record<string, string>, K extends string>(state: ListState<F, K>, defaults: ListDefaults<F, K>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(state.filters)) if (value !== defaults.filters[key]) query.set(key, value);
  if (state.sort.key !== defaults.sort.key || state.sort.direction !== defaults.sort.direction) {
    query.set('sort', state.sort.key);
    query.set('dir', state.sort.direction);
  }
  if (state.pageSize !== defaults.pageSize) query.set('rows', String(state.pageSize));
  if (state.page !== defaults.page) query.set('page', String(state.page + 1));
  return query;
}
