import { decodeJwt, importJWK, SignJWT } from 'jose';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { call } from './call.ts';

/** Tokens signed with the identity provider's own key: only their claims differ from real ones. */
async function signed(claims: Record<string, unknown>, { issuer, audience }: { issuer?: string; audience?: string } = {}) {
  const stack = inject('stack');
  const jwk = JSON.parse(readFileSync(join(stack.dataDir, 'idp-signing-key.json'), 'utf8'));
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setIssuer(issuer ?? stack.settings.AUTH_ISSUER)
    .setAudience(audience ?? stack.settings.AUTH_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(key);
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const staff = { sub: 'u0000000-0000-4000-8000-000000000002', oid: 'u0000000-0000-4000-8000-000000000002', name: 'Stian Staff', roles: ['Internal'] };
const tenant = () => inject('stack').settings.AUTH_ISSUER.split('/')[3];
const asBearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const status = async (token: string) => (await call('anonymous', 'GET', '/v1/clients', asBearer(token))).status;

/** A delegated access token for this API exactly as Entra v2 issues it (requestedAccessTokenVersion: 2). */
const entraShaped = () => {
  const stack = inject('stack');
  return { ...staff, ver: '2.0', scp: 'access_as_user', tid: tenant(), azp: stack.web.clientId, azpacr: '0', preferred_username: 'stian@movers.test' };
};

describe('what an access token must be', () => {
  it('is issued by the local provider in Entra v2 shape: aud the API client id, v2 issuer of the tenant, scp, tid, oid, azp', async () => {
    const stack = inject('stack');
    const claims = decodeJwt(stack.tokens.staff);
    expect(claims.ver).toBe('2.0');
    expect(claims.aud).toMatch(GUID);
    expect(claims.aud).toBe(stack.settings.AUTH_AUDIENCE);
    // The SPA asks for the Application ID URI's scope; the token's audience is still the bare client id.
    expect(stack.web.apiScope).toBe(`api://${claims.aud}/access_as_user`);
    expect(claims.tid).toMatch(GUID);
    expect(claims.iss).toBe(`${new URL(String(claims.iss)).origin}/${claims.tid}/v2.0`);
    expect(claims.scp).toBe('access_as_user');
    expect(claims.oid).toBeTruthy();
    expect(claims.azp).toBe(stack.web.clientId);
    expect(claims.roles).toEqual(expect.arrayContaining(['Internal']));
    // Entra v2 access tokens have neither: the API must not come to depend on them.
    expect(claims).not.toHaveProperty('scope');
    expect(claims).not.toHaveProperty('client_id');
    expect(await status(stack.tokens.staff)).toBe(200);
  });

  it('is accepted in the exact shape Entra v2 sends', async () => {
    expect(await status(await signed(entraShaped()))).toBe(200);
  });

  it('is refused with the Application ID URI as aud (Entra never sends it; AUTH_AUDIENCE is the client id)', async () => {
    const audience = `api://${inject('stack').settings.AUTH_AUDIENCE}`;
    expect(await status(await signed(entraShaped(), { audience }))).toBe(401);
  });

  it('is refused from another issuer: v1 (sts.windows.net), another tenant in the path, or another authority', async () => {
    const stack = inject('stack');
    const origin = new URL(stack.settings.AUTH_ISSUER).origin;
    for (const issuer of [
      `https://sts.windows.net/${tenant()}/`,
      `${origin}/00000000-0000-0000-0000-000000000000/v2.0`,
      `${origin}/${tenant()}`,
      `https://login.microsoftonline.com/${tenant()}/v2.0`,
    ])
      expect(await status(await signed(entraShaped(), { issuer }))).toBe(401);
  });

  it('is refused without the API scope, from another tenant, or app-only with roles', async () => {
    const { scp: _scp, ...unscoped } = entraShaped();
    const refused = [
      await signed(unscoped),
      await signed({ ...staff, tid: tenant() }),
      await signed({ ...staff, scp: 'User.Read', tid: tenant() }),
      await signed({ ...entraShaped(), tid: '00000000-0000-0000-0000-000000000000' }),
      await signed({ ...staff, scp: 'access_as_user', tid: '00000000-0000-0000-0000-000000000000' }),
      await signed({ sub: 'app', oid: 'app', roles: ['Internal'], tid: tenant(), idtyp: 'app' }),
      await signed({ sub: 'app', oid: 'app', roles: ['Internal', 'Internal.Super'], tid: tenant() }),
    ];
    for (const token of refused) expect(await status(token)).toBe(401);
  });
});
