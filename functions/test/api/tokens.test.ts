import { decodeJwt, importJWK, SignJWT } from 'jose';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { call } from './call.ts';

/** Tokens signed with the identity provider's own key: only their claims differ from real ones. */
async function signed(claims: Record<string, unknown>, overrides: { issuer?: string; audience?: string } = {}) {
  const stack = inject('stack');
  const jwk = JSON.parse(readFileSync(join(stack.dataDir, 'idp-signing-key.json'), 'utf8'));
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setIssuer(overrides.issuer ?? stack.settings.AUTH_ISSUER)
    .setAudience(overrides.audience ?? stack.settings.AUTH_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(key);
}

const staff = { sub: 'u0000000-0000-4000-8000-000000000002', oid: 'u0000000-0000-4000-8000-000000000002', name: 'Stian Staff', roles: ['Internal'] };
const tenant = () => inject('stack').settings.AUTH_ISSUER.split('/')[3];
const asBearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

describe('what an access token must be', () => {
  it("is shaped as Entra issues v2 tokens for this API, and so are the local provider's", () => {
    const stack = inject('stack');
    const claims = decodeJwt(stack.tokens.staff);
    const guid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(claims.ver).toBe('2.0');
    // The audience is the API's client id, never its Application ID URI (the scope's prefix).
    expect(claims.aud).toMatch(guid);
    expect(stack.web.apiScope).toBe(`api://${claims.aud}/access_as_user`);
    expect(stack.settings.AUTH_AUDIENCE).toBe(claims.aud);
    expect(claims.iss).toBe(`${stack.web.authority}/v2.0`);
    expect(claims.tid).toMatch(guid);
    expect(claims.iss).toContain(`/${claims.tid}/v2.0`);
    expect(claims.scp).toBe('access_as_user');
    expect(claims.azp).toBe(stack.idp.clientId);
    expect(claims.oid).toBeTruthy();
  });

  it('is refused with the Application ID URI as audience (unless configured), or from another issuer', async () => {
    const stack = inject('stack');
    const good = { ...staff, scp: 'access_as_user', tid: tenant() };
    const appIdUri = await signed(good, { audience: `api://${stack.settings.AUTH_AUDIENCE}` });
    expect((await call('anonymous', 'GET', '/v1/clients', asBearer(appIdUri))).status).toBe(401);
    const otherIssuer = await signed(good, { issuer: `https://login.microsoftonline.com/${tenant()}/v2.0` });
    expect((await call('anonymous', 'GET', '/v1/clients', asBearer(otherIssuer))).status).toBe(401);
    const v1Issuer = await signed(good, { issuer: `https://sts.windows.net/${tenant()}/` });
    expect((await call('anonymous', 'GET', '/v1/clients', asBearer(v1Issuer))).status).toBe(401);
  });

  it('is accepted with the API scope and the tenant, as the provider issues it', async () => {
    const token = await signed({ ...staff, scp: 'access_as_user', tid: tenant() });
    expect((await call('anonymous', 'GET', '/v1/clients', asBearer(token))).status).toBe(200);
  });

  it('is refused without the API scope, from another tenant, or app-only with roles', async () => {
    const refused = [
      await signed({ ...staff, tid: tenant() }),
      await signed({ ...staff, scp: 'User.Read', tid: tenant() }),
      await signed({ ...staff, scp: 'access_as_user', tid: '00000000-0000-0000-0000-000000000000' }),
      await signed({ sub: 'app', oid: 'app', roles: ['Internal'], tid: tenant(), idtyp: 'app' }),
      await signed({ sub: 'app', oid: 'app', roles: ['Internal', 'Internal.Super'], tid: tenant() }),
    ];
    for (const token of refused) expect((await call('anonymous', 'GET', '/v1/clients', asBearer(token))).status).toBe(401);
  });
});
