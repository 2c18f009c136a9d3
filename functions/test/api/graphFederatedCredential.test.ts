import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { graphAppToken, resetGraphToken } from '@movers/functions/src/platform/graph/appToken.ts';
import { settings as settingList } from '@movers/functions/src/platform/config/settings.ts';

// Issue 46: the API registration holds no client secret. It trusts the Function App's user-assigned identity
// as a federated credential: the API asks the managed identity endpoint for a token for
// api://AzureADTokenExchange and sends it as the client assertion of the client-credentials request. The
// local identity provider authenticates the client only so, against the same kind of credential.

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const stack = () => inject('stack');

async function tokenEndpoint(): Promise<string> {
  const discovery = await fetch(`${stack().settings.GRAPH_AUTHORITY}/v2.0/.well-known/openid-configuration`);
  return ((await discovery.json()) as { token_endpoint: string }).token_endpoint;
}

async function requestGraphToken(credential: Record<string, string>) {
  const answer = await fetch(await tokenEndpoint(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: stack().settings.GRAPH_CLIENT_ID,
      scope: 'https://graph.microsoft.com/.default',
      ...credential,
    }),
  });
  return { status: answer.status, body: (await answer.json()) as { access_token?: string; error?: string; error_description?: string } };
}

/** The managed identity endpoint as App Service's clients call it (api-version 2019-08-01). */
async function managedIdentityToken(query: Record<string, string>, header = stack().settings.IDENTITY_HEADER) {
  const url = new URL(stack().settings.IDENTITY_ENDPOINT);
  for (const [name, value] of Object.entries({ 'api-version': '2019-08-01', ...query })) url.searchParams.set(name, value);
  const answer = await fetch(url, { headers: header ? { 'X-IDENTITY-HEADER': header } : {} });
  return { status: answer.status, body: (await answer.json()) as Record<string, string> };
}

const assertionQuery = () => ({ resource: 'api://AzureADTokenExchange', client_id: stack().settings.GRAPH_MANAGED_IDENTITY_CLIENT_ID });

/** A token signed with the identity provider's own key (as Entra would sign one), with the claims given. */
async function signedByTheProvider(claims: { sub: string; aud: string; iss?: string }) {
  const jwk = JSON.parse(readFileSync(join(stack().dataDir, 'idp-signing-key.json'), 'utf8'));
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setIssuer(claims.iss ?? stack().settings.AUTH_ISSUER)
    .setSubject(claims.sub)
    .setAudience(claims.aud)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(createPrivateKey({ key: jwk, format: 'jwk' }));
}

beforeAll(() => {
  // This worker asks for Graph tokens as the Functions app does, with the app's own settings and environment.
  Object.assign(process.env, stack().settings);
  resetGraphToken();
});

describe('Graph tokens without a secret: the managed identity as a federated credential', () => {
  it('no Graph secret is a setting any more: Key Vault holds only the visitor session key', () => {
    expect(settingList.filter((s) => 'secret' in s && s.secret).map((s) => s.name)).toEqual(['VISITOR_SESSION_SECRET']);
    expect(settingList.map((s) => s.name).filter((name) => /GRAPH.*SECRET/.test(name))).toEqual([]);
    expect(Object.keys(stack().settings).filter((name) => /SECRET/.test(name))).toEqual(['VISITOR_SESSION_SECRET']);
  });

  it('the managed identity endpoint answers as App Service does: the header is required, the identity is named by client_id', async () => {
    expect((await managedIdentityToken(assertionQuery(), '')).status).toBe(401);
    expect((await managedIdentityToken(assertionQuery(), 'wrong')).status).toBe(401);
    expect((await managedIdentityToken({ resource: 'api://AzureADTokenExchange', client_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(400);
    const { status, body } = await managedIdentityToken(assertionQuery());
    expect(status).toBe(200);
    expect(body).toMatchObject({ resource: 'api://AzureADTokenExchange', token_type: 'Bearer', client_id: stack().settings.GRAPH_MANAGED_IDENTITY_CLIENT_ID });
    expect(Number(body.expires_on)).toBeGreaterThan(Date.now() / 1000);
    expect(decodeJwt(body.access_token)).toMatchObject({
      iss: stack().settings.AUTH_ISSUER,
      aud: 'api://AzureADTokenExchange',
      azp: stack().settings.GRAPH_MANAGED_IDENTITY_CLIENT_ID,
      idtyp: 'app',
    });
  });

  it('the identity provider refuses a client secret for the API registration, the one the local stack used to have included', async () => {
    for (const secret of ['local-graph-client-secret', 'x'.repeat(40)]) {
      const { status, body } = await requestGraphToken({ client_secret: secret });
      expect(status).toBe(401);
      expect(body.error).toBe('invalid_client');
      expect(body.error_description).toMatch(/^AADSTS7000215/);
    }
    const none = await requestGraphToken({});
    expect(none.status).toBe(401);
    expect(none.body.error_description).toMatch(/^AADSTS7000218/);
  });

  it('refuses an assertion the federated credential does not name: another subject, audience or issuer, another key', async () => {
    const identity = decodeJwt((await managedIdentityToken(assertionQuery())).body.access_token);
    const wrong = [
      await signedByTheProvider({ sub: '00000000-0000-4000-8000-000000000001', aud: 'api://AzureADTokenExchange' }),
      await signedByTheProvider({ sub: String(identity.sub), aud: 'https://graph.microsoft.com' }),
      await signedByTheProvider({ sub: String(identity.sub), aud: 'api://AzureADTokenExchange', iss: 'https://login.microsoftonline.com/other/v2.0' }),
      await new SignJWT({})
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuer(stack().settings.AUTH_ISSUER)
        .setSubject(String(identity.sub))
        .setAudience('api://AzureADTokenExchange')
        .setExpirationTime('10m')
        .sign(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey),
      // The managed identity's token for another resource (Graph itself) is no assertion either.
      (await managedIdentityToken({ ...assertionQuery(), resource: 'https://graph.microsoft.com' })).body.access_token,
    ];
    for (const assertion of wrong) {
      const { status, body } = await requestGraphToken({ client_assertion_type: ASSERTION_TYPE, client_assertion: assertion });
      expect(status).toBe(401);
      expect(body.error_description).toMatch(/^AADSTS70021: No matching federated identity record found/);
    }
    // The right assertion with the wrong type is refused as none.
    const token = (await managedIdentityToken(assertionQuery())).body.access_token;
    expect((await requestGraphToken({ client_assertion_type: 'urn:other', client_assertion: token })).status).toBe(401);
  });

  it("accepts the managed identity's token as the assertion, and Graph accepts the token it gives", async () => {
    const assertion = (await managedIdentityToken(assertionQuery())).body.access_token;
    const { status, body } = await requestGraphToken({ client_assertion_type: ASSERTION_TYPE, client_assertion: assertion });
    expect(status).toBe(200);
    expect(decodeJwt(body.access_token!)).toMatchObject({ aud: 'https://graph.microsoft.com' });
  });

  it('the API gets its Graph token this way (@azure/identity against the managed identity endpoint), and Graph answers it', async () => {
    const token = await graphAppToken();
    expect(decodeJwt(token)).toMatchObject({ aud: 'https://graph.microsoft.com', client_id: stack().settings.GRAPH_CLIENT_ID });
    const users = await fetch(`${stack().settings.GRAPH_BASE_URL}v1.0/users?$top=1`, { headers: { Authorization: `Bearer ${token}` } });
    expect(users.status).toBe(200);
  });
});
