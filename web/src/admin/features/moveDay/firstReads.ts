import { api as routes, reportCategories, reportStatuses } from '@movers/contracts';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import type { AskRead } from '../../../common/api/askedEarly.ts';
import { keyOf } from '../../../common/api/route.ts';

// The board's addresses and its first reads, without the feature's hooks and writes: the screens' first reads
// (`pages/screenReads.ts`, issue 56), a chunk asked for beside the app's, take these and nothing more.

export interface ReportFilter {
  status?: string;
  category?: string;
  floor?: string;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => (values.includes(value as T) ? (value as T) : undefined);
/** The reports' filter in the board's address. */
export const reportFilterOf = (query: URLSearchParams): ReportFilter => ({
  status: oneOf(reportStatuses, query.get('status')),
  category: oneOf(reportCategories, query.get('category')),
  floor: query.get('floor') ?? undefined,
  page: Math.max(1, Number(query.get('page')) || 1),
});

/** The board's query parameter that names a wave (i48-api's name for it). */
export const BOARD_WAVE_PARAM = 'wave';

export const reportsQuery = (filter: ReportFilter) => ({
  status: filter.status,
  category: filter.category,
  floor: filter.floor,
  page: filter.page > 1 ? String(filter.page) : undefined,
});

export const mapKey = (moveId: string, wave?: string) => keyOf(routes.moveDay.map, { moveId }, { [BOARD_WAVE_PARAM]: wave });

/**
 * The board's first reads: its counts and reports, and with `withPlan` (the board's view, not 'today') its
 * map and chart. The counts and the map first: they are drawn first, and the API answers in order.
 */
function dayPaths(moveId: string, wave: string | undefined, filter: ReportFilter, withPlan: boolean) {
  if (!moveId) return [];
  const reports = keyOf(routes.moveDay.reports, { moveId }, reportsQuery(filter));
  const board = keyOf(routes.moveDay.board, { moveId }, { [BOARD_WAVE_PARAM]: wave });
  if (!withPlan) return [board, reports];
  return [board, mapKey(moveId, wave), reports, keyOf(routes.moveDay.timeline, { moveId }, { by: wave ? 'wave' : 'floor' })];
}

/** The same reads asked for as soon as the address is known (`pages/screenReads.ts`). */
export const askDayReads = (ask: AskRead, api: ApiClient, ...day: Parameters<typeof dayPaths>) => {
  for (const path of dayPaths(...day)) ask(path, () => api.get(path));
};
