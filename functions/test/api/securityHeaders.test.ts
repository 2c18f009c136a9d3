import { describe, expect, it } from 'vitest';
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
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });
});
