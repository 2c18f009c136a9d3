import { HttpRequest } from '@azure/functions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preflight } from '../../src/platform/http/cors.ts';
import { withSecurityHeaders } from '../../src/platform/http/route.ts';

const origin = 'https://portal.example.com';
const request = (headers: Record<string, string>) => new HttpRequest({ method: 'OPTIONS', url: 'https://api.example.com/api/v1/clients', headers });
const varyOf = (headers: unknown) => (headers as Record<string, string>).Vary;

describe('withSecurityHeaders: Vary', () => {
  afterEach(() => vi.unstubAllEnvs());

  it.each([
    ['an allowed origin', { origin }],
    ['an origin not allowed', { origin: 'https://elsewhere.example.com' }],
    ['no origin', {} as Record<string, string>],
  ])('a preflight from %s names Origin once', (_, headers) => {
    vi.stubEnv('CORS_ALLOWED_ORIGINS', origin);
    const req = request(headers);
    expect(varyOf(withSecurityHeaders(preflight(req), req).headers)).toBe('Origin');
  });

  it("joins the handler's Vary to CORS's, each name once whatever its case", () => {
    vi.stubEnv('CORS_ALLOWED_ORIGINS', origin);
    const req = request({ origin });
    expect(varyOf(withSecurityHeaders({ status: 200, headers: { Vary: 'Authorization' } }, req).headers)).toBe('Origin, Authorization');
    expect(varyOf(withSecurityHeaders({ status: 200, headers: { Vary: 'origin, Authorization' } }, req).headers)).toBe('Origin, Authorization');
    expect(varyOf(withSecurityHeaders({ status: 200 }, req).headers)).toBe('Origin');
  });
});
