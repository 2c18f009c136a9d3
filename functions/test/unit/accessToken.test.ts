import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyAccessToken } from '../../src/platform/auth/jwt.ts';

// A signing key served as a JWKS, as the identity provider serves it.
const ISSUER = 'https://idp.test/tenant/v2.0';
// Entra v2 tokens name the API by its client id.
const AUDIENCE = '5b1f0c3e-2d4a-4f6b-8c9d-0e1f2a3b4c5d';
let server: Server;
let signingKey: CryptoKey;
let jwksRequests = 0;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  server = createServer((_req, res) => {
    jwksRequests++;
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.AUTH_JWKS_URI = `http://127.0.0.1:${(server.address() as AddressInfo).port}/keys`;
  process.env.AUTH_ISSUER = ISSUER;
  process.env.AUTH_AUDIENCE = AUDIENCE;
});
afterAll(() => {
  server.close();
});
afterEach(() => {
  vi.useRealTimers();
  process.env.AUTH_AUDIENCE = AUDIENCE;
});

function token(claims: Record<string, unknown>, options: { key?: CryptoKey; expiresIn?: string; audience?: string; issuer?: string } = {}) {
  // A delegated token for the API's scope, of the issuer's tenant, as the provider issues them.
  return new SignJWT({ scp: 'access_as_user', tid: 'tenant', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '1h')
    .sign(options.key ?? signingKey);
}

const bearer = (t: string) => `Bearer ${t}`;

describe('access tokens', () => {
  it('accepts a valid token on every request with the same claims', async () => {
    const t = await token({ oid: 'user-1', roles: ['Internal'] });
    const first = await verifyAccessToken(bearer(t));
    const again = await verifyAccessToken(bearer(t));
    expect(first.oid).toBe('user-1');
    expect(again).toEqual(first);
  });

  it('refuses a token that was accepted before, once it has expired', async () => {
    const t = await token({ oid: 'user-2' }, { expiresIn: '5m' });
    await verifyAccessToken(bearer(t));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7 * 60_000 }); // past expiry and the 60 s tolerance
    await expect(verifyAccessToken(bearer(t))).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a token with the same claims signed by another key, after the real one was accepted', async () => {
    const real = await token({ oid: 'user-3', roles: ['Internal.Super'] });
    await verifyAccessToken(bearer(real));
    const forged = await token({ oid: 'user-3', roles: ['Internal.Super'] }, { key: (await generateKeyPair('RS256')).privateKey });
    await expect(verifyAccessToken(bearer(forged))).rejects.toMatchObject({ status: 401 });
    const [header, payload] = real.split('.');
    await expect(verifyAccessToken(bearer(`${header}.${payload}.${forged.split('.')[2]}`))).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a token accepted before when the expected audience changes', async () => {
    const t = await token({ oid: 'user-4' });
    await verifyAccessToken(bearer(t));
    process.env.AUTH_AUDIENCE = 'api://another-api';
    await expect(verifyAccessToken(bearer(t))).rejects.toMatchObject({ status: 401 });
  });

  it('takes the Application ID URI as audience only when configured beside the client id', async () => {
    const uriToken = await token({ oid: 'user-6' }, { audience: `api://${AUDIENCE}` });
    await expect(verifyAccessToken(bearer(uriToken))).rejects.toMatchObject({ status: 401 });
    process.env.AUTH_AUDIENCE = `${AUDIENCE}, api://${AUDIENCE}`;
    await expect(verifyAccessToken(bearer(uriToken))).resolves.toMatchObject({ oid: 'user-6' });
    await expect(verifyAccessToken(bearer(await token({ oid: 'user-7' })))).resolves.toMatchObject({ oid: 'user-7' });
  });

  it('refuses a missing or malformed bearer', async () => {
    await expect(verifyAccessToken(null)).rejects.toMatchObject({ status: 401 });
    await expect(verifyAccessToken('Basic abc')).rejects.toMatchObject({ status: 401 });
    await expect(verifyAccessToken('Bearer not.a.token')).rejects.toMatchObject({ status: 401 });
  });

  it('does not fetch the signing keys per request', async () => {
    const before = jwksRequests;
    for (let i = 0; i < 5; i++) await verifyAccessToken(bearer(await token({ oid: `user-5-${i}` })));
    expect(jwksRequests - before).toBeLessThanOrEqual(1);
  });
});

describe('a token refused for how the API or its registration is set up', () => {
  it('logs the first reason of each kind once, naming what differs, never the token', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // An audience of another API (AUTH_AUDIENCE set to the Application ID URI, or the wrong client id).
      const otherAudience = await token({ oid: 'user-8' }, { audience: 'api://another-api' });
      // A v1.0 token: the registration's manifest does not ask for v2 tokens (issuer sts.windows.net).
      const v1 = await token({ oid: 'user-9', ver: '1.0' }, { issuer: 'https://sts.windows.net/tenant/' });
      const otherIssuer = await token({ oid: 'user-10' }, { issuer: 'https://login.microsoftonline.com/other-tenant/v2.0' });
      for (const t of [otherAudience, v1, otherIssuer, otherAudience, v1, otherIssuer]) {
        await expect(verifyAccessToken(bearer(t))).rejects.toMatchObject({ status: 401, message: 'invalid or expired token' });
      }
      const lines = errors.mock.calls.map((call) => call.join(' '));
      expect(lines).toHaveLength(3);
      expect(lines.filter((line) => /audience/.test(line) && line.includes('api://another-api'))).toHaveLength(1);
      expect(lines.filter((line) => /version/.test(line) && line.includes('1.0') && line.includes('requestedAccessTokenVersion'))).toHaveLength(1);
      expect(lines.filter((line) => /issuer/.test(line) && line.includes('other-tenant') && line.includes(ISSUER))).toHaveLength(1);
      for (const t of [otherAudience, v1, otherIssuer]) for (const part of t.split('.')) expect(lines.join('\n')).not.toContain(part);
    } finally {
      errors.mockRestore();
    }
  });
});
