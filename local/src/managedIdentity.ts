import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPair, SignJWT } from 'jose';
import { TENANT_ID } from './directory.ts';

/**
 * The Function App's user-assigned identity that the API registration trusts as a federated credential
 * (infra: `id-<prefix>-<env>-graph`). Its client id is GRAPH_MANAGED_IDENTITY_CLIENT_ID; its principal
 * (object) id is the `sub` of its tokens, which the federated credential names as its subject.
 */
export const MANAGED_IDENTITY_CLIENT_ID = '4e6f8a0b-2c4d-4e6f-8a0b-2c4d6e8f0a1b';
export const MANAGED_IDENTITY_PRINCIPAL_ID = 'd1c2b3a4-9e8f-4a7b-8c6d-5e4f3a2b1c0d';

/**
 * The Function App's data identity (infra: `id-<prefix>-<env>-data`, AZURE_CLIENT_ID), as Storage sees it:
 * the `oid` a user delegation key is issued to, for the upload SAS of large move documents.
 */
export const DATA_IDENTITY_CLIENT_ID = '5a1e0000-0000-4000-8000-00000000a002';
export const API_IDENTITY_OBJECT_ID = '5a1e0000-0000-4000-8000-00000000a001';

export interface ManagedIdentityStandIn {
  /** IDENTITY_ENDPOINT, as App Service and Functions set it (plain HTTP on the loopback, path /msi/token). */
  endpoint: string;
  /** IDENTITY_HEADER: the value the caller must send as X-IDENTITY-HEADER. */
  header: string;
  stop(): Promise<void>;
}

/** Claims of an app token Entra issues to the identity for `resource`, signed by the identity provider. */
export type IssueIdentityToken = (claims: { sub: string; azp: string; aud: string }) => Promise<{ token: string; expiresOn: number }>;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

/**
 * The managed identity endpoint of App Service and Functions (api-version 2019-08-01): GET IDENTITY_ENDPOINT
 * ?api-version=2019-08-01&resource=…&client_id=…, header X-IDENTITY-HEADER: IDENTITY_HEADER, answered with
 * `{ access_token, expires_on, resource, token_type, client_id }`. @azure/identity's ManagedIdentityCredential
 * (MSAL's App Service source) calls it exactly so in Azure, and is what calls it here. The token itself is
 * Entra's (here: the local identity provider's), as in Azure.
 */
export async function startManagedIdentity(issue: IssueIdentityToken): Promise<ManagedIdentityStandIn> {
  const header = randomBytes(24).toString('hex');
  const { privateKey } = await generateKeyPair('RS256');
  const storageToken = async () => {
    const now = Math.floor(Date.now() / 1000);
    const expiresOn = now + 3600;
    const token = await new SignJWT({ oid: API_IDENTITY_OBJECT_ID, tid: TENANT_ID, appid: DATA_IDENTITY_CLIENT_ID, ver: '1.0' })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(`https://sts.windows.net/${TENANT_ID}/`)
      .setAudience('https://storage.azure.com')
      .setSubject(API_IDENTITY_OBJECT_ID)
      .setIssuedAt(now)
      .setNotBefore(now - 60)
      .setExpirationTime(expiresOn)
      .setJti(randomUUID())
      .sign(privateKey);
    return { token, expiresOn };
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/msi/token' || req.method !== 'GET') return send(res, 404, { error: 'not_found' });
    if (req.headers['x-identity-header'] !== header)
      return send(res, 401, { statusCode: 401, message: 'Unauthorized: the X-IDENTITY-HEADER header is missing or wrong' });
    if (url.searchParams.get('api-version') !== '2019-08-01')
      return send(res, 400, { statusCode: 400, message: `api-version ${url.searchParams.get('api-version')} is not supported: 2019-08-01` });
    const resource = url.searchParams.get('resource');
    if (!resource) return send(res, 400, { statusCode: 400, message: 'resource is required' });
    // The app holds several user-assigned identities: without client_id (a system-assigned one) there is none to pick.
    const clientId = url.searchParams.get('client_id');
    if (clientId !== MANAGED_IDENTITY_CLIENT_ID && clientId !== DATA_IDENTITY_CLIENT_ID)
      return send(res, 400, { statusCode: 400, message: `Unable to load the proper Managed Identity (client_id ${clientId ?? 'missing'})` });
    // Storage: a token shaped as Entra's v1 tokens for Storage (issuer sts.windows.net, audience
    // https://storage.azure.com), which is what Azurite's OAuth option accepts.
    if (/^https:\/\/storage\.azure\.com\/?$/.test(resource)) {
      if (clientId !== DATA_IDENTITY_CLIENT_ID)
        return send(res, 400, { statusCode: 400, message: 'this identity holds no Storage role: the data identity (AZURE_CLIENT_ID) does' });
      storageToken()
        .then(({ token, expiresOn }) =>
          send(res, 200, { access_token: token, expires_on: String(expiresOn), resource, token_type: 'Bearer', client_id: clientId }),
        )
        .catch((error: unknown) => send(res, 500, { statusCode: 500, message: (error as Error).message }));
      return;
    }
    // Either identity gets a token for any other resource, as in Azure: the resource judges it. Entra refuses the
    // data identity's as the Graph registration's assertion (its federated credential names the Graph identity).
    const subject = clientId === MANAGED_IDENTITY_CLIENT_ID ? MANAGED_IDENTITY_PRINCIPAL_ID : API_IDENTITY_OBJECT_ID;
    issue({ sub: subject, azp: clientId, aud: resource.replace(/\/\.default$/, '') })
      .then(({ token, expiresOn }) =>
        send(res, 200, { access_token: token, expires_on: String(expiresOn), resource, token_type: 'Bearer', client_id: clientId }),
      )
      .catch((error: unknown) => send(res, 500, { statusCode: 500, message: (error as Error).message }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/msi/token`,
    header,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
