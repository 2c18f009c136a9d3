import { describe, expect, it } from 'vitest';
import { call, loopbackAddress } from './call.ts';

// Answers compressed by the app itself (issue 25): Azure Functions compresses nothing.
describe('compressed answers', () => {
  it('answers a large JSON list in brotli or gzip as asked, the same JSON as uncompressed', async () => {
    const plain = await call('super', 'GET', '/v1/clients', { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(JSON.stringify(plain.body).length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const answer = await call('super', 'GET', '/v1/clients', { headers: { 'Accept-Encoding': encoding } });
      expect(answer.headers.get('content-encoding')).toBe(encoding);
      expect(answer.headers.get('vary')).toMatch(/Accept-Encoding/);
      expect(answer.body).toEqual(plain.body);
    }
  });

  it('compresses visitor answers too, and leaves a small answer (an error) as it is', async () => {
    const from = loopbackAddress();
    const session = await call('anonymous', 'POST', '/v1/visit/aurora-hq/session', { body: { email: 'zip@client-a.test', password: 'flytting-2026' }, from });
    expect(session.status).toBe(201);
    const visitor = await call('anonymous', 'GET', '/v1/visit/aurora-hq/pages', {
      headers: { 'Accept-Encoding': 'br', Authorization: `Bearer ${session.body.token}` },
      from,
    });
    expect(visitor.status).toBe(200);
    expect(JSON.stringify(visitor.body).length).toBeGreaterThan(1024);
    expect(visitor.headers.get('content-encoding')).toBe('br');
    const small = await call('anonymous', 'GET', '/v1/clients', { headers: { 'Accept-Encoding': 'br' } });
    expect(small.status).toBe(401);
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});
