import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readListState, writeListState, type ListDefaults, type ListState } from './listAddress.ts';
import type { PageSize, SortState } from './sortRows.ts';

/**
 * A list's filters, sort and page, kept in the address: Back from a row restores them and a filtered
 * list can be shared as a link. Changes replace the history entry, so typing a filter does not add
 * one entry per letter. A filter or page size change goes back to the first page.
 *
 * The screen renders from local state, updated at once, and the address follows: the router applies
 * an address change a moment later, and a text box fed from the address would lose fast typing.
 */
export function useListState<F extends Record<string, string>, K extends string>(defaults: ListDefaults<F, K>) {
  const [query, setQuery] = useSearchParams();
  const address = query.toString();
  const [state, setState] = useState(() => readListState(query, defaults));
  const current = useRef(state);
  const written = useRef(address);

  // An address this hook did not write (Back, a link): the list follows it.
  useEffect(() => {
    if (address === written.current) return;
    written.current = address;
    const next = readListState(new URLSearchParams(address), defaults);
    current.current = next;
    setState(next);
  }, [address, defaults]);

  return useMemo(() => {
    const update = (next: Partial<ListState<F, K>>) => {
      const merged = { ...current.current, ...next };
      current.current = merged;
      setState(merged);
      const nextQuery = writeListState(merged, defaults);
      written.current = nextQuery.toString();
      setQuery(nextQuery, { replace: true });
    };
    return {
      ...state,
      changeFilters: (next: Partial<F>) => update({ filters: { ...current.current.filters, ...next }, page: 0 }),
      /** A new sort, or one computed from the current sort (a header clicked twice in quick succession). */
      setSort: (sort: SortState<K> | ((current: SortState<K>) => SortState<K>)) =>
        update({ sort: typeof sort === 'function' ? sort(current.current.sort) : sort }),
      setPage: (page: number) => update({ page }),
      setPageSize: (pageSize: PageSize) => update({ pageSize, page: 0 }),
    };
  }, [state, defaults, setQuery]);
}
