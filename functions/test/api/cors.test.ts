import { describe, expect, inject, it } from 'vitest';
import { call } from './call.ts';

// CORS is the app's own (issue 30): Azure's platform CORS cannot expose headers, so the browser could
// not read ETag, Content-Disposition or Retry-After from a cross-origin answer. The dev host adds
// nothing: what these tests see is what the deployed app sends.
const allowed = () => inject('stack').settings.CORS_ALLOWED_ORIGINS.split(',')[0];

describe('CORS, answered by the app', () => {
  it('lets an allowed origin read the answer and its ETag', async () => {
    const answer = await call('staff', 'GET', '/v1/templates', { headers: { Origin: allowed() } });
    expect(answer.status).toBe(403);
    const list = await call('super', 'GET', '/v1/templates', { headers: { Origin: allowed() } });
    expect(list.headers.get('access-control-allow-origin')).toBe(allowed());
    expect(list.headers.get('access-control-expose-headers')).toMatch(/ETag/);
    expect(list.headers.get('access-control-expose-headers')).toMatch(/Content-Disposition/);
    expect(list.headers.get('access-control-expose-headers')).toMatch(/Retry-After/);
    expect(list.headers.get('vary')).toMatch(/Origin/);
    // Errors carry it too, so the page can read what went wrong.
    expect(answer.headers.get('access-control-allow-origin')).toBe(allowed());
  });

  it('gives another origin no permission', async () => {
    const answer = await call('super', 'GET', '/v1/templates', { headers: { Origin: 'https://evil.test' } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('vary')).toMatch(/Origin/);
  });

  it('answers a preflight for every route path, with what an allowed origin may send', async () => {
    const preflight = await call('anonymous', 'OPTIONS', '/v1/moves/m1/people/import', {
      headers: { Origin: allowed(), 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type, if-match' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(allowed());
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/POST/);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/If-Match/);
    // Origin once, as the package answers it (the pipeline once joined the preflight's Vary to its own twice).
    expect(preflight.headers.get('vary')).toBe('Origin');
    const refused = await call('anonymous', 'OPTIONS', '/v1/clients', { headers: { Origin: 'https://evil.test', 'Access-Control-Request-Method': 'GET' } });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});
