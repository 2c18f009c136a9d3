import { importJWK, SignJWT } from 'jose';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { call } from './call.ts';

/** Tokens signed with the identity provider's own key: only their claims differ from real ones. */
async function signed(claims: Record<string, unknown>) {
  const stack = inject('stack');
  const jwk = JSON.parse(readFileSync(join(stack.dataDir, 'idp-signing-key.json'), 'utf8'));
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setIssuer(stack.settings.AUTH_ISSUER)
    .setAudience(stack.settings.AUTH_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(key);
}

const staff = { sub: 'u0000000-0000-4000-8000-000000000002', oid: 'u0000000-0000-4000-8000-000000000002', name: 'Stian Staff', roles: ['Internal'] };
const tenant = () => inject('stack').settings.AUTH_ISSUER.split('/')[3];
const asBearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

describe('what an access token must be', () => {
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
