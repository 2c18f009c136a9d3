import {
  type MoveDayBoard,
  type MoveDayGrouping,
  type MoveDayReport,
  type MoveDayReportPage,
  type MoveDayTimeline,
  type ReportUpdateInput,
  api as routes,
} from '@movers/contracts';
import useSWR, { mutate } from 'swr';
import { useApi } from '../../../common/api/ApiContext.tsx';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { callRoute, keyOf } from '../../../common/api/route.ts';
import type { Resource } from '../../../common/api/useResource.ts';

// The move team's move-day board (issue 36). The board and its reports are read again every 10 s while
// the screen is open; the browser's HTTP cache sends If-None-Match with each read, so an unchanged board
// is a 304 (the API's ETag) and SWR keeps the same data (no re-render).

export const BOARD_REFRESH_MS = 10_000;

export interface ReportFilter {
  status?: string;
  category?: string;
  floor?: string;
  page: number;
}

function usePolled<T>(path: string | null): Resource<T> {
  const api = useApi();
  const {
    data,
    error,
    isLoading,
    mutate: reload,
  } = useSWR<T>(path, (p: string) => api.get<T>(p), {
    refreshInterval: BOARD_REFRESH_MS,
    revalidateOnFocus: true,
    shouldRetryOnError: false,
    dedupingInterval: 2_000,
  });
  return { status: path === null ? 'notAsked' : error ? 'failed' : isLoading || data === undefined ? 'loading' : 'ready', data, error, reload };
}

const boardKey = (moveId: string) => keyOf(routes.moveDay.board, { moveId });
const reportsKey = (moveId: string) => keyOf(routes.moveDay.reports, { moveId });
const reportsQuery = (filter: ReportFilter) => ({
  status: filter.status,
  category: filter.category,
  floor: filter.floor,
  page: filter.page > 1 ? String(filter.page) : undefined,
});

export const useBoard = (moveId: string) => usePolled<MoveDayBoard>(moveId ? boardKey(moveId) : null);
/** The day's chart, polled with the board (a 304 while no one arrived or reported). */
export const useTimeline = (moveId: string, by: MoveDayGrouping) =>
  usePolled<MoveDayTimeline>(moveId ? keyOf(routes.moveDay.timeline, { moveId }, { by }) : null);
export const useReports = (moveId: string, filter: ReportFilter) =>
  usePolled<MoveDayReportPage>(moveId ? keyOf(routes.moveDay.reports, { moveId }, reportsQuery(filter)) : null);

/**
 * Sets a report's status, assignee or answer with the ETag it was read with (412 when someone changed it
 * meanwhile). The answer replaces the report in every cached page of the move's reports at once; the
 * board's counts and the pages (a filter may no longer match) are read again.
 */
export async function updateReport(api: ApiClient, report: MoveDayReport, body: ReportUpdateInput): Promise<MoveDayReport> {
  const saved = await callRoute(api, routes.moveDay.update, { params: { reportId: report.id }, body, etag: report.etag });
  const prefix = reportsKey(report.moveId);
  await mutate(
    (key) => typeof key === 'string' && (key === prefix || key.startsWith(`${prefix}?`)),
    (page: MoveDayReportPage | undefined) => page && { ...page, items: page.items.map((item) => (item.id === saved.id ? saved : item)) },
    { revalidate: true },
  );
  await mutate(boardKey(report.moveId));
  await mutate((key) => typeof key === 'string' && key.startsWith(keyOf(routes.moveDay.timeline, { moveId: report.moveId })));
  return saved;
}

/** A report's photo, read with the staff's token, as an object URL (the caller revokes it). */
export async function photoUrl(api: ApiClient, report: MoveDayReport): Promise<string> {
  const version = report.photo ? (new URL(report.photo, 'http://x').searchParams.get('v') ?? undefined) : undefined;
  const blob = await callRoute(api, routes.moveDay.photo, { params: { reportId: report.id }, query: { v: version } });
  return URL.createObjectURL(blob as Blob);
}

/** The CSV of arrivals and reports, saved under the move's path. */
export async function downloadCsv(api: ApiClient, moveId: string, path: string) {
  const blob = (await callRoute(api, routes.moveDay.csv, { params: { moveId } })) as Blob;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${path}-move-day.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
