import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPair, SignJWT } from 'jose';
import { TENANT_ID } from './directory.ts';

export interface ManagedIdentityStandIn {
  /** What App Service gives a Function App with an identity: `IDENTITY_ENDPOINT` and `IDENTITY_HEADER`. */
  settings: { IDENTITY_ENDPOINT: string; IDENTITY_HEADER: string };
  stop(): Promise<void>;
}

/** The API's identity as Storage sees it (the `oid` a user delegation key is issued to). */
export const API_IDENTITY_OBJECT_ID = '5a1e0000-0000-4000-8000-00000000a001';

/**
 * The App Service managed identity endpoint (api-version 2019-08-01) the API's DefaultAzureCredential
 * asks for tokens, as it does in Azure: so the Storage calls that only a token may make (Get User
 * Delegation Key, for the upload SAS of large move documents) run the same code locally. It issues
 * Storage tokens only, shaped as Entra's v1 tokens for Storage (issuer sts.windows.net, audience
 * https://storage.azure.com), which is what Azurite's OAuth option accepts.
 */
export async function startManagedIdentity(): Promise<ManagedIdentityStandIn> {
  const secret = randomBytes(16).toString('hex');
  const { privateKey } = await generateKeyPair('RS256');
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const resource = url.searchParams.get('resource') ?? '';
    const answer = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['x-identity-header'] !== secret) return answer(401, { error: 'missing or wrong X-IDENTITY-HEADER' });
    if (!/^https:\/\/storage\.azure\.com\/?$/.test(resource)) return answer(400, { error: `no token for '${resource}' here: Storage only` });
    const now = Math.floor(Date.now() / 1000);
    const expiresOn = now + 3600;
    const token = await new SignJWT({ oid: API_IDENTITY_OBJECT_ID, tid: TENANT_ID, appid: API_IDENTITY_OBJECT_ID, ver: '1.0' })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(`https://sts.windows.net/${TENANT_ID}/`)
      .setAudience('https://storage.azure.com')
      .setSubject(API_IDENTITY_OBJECT_ID)
      .setIssuedAt(now)
      .setNotBefore(now - 60)
      .setExpirationTime(expiresOn)
      .setJti(randomUUID())
      .sign(privateKey);
    answer(200, { access_token: token, expires_on: String(expiresOn), resource, token_type: 'Bearer', client_id: API_IDENTITY_OBJECT_ID });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    settings: { IDENTITY_ENDPOINT: `http://127.0.0.1:${port}/msi/token`, IDENTITY_HEADER: secret },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
