import { afterEach, describe, expect, inject, it } from 'vitest';
import { call } from './call.ts';

// The Graph stand-in behaves as Graph does on a bad day (issue 25): lists come in pages behind
// @odata.nextLink, and a throttled request is answered 429 with Retry-After. The code must follow
// every page, and wait as told before it tries again.
const control = async (settings: Record<string, unknown>) => {
  const answer = await fetch(`${inject('stack').settings.GRAPH_BASE_URL}_local/control`, { method: 'POST', body: JSON.stringify(settings) });
  expect(answer.status).toBe(200);
};

afterEach(async () => {
  await control({});
});

describe('Graph as it behaves in Azure', () => {
  it('lists every directory user when Graph pages the list two at a time', async () => {
    const whole = await call('super', 'GET', '/v1/users');
    expect(whole.status).toBe(200);
    await control({ usersPageSize: 2 });
    const paged = await call('super', 'GET', '/v1/users');
    expect(paged.status).toBe(200);
    expect(paged.body).toEqual(whole.body);
    expect(JSON.stringify(paged.body).length).toBeGreaterThan(0);
  });

  it('waits the Retry-After of a 429 and tries again', async () => {
    await control({ throttle: { count: 1, retryAfterSeconds: 1 } });
    const started = Date.now();
    const answer = await call('super', 'GET', '/v1/users');
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});
