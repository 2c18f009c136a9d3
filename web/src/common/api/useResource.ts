import useSWR, { type KeyedMutator } from 'swr';
import type { ApiClient } from './apiClient.ts';
import { useApi } from './ApiContext.tsx';
import { ApiError } from './errors.ts';

/** Every remote resource is in one of these states (spec part 1, section 4). */
export type RemoteStatus = 'notAsked' | 'loading' | 'ready' | 'failed';

export interface Resource<T> {
  status: RemoteStatus;
  data: T | undefined;
  error: unknown;
  reload: KeyedMutator<T>;
}

/**
 * Reads a resource through SWR: a fetch is skipped when ready data for the same path exists (SWR's
 * cache), unless reloaded. A null path means not asked.
 */
export function useResource<T>(path: string | null): Resource<T> {
  const api = useApi();
  const { data, error, isLoading, mutate } = useSWR<T>(path, (p: string) => api.get<T>(p), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const status: RemoteStatus = path === null ? 'notAsked' : error ? 'failed' : isLoading || data === undefined ? 'loading' : 'ready';
  return { status, data, error, reload: mutate };
}

/**
 * Why a failed resource failed, for the screen to say the right thing: 'notFound' (404: there is no such
 * record, an ordinary answer), 'forbidden' (403), or 'failed' (anything else: worth a retry).
 * Undefined while the resource has not failed.
 */
export function failureOf(resource: Pick<Resource<unknown>, 'status' | 'error'>): 'notFound' | 'forbidden' | 'failed' | undefined {
  if (resource.status !== 'failed') return undefined;
  if (resource.error instanceof ApiError && resource.error.status === 404) return 'notFound';
  if (resource.error instanceof ApiError && resource.error.status === 403) return 'forbidden';
  return 'failed';
}

/** A list's reading with its ETag, shaped: `useTaggedList`'s, and a screen's early ask of the same list. */
export const readTagged =
  <T, L>(api: ApiClient, shape: (items: T[], etag: string | undefined) => L) =>
  async (path: string): Promise<L> => {
    const answer = await api.request<T[]>(path);
    return shape(answer.data, answer.etag);
  };

/**
 * A list read with its ETag (a list order's or an allocation's, which reorders and imports send as
 * If-Match), shaped by the caller; the same states as `useResource`. A null path means not asked.
 */
export function useTaggedList<T, L>(path: string | null, shape: (items: T[], etag: string | undefined) => L): Resource<L> {
  const api = useApi();
  const { data, error, isLoading, mutate } = useSWR<L>(path, readTagged(api, shape), { revalidateOnFocus: false, shouldRetryOnError: false });
  const status: RemoteStatus = path === null ? 'notAsked' : error ? 'failed' : isLoading || data === undefined ? 'loading' : 'ready';
  return { status, data, error, reload: mutate };
}
