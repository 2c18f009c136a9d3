import { HttpRequest } from '@azure/functions';
import { describe, expect, it } from 'vitest';
import { callerAddress } from '../../src/platform/http/callerAddress.ts';
import { cachedJson } from '../../src/platform/http/conditional.ts';

const request = (headers: Record<string, string> = {}) => new HttpRequest({ method: 'GET', url: 'https://api.test/api/v1/visit/x', headers });

describe("the caller's address for rate limits", () => {
  it('takes the last hop of X-Forwarded-For (the one Azure appends), without a port, whatever the caller wrote before it', () => {
    expect(callerAddress(request({ 'x-forwarded-for': '10.0.0.1, 203.0.113.7:51234' }))).toBe('203.0.113.7');
    expect(callerAddress(request({ 'x-forwarded-for': '198.51.100.99, 198.51.100.98,203.0.113.7' }))).toBe('203.0.113.7');
    expect(callerAddress(request({ 'x-forwarded-for': '[2001:db8::1]:443' }))).toBe('2001:db8::1');
    expect(callerAddress(request({ 'x-forwarded-for': '2001:DB8::2' }))).toBe('2001:db8::2');
  });
  it("falls back to X-Client-Ip, then 'unknown'", () => {
    expect(callerAddress(request({ 'x-client-ip': '198.51.100.4' }))).toBe('198.51.100.4');
    expect(callerAddress(request())).toBe('unknown');
  });
});

describe('cached JSON answers', () => {
  it('carries a content ETag and answers 304 to If-None-Match naming it (weak or strong, in a list)', () => {
    const first = cachedJson(request(), { a: 1 }, 'public');
    const etag = (first.headers as Record<string, string>).ETag;
    expect(first.status).toBe(200);
    expect((first.headers as Record<string, string>)['Cache-Control']).toBe('public, max-age=60');
    expect(cachedJson(request({ 'if-none-match': etag }), { a: 1 }, 'public').status).toBe(304);
    expect(cachedJson(request({ 'if-none-match': `"other", ${etag.replace('W/', '')}` }), { a: 1 }, 'public').status).toBe(304);
    expect(cachedJson(request({ 'if-none-match': etag }), { a: 2 }, 'public').status).toBe(200);
  });
  it('keeps session-bound answers private, varying by Authorization', () => {
    const headers = cachedJson(request(), [], 'private').headers as Record<string, string>;
    expect(headers['Cache-Control']).toBe('private, max-age=60');
    expect(headers.Vary).toBe('Authorization');
  });
});
