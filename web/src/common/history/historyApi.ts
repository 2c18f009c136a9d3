import { api as routes, type HistoryEntry, type HistoryKind, type HistoryPage } from '@movers/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../api/ApiContext.tsx';
import type { ApiClient } from '../api/apiClient.ts';
import { callRoute, keyOf } from '../api/route.ts';

/** Where a history is read from: one record's, or everything in a move. */
export type HistorySource = { kind: HistoryKind; recordId: string } | { moveId: string; kind?: HistoryKind; user?: string };

const pathOf = (source: HistorySource, query: Record<string, string | undefined>) =>
  'recordId' in source
    ? keyOf(routes.history.record, { recordKind: source.kind, recordId: source.recordId }, query)
    : keyOf(routes.history.move, { moveId: source.moveId }, { kind: source.kind, user: source.user, ...query });

export interface HistoryList {
  status: 'loading' | 'ready' | 'failed';
  entries: HistoryEntry[];
  /** More (older) entries can be read. */
  more: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  reload: () => void;
}

/**
 * A history, newest first, a page at a time ('Show older' reads the next). Read again when `version`
 * changes (the record was saved or restored), so the panel never shows a history older than the form.
 */
export function useHistory(source: HistorySource | null, options: { field?: string; version?: string } = {}): HistoryList {
  const api = useApi();
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [token, setToken] = useState<string | null>(null);
  const [status, setStatus] = useState<HistoryList['status']>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const [round, setRound] = useState(0);
  const key = source ? pathOf(source, { field: options.field }) : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the record's version or the reload round changes
  useEffect(() => {
    if (!source || !key) return;
    let current = true;
    setStatus('loading');
    api
      .get<HistoryPage>(key)
      .then((page) => {
        if (!current) return;
        setEntries(page.entries);
        setToken(page.continuationToken);
        setStatus('ready');
      })
      .catch(() => current && setStatus('failed'));
    return () => {
      current = false;
    };
  }, [api, key, options.version, round]);

  const loadMore = useCallback(() => {
    if (!source || !token) return;
    setLoadingMore(true);
    api
      .get<HistoryPage>(pathOf(source, { field: options.field, continuationToken: token }))
      .then((page) => {
        setEntries((before) => [...before, ...page.entries]);
        setToken(page.continuationToken);
      })
      .catch(() => setStatus('failed'))
      .finally(() => setLoadingMore(false));
  }, [api, source, token, options.field]);

  return { status, entries, more: token !== null, loadingMore, loadMore, reload: () => setRound((r) => r + 1) };
}

/** Undoes an entry (or some of its fields) on the record's current ETag; none for a deleted record. */
export const restoreEntry = (api: ApiClient, kind: HistoryKind, recordId: string, entryId: string, options: { fields?: string[]; etag?: string } = {}) =>
  callRoute(api, routes.history.restore, {
    params: { recordKind: kind, recordId },
    body: { entryId, ...(options.fields ? { fields: options.fields } : {}) },
    etag: options.etag,
  });
