import {
  api as routes,
  applyBoardAnswer,
  applyMapAnswer,
  type MoveDayBoard,
  type MoveDayGrouping,
  type MoveDayMap,
  type MoveDayReport,
  type MoveDayReportPage,
  type MoveDayTimeline,
  type ReportUpdateInput,
} from '@movers/contracts';
import { useEffect, useRef, useState } from 'react';
import useSWR, { mutate, useSWRConfig } from 'swr';
import { useApi } from '../../../common/api/ApiContext.tsx';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { callRoute, keyOf } from '../../../common/api/route.ts';
import type { Resource } from '../../../common/api/useResource.ts';
import { heldForRound, useDayTick } from './dayTick.ts';
import { BOARD_WAVE_PARAM, mapKey, type ReportFilter, reportsQuery } from './firstReads.ts';

// The move team's move-day board (issue 36). The board, its map, chart and reports are read again every
// 10 s while the screen is open, together (`dayTick.ts`); the browser's HTTP cache sends If-None-Match with
// each read, so an unchanged board is a 304 (the API's ETag) and SWR keeps the same data (no re-render).

function usePolled<T>(path: string | null, read?: (path: string) => Promise<T>): Resource<T> {
  const api = useApi();
  const {
    data,
    error,
    isLoading,
    mutate: reload,
  } = useSWR<T>(path, (p: string) => heldForRound(read ? read(p) : api.get<T>(p)), {
    revalidateOnFocus: true,
    shouldRetryOnError: false,
    dedupingInterval: 2_000,
    // Read by `since`, an answer is laid over the one held (`useReadSince`), which keeps what did not change
    // and makes a new object of what did: SWR's own deep comparison would go over every person at each refresh.
    ...(read ? { compare: (a: T | undefined, b: T | undefined) => a === b } : {}),
  });
  useDayTick(reload, path !== null);
  return { status: path === null ? 'notAsked' : error ? 'failed' : isLoading || data === undefined ? 'loading' : 'ready', data, error, reload };
}

/**
 * A read of a move-day answer that has a `version` (the map, the board): read again, it asks only what
 * changed `since` the answer held of the same address (SWR's, when it was read ahead of the hook), and
 * `apply` lays the changes over it; a 2,000-person board is 600 KB to read whole, a map 1.3 MB at 5,000.
 */
function useReadSince<T extends { version: string }>(apply: (held: T | undefined, answer: T) => T) {
  const api = useApi();
  const held = useRef<{ key: string; value: T } | undefined>(undefined);
  const { cache } = useSWRConfig();
  return async (key: string) => {
    const before = held.current?.key === key ? held.current.value : (cache.get(key)?.data as T | undefined);
    const answer = await api.get<T>(before ? `${key}${key.includes('?') ? '&' : '?'}since=${encodeURIComponent(before.version)}` : key);
    const value = apply(before, answer);
    held.current = { key, value };
    return value;
  };
}

const boardKey = (moveId: string) => keyOf(routes.moveDay.board, { moveId });
const reportsKey = (moveId: string) => keyOf(routes.moveDay.reports, { moveId });

/** The board, of the whole move or (issue 48) of one wave: arrived of expected in it, by floor. */
export const useBoard = (moveId: string, wave?: string) =>
  usePolled<MoveDayBoard>(moveId ? keyOf(routes.moveDay.board, { moveId }, { [BOARD_WAVE_PARAM]: wave }) : null, useReadSince(applyBoardAnswer));
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
  const board = boardKey(report.moveId);
  await mutate((key) => typeof key === 'string' && (key === board || key.startsWith(`${board}?`)));
  await reloadMap(report.moveId);
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

/**
 * Move day on the map (issue 49), read again every 10 s as the board is (a 304 while nothing changed keeps
 * the same data: nothing is drawn again). `figuresAt` is when a read last succeeded, `offline` whether the
 * last one failed: the wall says since when its figures are old. SWR keeps only the latest answer. A wave
 * (issue 48) narrows it to that wave's people, as it narrows the board; the wall shows the whole move.
 */
export function useMoveDayMap(moveId: string, wave?: string) {
  const [figuresAt, setFiguresAt] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  // A refresh reads only what changed since the map held of this key (a wave changed reads its whole map first).
  const readMap = useReadSince(applyMapAnswer);
  const {
    data,
    error,
    isLoading,
    mutate: reload,
  } = useSWR<MoveDayMap>(moveId ? mapKey(moveId, wave) : null, (key: string) => heldForRound(readMap(key)), {
    revalidateOnFocus: true,
    shouldRetryOnError: false,
    dedupingInterval: 2_000,
    // `applyMapAnswer` keeps the map held when nothing changed and makes a new one when something did:
    // SWR's own deep comparison would go over all 5,000 people at each refresh.
    compare: (a, b) => a === b,
    onSuccess: () => {
      setFiguresAt(new Date().toISOString());
      setOffline(false);
    },
    onError: () => setOffline(true),
  });
  // Read again while hidden (a wall screen nobody touches is still looked at) and offline (a dropped network
  // is tried on and said, not waited out in silence: the wall shows since when its figures are old).
  useDayTick(reload, Boolean(moveId), true);
  const resource: Resource<MoveDayMap> = { status: error && !data ? 'failed' : isLoading || data === undefined ? 'loading' : 'ready', data, error, reload };
  return { ...resource, figuresAt, offline };
}

/** Reads the map again at once (after an answer), of the whole move or any wave, as `updateReport` reads the board. */
export const reloadMap = (moveId: string) => {
  const map = keyOf(routes.moveDay.map, { moveId });
  return mutate((key) => typeof key === 'string' && (key === map || key.startsWith(`${map}?`)));
};

/**
 * The plans of the floors as object URLs (the image route needs the bearer token), read once per image
 * version and revoked when the version changes or the screen goes: a map of at most one URL per floor.
 */
export function useFloorPlans(floors: readonly { floorId: string; image: { version: string } }[] | undefined): (floorId: string) => string | undefined {
  const api = useApi();
  const [urls, setUrls] = useState<ReadonlyMap<string, { version: string; url: string }>>(new Map());
  const wanted = (floors ?? []).map((f) => `${f.floorId}\u0000${f.image.version}`).join('\u0001');
  const held = useRef(new Map<string, { version: string; url: string }>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: `wanted` names the floors and versions; `floors` itself is a new array on each answer
  useEffect(() => {
    let live = true;
    const list = floors ?? [];
    for (const [floorId, held1] of held.current) {
      if (!list.some((f) => f.floorId === floorId && f.image.version === held1.version)) {
        URL.revokeObjectURL(held1.url);
        held.current.delete(floorId);
      }
    }
    setUrls(new Map(held.current));
    for (const floor of list) {
      if (held.current.has(floor.floorId)) continue;
      api
        .blob(keyOf(routes.planner.image, { layoutId: floor.floorId }, { v: floor.image.version }))
        .then((blob) => {
          if (!live) return;
          held.current.set(floor.floorId, { version: floor.image.version, url: URL.createObjectURL(blob) });
          setUrls(new Map(held.current));
        })
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [api, wanted]);
  useEffect(
    () => () => {
      for (const { url } of held.current.values()) URL.revokeObjectURL(url);
      held.current.clear();
    },
    [],
  );
  return (floorId) => urls.get(floorId)?.url;
}
