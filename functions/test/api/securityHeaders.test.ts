import { describe, expect, inject, it } from 'vitest';
import { CLIENT_A, call } from './call.ts';

describe('security headers on every API answer', () => {
  it('are sent with JSON, errors and downloads alike', async () => {
    const answers = [
      await call('staff', 'GET', `/v1/clients/${CLIENT_A}`),
      await call('anonymous', 'GET', '/v1/clients'),
      await call('staff', 'GET', '/v1/clients/no-such-client'),
      await call('staff', 'GET', `/v1/clients/${CLIENT_A}/calendar.ics`),
      await call('staff', 'GET', '/v1/users/me/photo/120x120'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 404, 200, 200]);
    expectSecurityHeaders(answers);
  });

  it("are sent with the host's own answers too: an unknown route, a wrong method, a CORS preflight", async () => {
    const { apiOrigin } = inject('stack');
    const answers = [
      await call('staff', 'GET', '/v1/no-such-route'),
      await call('staff', 'PUT', '/v1/countries'),
      await fetch(`${apiOrigin}/api/v1/clients`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
      }),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 404, 204]);
    expectSecurityHeaders(answers);
  });
});

function expectSecurityHeaders(answers: { status: number; headers: Headers }[]) {
  for (const answer of answers) {
    expect(answer.headers.get('x-content-type-options'), String(answer.status)).toBe('nosniff');
    expect(answer.headers.get('referrer-policy'), String(answer.status)).toBe('no-referrer');
    expect(answer.headers.get('content-security-policy'), String(answer.status)).toBe("default-src 'none'; frame-ancestors 'none'");
  }
}
