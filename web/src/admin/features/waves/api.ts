import { api as routes, type Wave, type WaveDay, type WaveInput, type WaveList } from '@movers/contracts';
import useSWR, { mutate } from 'swr';
import { useApi } from '../../../common/api/ApiContext.tsx';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { callRoute, keyOf, reorderRoute, revalidate } from '../../../common/api/route.ts';
import type { Resource } from '../../../common/api/useResource.ts';
import { listKey, readList } from './firstReads.ts';

// A move's waves (issue 48). Every write sends the ETag it was read with (a wave's, the list's for a
// reorder, the people list's for an assignment) and reads again what it changed: the list with its
// loads, and the people whose wave it changed.

/** The planner's people list: a delete or an assignment changes people's `waveId`. */
const peopleKey = (moveId: string) => keyOf(routes.planner.people, { moveId });
const todayPrefix = (moveId: string) => keyOf(routes.waves.today, { moveId });

/** The waves by position with their loads, the people in no wave, the time zone, and the order's ETag. */
export function useWaves(moveId: string | undefined): Resource<WaveList> {
  const api = useApi();
  const { data, error, isLoading, mutate } = useSWR<WaveList>(moveId ? listKey(moveId) : null, readList(api), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return { status: !moveId ? 'notAsked' : error ? 'failed' : isLoading || data === undefined ? 'loading' : 'ready', data, error, reload: mutate };
}

/** The waves of a day (the move's today unless `day`), read again every 30 s while shown: lateness moves with the clock. */
export function useWaveDay(moveId: string | undefined, day?: string): Resource<WaveDay> {
  const api = useApi();
  const key = moveId ? keyOf(routes.waves.today, { moveId }, { day }) : null;
  const { data, error, isLoading, mutate } = useSWR<WaveDay>(key, (path: string) => api.get<WaveDay>(path), {
    refreshInterval: 30_000,
    revalidateOnFocus: true,
    shouldRetryOnError: false,
  });
  return { status: !key ? 'notAsked' : error ? 'failed' : isLoading || data === undefined ? 'loading' : 'ready', data, error, reload: mutate };
}

/** After a change of waves or of who is in them: the list, the day's view and the people are read again. */
export async function wavesChanged(moveId: string) {
  await Promise.all([revalidate(listKey(moveId), peopleKey(moveId)), revalidateToday(moveId)]);
}
const revalidateToday = async (moveId: string) => {
  const prefix = todayPrefix(moveId);
  await mutate((key) => typeof key === 'string' && (key === prefix || key.startsWith(`${prefix}?`)));
};

export async function createWave(api: ApiClient, moveId: string, body: WaveInput): Promise<Wave> {
  const wave = await callRoute(api, routes.waves.create, { params: { moveId }, body });
  await wavesChanged(moveId);
  return wave;
}

/** Sends the ETag the wave was read with: a change made meanwhile is refused (412), not overwritten. */
export async function updateWave(api: ApiClient, wave: Wave, body: WaveInput): Promise<Wave> {
  const saved = await callRoute(api, routes.waves.update, { params: { waveId: wave.id }, body, etag: wave.etag });
  await wavesChanged(wave.moveId);
  return saved;
}

/** Deletes a wave; its people are left in no wave (how many: the answer). */
export async function deleteWave(api: ApiClient, wave: Wave): Promise<number> {
  const { unassigned } = await callRoute(api, routes.waves.delete, { params: { waveId: wave.id }, etag: wave.etag });
  await wavesChanged(wave.moveId);
  return unassigned;
}

/** The reorders of each move, one after another: each is sent with the order's ETag the one before it left. */
const reorders = new Map<string, Promise<unknown>>();

/** What the cache holds under a key now (SWR has no getter: an update that keeps the value reads it). */
async function cached<T>(key: string): Promise<T | undefined> {
  let value: T | undefined;
  await mutate<T>(
    key,
    (current) => {
      value = current;
      return current;
    },
    { revalidate: false },
  );
  return value;
}

/**
 * Moves a wave to a 0-based position with the list's ETag; the answer is the new order. Two quick moves
 * (up, then down again) are sent one after the other, the second with the ETag the first's answer
 * brought: sent at once with the ETag the screen had, the second was refused as stale (412).
 */
export function moveWave(api: ApiClient, moveId: string, list: WaveList, waveId: string, newPosition: number): Promise<void> {
  const run = async () => {
    const etag = (await cached<WaveList>(listKey(moveId)))?.etag ?? list.etag;
    await reorderRoute(api, routes.waves.position, { params: { moveId }, body: { waveId, newPosition }, etag }, listKey(moveId), (answer, tag) => ({
      ...answer,
      etag: tag,
    }));
  };
  const next = (reorders.get(moveId) ?? Promise.resolve()).then(run, run);
  reorders.set(
    moveId,
    next.catch(() => undefined),
  );
  return next;
}

/** Shows a reorder at once, before the server answers. */
export async function showWaveOrder(moveId: string, list: WaveList) {
  await mutate(listKey(moveId), list, { revalidate: false });
}

/** Puts people in a wave (or, null, in none) in one action, with the people list's ETag. */
export async function assignWave(api: ApiClient, moveId: string, peopleEtag: string | undefined, personIds: string[], waveId: string | null) {
  const assignment = await callRoute(api, routes.waves.assign, { params: { moveId }, body: { personIds, waveId }, etag: peopleEtag });
  await wavesChanged(moveId);
  return assignment;
}
