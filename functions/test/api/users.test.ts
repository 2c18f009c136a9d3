import { describe, expect, it } from 'vitest';
import { call, CLIENT_A } from './call.ts';

describe('users/me', () => {
  it('describes an internal user from the token', async () => {
    const { status, body } = await call('super', 'GET', '/v1/users/me');
    expect(status).toBe(200);
    expect(body).toMatchObject({ displayName: 'Sara Super', mail: 'super@movers.test', isExternal: false, client: null });
    expect(body.roles).toEqual(['Internal', 'Internal.Super']);
  });

  it("gives an External user their client from the portal's profile", async () => {
    expect((await call('extA', 'GET', '/v1/users/me')).body).toMatchObject({ isExternal: true, client: { id: CLIENT_A }, externalUserState: 'Accepted' });
    expect((await call('extNone', 'GET', '/v1/users/me')).body).toMatchObject({ isExternal: true, client: null });
  });

  it('streams the directory photo through Graph as an image', async () => {
    const { status, headers, body } = await call('staff', 'GET', '/v1/users/me/photo/120x120');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(body as ArrayBuffer);
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('answers 204 with no body for a user without a photo, which browsers do not log as an error', async () => {
    const { status, headers } = await call('extA', 'GET', '/v1/users/me/photo/120x120');
    expect(status).toBe(204);
    expect(headers.get('content-type')).toBeNull();
  });
});
