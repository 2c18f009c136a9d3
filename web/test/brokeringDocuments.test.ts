import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../src/common/api/apiClient.ts';
import { ApiError } from '../src/common/api/errors.ts';
import { documentsOutcome, fetchDocuments } from '../src/admin/features/brokering/api.ts';

const reply = (status: number, body: unknown = {}) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const tree = { filetree: [], baseUrl: 'https://x/sites/y' };

function setup(statuses: number[]) {
  const queue = [...statuses];
  const fetch = vi.fn(async () => {
    const status = queue.shift() ?? 200;
    return reply(status, status === 200 ? tree : { error: { code: 'x', message: 'x' } });
  });
  const api = createApiClient({
    baseUrl: 'http://api',
    getToken: async (force) => (force ? 'api-fresh' : 'api'),
    onExhausted: vi.fn(),
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  const storeToken = vi.fn(async (force: boolean) => (force ? 'store-fresh' : 'store'));
  const storeHeaders = () =>
    fetch.mock.calls.map((c) => ((c as unknown as [string, RequestInit])[1].headers as Record<string, string>)['X-Document-Store-Token']);
  return { api, fetch, storeToken, storeHeaders };
}

describe('brokering documents call', () => {
  it('sends the document-store token next to the API token', async () => {
    const { api, fetch, storeToken } = setup([200]);
    expect(await fetchDocuments(api, storeToken, 'c_b')).toEqual(tree);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://api/v1/brokerings/c_b/documents');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer api', 'X-Document-Store-Token': 'store' });
  });

  it('retries once with a fresh document-store token after a 401, and no more', async () => {
    const ok = setup([401, 401, 200]);
    expect(await fetchDocuments(ok.api, ok.storeToken, 'c_b')).toEqual(tree);
    expect(ok.storeToken.mock.calls.map((c) => c[0])).toEqual([false, true]);
    expect(ok.storeHeaders().at(-1)).toBe('store-fresh');

    const failing = setup([401, 401, 401, 401, 200]);
    await expect(fetchDocuments(failing.api, failing.storeToken, 'c_b')).rejects.toMatchObject({ status: 401 });
    expect(failing.storeToken).toHaveBeenCalledTimes(2);
  });

  it('does not retry other failures and maps them to the three outcomes', async () => {
    const { api, storeToken } = setup([403]);
    await expect(fetchDocuments(api, storeToken, 'c_b')).rejects.toMatchObject({ status: 403 });
    expect(storeToken).toHaveBeenCalledTimes(1);
    expect(documentsOutcome(new ApiError(404))).toBe('noDocuments');
    expect(documentsOutcome(new ApiError(403))).toBe('forbidden');
    expect(documentsOutcome(new ApiError(500))).toBe('failed');
    expect(documentsOutcome(new ApiError(502))).toBe('failed');
    expect(documentsOutcome(new TypeError('network'))).toBe('failed');
  });
});
