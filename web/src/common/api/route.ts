import { type AnyRouteContract, type BodyOf, type ParamsOf, pathOf, type ResponseOf } from '@movers/contracts';
import { mutate } from 'swr';
import type { ApiClient } from './apiClient.ts';
import type { AskRead } from './askedEarly.ts';
import { type Resource, useResource } from './useResource.ts';

export interface CallOptions<C extends AnyRouteContract> {
  params: ParamsOf<C>;
  body?: BodyOf<C>;
  query?: Record<string, string | undefined>;
  /** The ETag read with the data: sent as If-Match, which every update and delete needs. */
  etag?: string;
  headers?: Record<string, string>;
  /** Sent so that it outlives the page (see `RequestOptions.keepalive`). */
  keepalive?: boolean;
}

/** The cache key of a read: always the call's path, so every module names the same data the same way. */
export const keyOf = <C extends AnyRouteContract>(contract: C, params: ParamsOf<C>, query?: Record<string, string | undefined>) =>
  pathOf(contract, params, query);

/**
 * Calls a route of the contract; the answer is typed by it. A create carries a fresh Idempotency-Key,
 * kept across the client's own token retry, so one submission is stored once however often it is sent.
 */
export async function callRoute<C extends AnyRouteContract>(api: ApiClient, contract: C, options: CallOptions<C>): Promise<ResponseOf<C>> {
  if (contract.response.kind === 'file') return (await api.blob(pathOf(contract, options.params, options.query))) as ResponseOf<C>;
  return (await sendRoute(api, contract, options)).data;
}

/** Sends a JSON call of a route: the answer with its ETag. */
function sendRoute<C extends AnyRouteContract>(api: ApiClient, contract: C, options: CallOptions<C>) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.etag) headers['If-Match'] = options.etag;
  if (contract.method === 'POST' && !contract.answersSecret) headers['Idempotency-Key'] ??= crypto.randomUUID();
  return api.request<ResponseOf<C>>(pathOf(contract, options.params, options.query), {
    method: contract.method,
    body: options.body,
    headers,
    keepalive: options.keepalive,
  });
}

/**
 * Sends a reorder of a list (its position route) with the list's ETag (`options.etag`) and puts the
 * answer, every item in the new order with the order's new ETag, under the list's key as `shape` makes
 * it; without an ETag in the answer the list is read again.
 */
export async function reorderRoute<C extends AnyRouteContract>(
  api: ApiClient,
  contract: C,
  options: CallOptions<C>,
  listKey: string,
  shape: (items: ResponseOf<C>, etag: string) => unknown,
): Promise<void> {
  const answer = await sendRoute(api, contract, options);
  if (answer.etag) await remember(listKey, shape(answer.data, answer.etag));
  else await revalidate(listKey);
}

/**
 * Sends a file to an upload route (its contract names the form field and the method), with the form's
 * text fields before it, reporting progress from 0 to 1.
 */
export async function uploadRoute<C extends AnyRouteContract>(
  api: ApiClient,
  contract: C,
  options: {
    params: ParamsOf<C>;
    query?: Record<string, string | undefined>;
    file: File;
    /** The route's optional second file (`upload.attachment`: a floor plan's source PDF). */
    attachment?: File;
    fields?: Record<string, string>;
    etag?: string;
    onProgress?: (fraction: number) => void;
  },
): Promise<ResponseOf<C>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  form.append(contract.upload!.field, options.file, options.file.name);
  const attachment = contract.upload!.attachment;
  if (options.attachment && attachment) form.append(attachment.field, options.attachment, options.attachment.name);
  return api.upload<ResponseOf<C>>(pathOf(contract, options.params, options.query), form, options.onProgress, {
    method: contract.method === 'PUT' ? 'PUT' : 'POST',
    headers: options.etag ? { 'If-Match': options.etag } : {},
  });
}

/** Reads a route through SWR; `null` params mean not asked yet. */
export function useRoute<C extends AnyRouteContract>(
  contract: C,
  params: ParamsOf<C> | null,
  query?: Record<string, string | undefined>,
): Resource<ResponseOf<C>> {
  return useResource<ResponseOf<C>>(params ? pathOf(contract, params, query) : null);
}

/** Asks early (a screen's first reads) for what `useRoute` with the same arguments reads: its key, its reading. */
export function askRoute<C extends AnyRouteContract>(
  ask: AskRead,
  api: ApiClient,
  contract: C,
  params: ParamsOf<C>,
  query?: Record<string, string | undefined>,
) {
  const path = pathOf(contract, params, query);
  ask(path, () => api.get(path));
}

/** Reads again the given cached keys (after a write that changes them). */
export const revalidate = (...keys: string[]) => Promise.all(keys.map((key) => mutate(key)));
/** Puts a saved document into the cache under its key, without reading it again. */
export const remember = <T>(key: string, value: T) => mutate(key, value, { revalidate: false });
