import { type BrokeringDocuments, type BrokeringInput, api as routes } from '@movers/contracts';
import useSWR from 'swr';
import { useApi } from '../../../common/api/ApiContext.tsx';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { ApiError, InteractionNeeded } from '../../../common/api/errors.ts';
import { callRoute, keyOf, remember, revalidate, useRoute } from '../../../common/api/route.ts';
import type { RemoteStatus } from '../../../common/api/useResource.ts';
import { clientChanged } from '../clients/index.ts';
import { useSession } from '../../auth/Session.tsx';

export const useBrokering = (brokeringId: string | undefined) => useRoute(routes.brokerings.get, brokeringId ? { brokeringId } : null);
export { useClientExternalUsers, useInternalUsers } from '../users/index.ts';

export async function createBrokering(api: ApiClient, clientId: string, input: BrokeringInput) {
  const saved = await callRoute(api, routes.brokerings.create, { params: { clientId }, body: input });
  await Promise.all([remember(keyOf(routes.brokerings.get, { brokeringId: saved.id }), saved), clientChanged(clientId)]);
  return saved;
}

/** Sends the ETag the form was loaded with, so a concurrent change is refused (412) rather than lost. */
export async function updateBrokering(api: ApiClient, brokeringId: string, input: BrokeringInput, etag: string | undefined) {
  const saved = await callRoute(api, routes.brokerings.update, { params: { brokeringId }, body: input, etag });
  await Promise.all([remember(keyOf(routes.brokerings.get, { brokeringId }), saved), clientChanged(saved.clientId)]);
  return saved;
}

/** After a restore from the project's history: the project as restored, and its name on the client's page. */
export const brokeringRestored = (clientId: string, brokeringId: string) =>
  Promise.all([revalidate(keyOf(routes.brokerings.get, { brokeringId })), clientChanged(clientId)]);

/** Header carrying the document store's own token (see the README: the document-store token). */
export const DOCUMENT_STORE_TOKEN_HEADER = 'X-Document-Store-Token';

/**
 * Lists the project's documents, sending the document-store token next to the API token; a 401 gets one
 * retry with a fresh document-store token (spec: the document service retries once on 401).
 */
export async function fetchDocuments(
  api: ApiClient,
  getStoreToken: (forceRefresh: boolean) => Promise<string>,
  brokeringId: string,
): Promise<BrokeringDocuments> {
  const attempt = async (force: boolean) => {
    const token = await getStoreToken(force);
    return callRoute(api, routes.brokerings.documents, { params: { brokeringId }, headers: { [DOCUMENT_STORE_TOKEN_HEADER]: token } });
  };
  try {
    return await attempt(false);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return attempt(true);
    throw error;
  }
}

/**
 * Which of the spec's three outcomes a failed documents call is: 404, 403 (store refused), anything else;
 * or that the user must first allow the portal to read the document store (consent).
 */
export function documentsOutcome(error: unknown): 'noDocuments' | 'forbidden' | 'failed' | 'consentNeeded' {
  if (error instanceof InteractionNeeded) return 'consentNeeded';
  if (error instanceof ApiError && error.status === 404) return 'noDocuments';
  if (error instanceof ApiError && error.status === 403) return 'forbidden';
  return 'failed';
}

export type DocumentsOutcome = 'loading' | 'ready' | ReturnType<typeof documentsOutcome>;

/**
 * The documents of a project and which of the spec's outcomes applies. The document store's token is a
 * second token for its delegated scope, asked for here and not at sign-in, so that a tenant where users
 * may not consent to Graph still lets everyone sign in. It comes silently once consented (by an admin for
 * the tenant, or by the user once); otherwise `allowAccess`, from a click, opens the consent popup.
 */
export function useDocuments(brokeringId: string | undefined) {
  const api = useApi();
  const { config, tokenFor } = useSession();
  const storeToken = (popup: boolean) => (force: boolean) =>
    config.documentStoreScope ? tokenFor([config.documentStoreScope], force, { popup }) : Promise.reject(new ApiError(401));
  const { data, error, isLoading, mutate } = useSWR<BrokeringDocuments>(
    brokeringId ? `documents:${brokeringId}` : null,
    () => fetchDocuments(api, storeToken(false), brokeringId!),
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
    },
  );
  const status: RemoteStatus = error ? 'failed' : isLoading || !data ? 'loading' : 'ready';
  const outcome: DocumentsOutcome = status === 'failed' ? documentsOutcome(error) : status === 'ready' ? 'ready' : 'loading';
  const allowAccess = async () => {
    await storeToken(true)(false);
    await mutate();
  };
  return { outcome, data, allowAccess };
}
