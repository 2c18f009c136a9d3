import { describe, expect, it, vi } from 'vitest';
import { createApiClient, TOKEN_RETRY_LIMIT } from '../src/common/api/apiClient.ts';
import { ApiError, AuthError } from '../src/common/api/errors.ts';

const reply = (status: number, body: unknown = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ETag: '"e1"' } });

function setup(statuses: number[]) {
  const queue = [...statuses];
  const fetch = vi.fn(async () => reply(queue.shift() ?? 200, { ok: true }));
  const getToken = vi.fn(async (force: boolean) => (force ? 'fresh' : 'cached'));
  const onExhausted = vi.fn();
  const api = createApiClient({ baseUrl: 'http://api', getToken, onExhausted, fetch: fetch as unknown as typeof globalThis.fetch });
  return { api, fetch, getToken, onExhausted };
}

describe('API client token handling', () => {
  it('sends the bearer token and returns data with the ETag', async () => {
    const { api, fetch } = setup([200]);
    const result = await api.request('/v1/clients');
    expect(result.etag).toBe('"e1"');
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer cached');
  });

  it('sends a save made as the page goes away at once, with keepalive and the last token, and its If-Match', async () => {
    const { api, fetch, getToken } = setup([200, 200]);
    await api.get('/v1/colors/m1');
    // No await before the request leaves: a closing page runs no later task.
    const leaving = api.request('/v1/colors', { method: 'PUT', body: { moveId: 'm1' }, headers: { 'If-Match': '"c1"' }, keepalive: true });
    expect(fetch).toHaveBeenCalledTimes(2);
    await leaving;
    const [, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(init.keepalive).toBe(true);
    expect(init.headers).toMatchObject({ Authorization: 'Bearer cached', 'If-Match': '"c1"' });
    expect(getToken).toHaveBeenCalledTimes(1);
  });

  it('refreshes the token once on 401 and retries, then resets the counter on success', async () => {
    const { api, getToken } = setup([401, 200]);
    await api.get('/v1/clients');
    expect(getToken.mock.calls.map((c) => c[0])).toEqual([false, true]);
    expect(api.retries).toBe(0);
  });

  it(`gives up after ${TOKEN_RETRY_LIMIT} retries, marks the session and says the backend refuses the token`, async () => {
    const { api, onExhausted } = setup(Array(20).fill(401));
    const errors: unknown[] = [];
    for (let i = 0; i < TOKEN_RETRY_LIMIT + 1; i++) await api.get('/x').catch((e) => errors.push(e));
    expect(api.retries).toBe(TOKEN_RETRY_LIMIT);
    expect(onExhausted).toHaveBeenCalled();
    const last = errors.at(-1);
    expect(last).toBeInstanceOf(AuthError);
    expect((last as Error).message).toBe('Backend does not accept token or is not responding');
  });

  it('counts retries across calls until a success resets them', async () => {
    const { api, onExhausted } = setup([401, 403, 401, 200]);
    await api.get('/a').catch(() => undefined);
    expect(api.retries).toBe(1);
    await api.get('/b');
    expect(api.retries).toBe(0);
    expect(onExhausted).not.toHaveBeenCalled();
  });

  it('turns error answers into ApiError with the server fields', async () => {
    const fetch = vi.fn(async () => reply(400, { error: { code: 'validation_failed', message: 'validation failed', fields: { name: 'field is required' } } }));
    const api = createApiClient({ baseUrl: '', getToken: async () => 't', onExhausted: () => undefined, fetch: fetch as unknown as typeof globalThis.fetch });
    const error = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.fields).toEqual({ name: 'field is required' });
  });
});
