import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import Provider, { errors } from 'oidc-provider';
import { seededAccounts, TENANT_ID, type Directory } from './directory.ts';
import { MANAGED_IDENTITY_PRINCIPAL_ID, type IssueIdentityToken } from './managedIdentity.ts';

export interface IdpOptions {
  port: number;
  tls: { cert: string; key: string };
  directory: Directory;
  dataDir: string;
  /** Redirect URIs of the SPA (its popup bridge page), e.g. http://localhost:5173/redirect.html. */
  redirectUris: string[];
}

export interface Idp {
  origin: string;
  /** Entra-style authority for MSAL: https://127.0.0.1:PORT/<tenant>. */
  authority: string;
  issuer: string;
  jwksUri: string;
  spaClientId: string;
  /** The `aud` of the API's access tokens: the API registration's client id, as Entra v2 sends it. */
  apiAudience: string;
  /** The scope the SPA asks for: `api://<apiClientId>/access_as_user` (the Application ID URI's scope). */
  apiScope: string;
  graphClientId: string;
  /** The federated credential the API registration holds: the only way its client authenticates. */
  graphFederatedCredential: FederatedCredential;
  /** Tokens Entra issues to a managed identity (the managed identity endpoint's stand-in asks for them). */
  issueIdentityToken: IssueIdentityToken;
  stop(): Promise<void>;
}

export const SPA_CLIENT_ID = '3f1e4c2a-6b7d-4e8f-9a0b-1c2d3e4f5a6b';
/**
 * The API's registration. Entra v2 access tokens (the registration has `requestedAccessTokenVersion: 2`)
 * carry its client id as `aud`, never the Application ID URI the SPA names in its scope; the local
 * provider does the same, so a wrong AUTH_AUDIENCE fails here as it would in Azure.
 */
export const API_CLIENT_ID = 'b5a7c3e1-2d4f-4a6b-8c9d-0e1f2a3b4c5d';
/** The API's Application ID URI: the resource the SPA's scope names (and the resource indicator here). */
export const API_APP_ID_URI = `api://${API_CLIENT_ID}`;
export const API_SCOPE = `${API_APP_ID_URI}/access_as_user`;
export const GRAPH_CLIENT_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
/** The audience Entra requires of a federated credential's assertion (managed identity as a federated credential). */
export const TOKEN_EXCHANGE_AUDIENCE = 'api://AzureADTokenExchange';
export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** An app registration's federated identity credential: whose tokens it accepts in place of a secret. */
export interface FederatedCredential {
  issuer: string;
  subject: string;
  audiences: string[];
}
export const GRAPH_RESOURCE = 'https://graph.microsoft.com';
/** Delegated Graph scope of the document-store token the SPA sends with brokering document calls. */
export const DOCUMENT_STORE_SCOPE = `${GRAPH_RESOURCE}/Sites.Read.All`;

/**
 * MSAL sends no `resource` parameter, so the resource follows the requested scopes: the API scope → the
 * API, the document-store scope → Graph, both (sign-in with extraScopesToConsent) → both at the
 * authorization endpoint. At the token endpoint (`oneOf`: the granted resources) one is picked by scope;
 * without a scope the granted resource is used as it is.
 */
function resourceByScope(scopeParam: unknown, oneOf?: string | readonly string[]): string | string[] | undefined {
  const scopes = String(scopeParam ?? '').split(' ');
  const wanted = [scopes.includes(API_SCOPE) && API_APP_ID_URI, scopes.includes(DOCUMENT_STORE_SCOPE) && GRAPH_RESOURCE].filter((r): r is string => Boolean(r));
  if (oneOf !== undefined) {
    const granted: readonly string[] = typeof oneOf === 'string' ? [oneOf] : oneOf;
    return wanted.find((r) => granted.includes(r)) ?? (granted.includes(API_APP_ID_URI) ? API_APP_ID_URI : granted[0]);
  }
  if (wanted.length === 0) return API_APP_ID_URI;
  return wanted.length === 1 ? wanted[0] : wanted;
}

/** The signing key is kept so that a running API does not hold a stale key across restarts. */
function signingKey(dataDir: string): Record<string, unknown> {
  const file = join(dataDir, 'idp-signing-key.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' };
  writeFileSync(file, JSON.stringify(jwk), { mode: 0o600 });
  return jwk;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) req.destroy();
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

/**
 * A local OpenID Connect provider in Entra ID's URL layout, so that MSAL runs with the same settings
 * shape as in production. People pick a directory account on its sign-in page; there are no passwords.
 */
export async function startIdp(options: IdpOptions): Promise<Idp> {
  const { directory } = options;
  const tenantPath = `/${TENANT_ID}`;
  const mountPath = `${tenantPath}/v2.0`;
  const server = createServer({ cert: options.tls.cert, key: options.tls.key });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}${mountPath}`;
  const jwk = signingKey(options.dataDir);
  const privateKey = createPrivateKey({ key: jwk as JsonWebKey, format: 'jwk' });
  const publicKey = createPublicKey(privateKey);
  // The API registration has no client secret (issue 46): it trusts the Function App's managed identity as a
  // federated credential, as in Azure. The provider below still authenticates its client with a secret, which
  // only this process knows: the token endpoint swaps it in for an assertion it has verified, and for nothing else.
  const graphClientInternalSecret = randomBytes(32).toString('hex');
  const graphFederatedCredential: FederatedCredential = { issuer, subject: MANAGED_IDENTITY_PRINCIPAL_ID, audiences: [TOKEN_EXCHANGE_AUDIENCE] };

  /** As Entra issues a managed identity's app token: v2, `sub`/`oid` the identity's principal, `azp` its client id. */
  const issueIdentityToken: IssueIdentityToken = async ({ sub, azp, aud }) => {
    const now = Math.floor(Date.now() / 1000);
    const expiresOn = now + 3600;
    const token = await new SignJWT({ oid: sub, tid: TENANT_ID, azp, appid: azp, azpacr: '2', idtyp: 'app', ver: '2.0' })
      .setProtectedHeader({ alg: 'RS256', kid: String(jwk.kid), typ: 'JWT' })
      .setIssuer(issuer)
      .setSubject(sub)
      .setAudience(aud)
      .setIssuedAt(now)
      .setNotBefore(now)
      .setExpirationTime(expiresOn)
      .sign(privateKey);
    return { token, expiresOn };
  };

  /**
   * Entra's client authentication of the API registration, which holds a federated credential and no secret:
   * a client secret is refused (AADSTS7000215), and so is an assertion that is not a valid token of the
   * credential's issuer, subject and audience (AADSTS70021). Undefined when the client is authenticated.
   */
  async function graphClientRefusal(form: URLSearchParams, authorization: string | undefined): Promise<string | undefined> {
    if (authorization?.startsWith('Basic ') || form.has('client_secret')) return 'AADSTS7000215: Invalid client secret provided.';
    const assertion = form.get('client_assertion');
    if (!assertion || form.get('client_assertion_type') !== CLIENT_ASSERTION_TYPE)
      return "AADSTS7000218: The request body must contain the following parameter: 'client_assertion' or 'client_secret'.";
    try {
      await jwtVerify(assertion, publicKey, {
        issuer: graphFederatedCredential.issuer,
        subject: graphFederatedCredential.subject,
        audience: graphFederatedCredential.audiences,
        algorithms: ['RS256'],
      });
      return undefined;
    } catch {
      let claims: { iss?: unknown; sub?: unknown; aud?: unknown } = {};
      try {
        claims = decodeJwt(assertion);
      } catch {}
      return `AADSTS70021: No matching federated identity record found for presented assertion. Assertion Issuer: '${String(claims.iss)}'. Assertion Subject: '${String(claims.sub)}'. Assertion Audience: '${String(claims.aud)}'.`;
    }
  }

  const claimsOf = (accountId: string) => {
    const user = directory.byId(accountId);
    if (!user) return undefined;
    return {
      sub: user.id,
      oid: user.id,
      tid: TENANT_ID,
      name: user.displayName,
      preferred_username: user.mail,
      email: user.mail,
      roles: user.roles,
    };
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: SPA_CLIENT_ID,
        client_name: 'Movers portal (local)',
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.redirectUris,
      },
      {
        client_id: GRAPH_CLIENT_ID,
        client_secret: graphClientInternalSecret,
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub', 'oid', 'tid'], profile: ['name', 'preferred_username'], email: ['email'] },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    pkce: { required: () => true },
    clientBasedCORS: () => true,
    findAccount: async (_ctx, sub) => {
      const claims = claimsOf(sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => claims };
    },
    interactions: { url: (_ctx, interaction) => `${tenantPath}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // Sign-out from the portal ends the provider's session without asking again.
        logoutSource: async (ctx, form) => {
          ctx.body = `<!DOCTYPE html><html lang="en"><head><title>Signing out</title></head><body>${form}<script>document.forms[0].submit()</script></body></html>`;
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (ctx, client, oneOf) =>
          client.clientId === GRAPH_CLIENT_ID ? GRAPH_RESOURCE : (resourceByScope(ctx.oidc.params?.scope, oneOf) as string),
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource, client) => {
          if (resource === API_APP_ID_URI && client.clientId === SPA_CLIENT_ID) {
            return { scope: API_SCOPE, audience: API_CLIENT_ID, accessTokenTTL: 3600, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
          }
          if (resource === GRAPH_RESOURCE && client.clientId === SPA_CLIENT_ID) {
            return { scope: DOCUMENT_STORE_SCOPE, audience: GRAPH_RESOURCE, accessTokenTTL: 3600, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
          }
          if (resource === GRAPH_RESOURCE && client.clientId === GRAPH_CLIENT_ID) {
            return {
              scope: `${GRAPH_RESOURCE}/.default`,
              audience: GRAPH_RESOURCE,
              accessTokenTTL: 3600,
              accessTokenFormat: 'jwt',
              jwt: { sign: { alg: 'RS256' } },
            };
          }
          throw new errors.InvalidTarget();
        },
      },
    },
    // Entra puts these in the access token; the API reads roles, oid and name from there.
    extraTokenClaims: async (_ctx, token) => {
      const accountId = (token as { accountId?: string }).accountId;
      if (!accountId) return { roles: ['Graph.App'], tid: TENANT_ID };
      const claims = claimsOf(accountId);
      // Delegated Graph tokens (document store) carry Graph's scope name, API tokens the API's.
      const audience = (token as { resourceServer?: { audience?: string } }).resourceServer?.audience;
      return claims ? { ...claims, scp: audience === GRAPH_RESOURCE ? 'Sites.Read.All' : 'access_as_user' } : {};
    },
    formats: {
      customizers: {
        // Entra v2 access tokens say `ver: 2.0` and name the calling client in `azp`; they have no
        // `client_id` or OAuth `scope` claim (delegated scopes are in `scp`). Shaped the same here, so the
        // API is tested against what Entra sends and cannot come to lean on claims Entra never sets.
        // Graph's tokens (the document store's, the app's) are left as they were: only the Graph stand-in reads them.
        jwt: async (_ctx, _token, jwt) => {
          if (jwt.payload.aud !== API_CLIENT_ID) return;
          const { client_id: clientId, scope: _scope, ...rest } = jwt.payload as Record<string, unknown>;
          jwt.payload = { ...rest, ver: '2.0', azp: clientId };
        },
      },
    },
    // The provider drops offline_access unless consent was prompted; MSAL's silent refresh needs it.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Entra does not revoke a refresh token when it is used ('The Microsoft identity platform doesn't revoke
    // old refresh tokens when used to fetch new access tokens', Refresh tokens in the Microsoft identity
    // platform). oidc-provider rotates a public client's and takes a second use for a stolen token: it revoked
    // the whole sign-in when a page asked for two tokens at once with the token MSAL held, and every later
    // silent request of that page failed. Kept as Entra keeps it: one token, its lifetime from sign-in.
    rotateRefreshToken: false,
    ttl: {
      AccessToken: 3600,
      ClientCredentials: 3600,
      IdToken: 3600,
      // Entra's for a single-page app (the portal, no client secret) is 24 hours from sign-in, redeemed or not;
      // 90 days for other clients.
      RefreshToken: (_ctx, _token, client) => (client.tokenEndpointAuthMethod === 'none' ? 24 * 3600 : 90 * 24 * 3600),
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!DOCTYPE html><html lang="en"><head><title>Sign-in error</title></head><body><main><h1>Sign-in error</h1><pre>${escapeHtml(JSON.stringify(out, null, 2))}</pre></main></body></html>`;
    },
  });
  provider.proxy = false;
  const callback = provider.callback();

  /** Entra keeps a user's consent to an app per resource, beyond the session (the grant) it was given in. */
  const consents = new Map<string, Set<string>>();
  const consentsOf = (accountId: string, clientId: string) => {
    const key = `${accountId} ${clientId}`;
    if (!consents.has(key)) consents.set(key, new Set());
    return consents.get(key)!;
  };

  async function grantConsent(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const { prompt, params, session } = details;
    const accountId = session!.accountId;
    let grant = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
    grant ??= new provider.Grant({ accountId, clientId: String(params.client_id) });
    const missing = prompt.details as { missingOIDCScope?: string[]; missingResourceScopes?: Record<string, string[]> };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(resource, scopes.join(' '));
      consentsOf(accountId, String(params.client_id)).add(resource);
    }
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (details.prompt.name === 'consent') return grantConsent(req, res);
    if (req.method === 'POST' && action === 'login') {
      const accountId = (await readForm(req)).get('account') ?? '';
      if (!directory.byId(accountId)) {
        res.writeHead(400, { 'Content-Type': 'text/plain' }).end('unknown account');
        return;
      }
      // Like Entra: signing in for the first time redeems a pending invitation.
      if (directory.byId(accountId)?.externalUserState === 'PendingAcceptance') directory.update(accountId, { externalUserState: 'Accepted' });
      await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
      return;
    }
    const notes = new Map(seededAccounts.map((a) => [a.id, a.note]));
    const rows = directory
      .all()
      .map(
        (u) => `<li><button type="submit" name="account" value="${escapeHtml(u.id)}"><strong>${escapeHtml(u.mail)}</strong>
          <span>${escapeHtml(u.displayName)} · ${escapeHtml(notes.get(u.id) ?? u.roles.join(', '))}</span></button></li>`,
      )
      .join('');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Sign in – local identity provider</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#201f1e}ul{list-style:none;padding:0;max-width:32rem}li{margin:.5rem 0}
button{width:100%;text-align:left;padding:.75rem 1rem;border:1px solid #8a8886;border-radius:4px;background:#fff;cursor:pointer;font:inherit}
button:hover,button:focus{border-color:#0078d4;outline:2px solid #0078d4}span{display:block;color:#605e5c;font-size:.9rem}</style></head>
<body><main><h1>Pick an account</h1><p>Local identity provider: choose who to sign in as. No password is needed.</p>
<form method="post" action="${tenantPath}/interaction/${escapeHtml(uid)}/login"><ul>${rows}</ul></form></main></body></html>`);
  }

  /**
   * Entra's refresh tokens are multi-resource: one redeems for any resource the user (or an admin) has
   * consented to, and a resource without consent is refused with AADSTS65001. oidc-provider binds a
   * refresh token to the resources and scopes of the authorization that issued it, so the SPA's token
   * from sign-in (the API) could never be refreshed for the document store (Graph), and the token from
   * the document store's consent popup never again for the API. This widens the refresh token to the
   * resource asked for when the grant holds consent for it, and says which resource lacks consent.
   */
  async function refreshAcrossResources(refreshToken: string | null, scope: string | null): Promise<{ unconsented?: string }> {
    if (!refreshToken || !scope) return {};
    const wanted = resourceByScope(scope);
    if (typeof wanted !== 'string') return {};
    const token = await provider.RefreshToken.find(refreshToken);
    const grant = token?.grantId ? await provider.Grant.find(token.grantId) : undefined;
    if (!token || !grant) return {}; // an unknown token is refused by the provider itself
    const resourceScope = wanted === GRAPH_RESOURCE ? DOCUMENT_STORE_SCOPE : API_SCOPE;
    if (!grant.getResourceScopeFiltered(wanted, [resourceScope])) {
      if (!token.accountId || !consentsOf(token.accountId, token.clientId!).has(wanted)) return { unconsented: wanted };
      // Consented in another session: the provider issues the token's scope from this grant.
      grant.addResourceScope(wanted, resourceScope);
      await grant.save();
    }
    const resources = new Set([token.resource ?? []].flat() as string[]);
    const scopes = token.scopes;
    if (resources.has(wanted) && scopes.has(resourceScope)) return {};
    token.resource = [...resources, wanted];
    token.scope = [...scopes, resourceScope].join(' ');
    await token.save();
    return {};
  }

  server.on('request', (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) => {
    const url = req.url ?? '/';
    // Mounted under the issuer path, as oidc-provider expects when req.originalUrl differs from req.url.
    const forward = () => {
      req.originalUrl = url;
      req.url = url.slice(mountPath.length) || '/';
      callback(req, res);
    };
    const match = new RegExp(`^${tenantPath}/interaction/([\\w-]+)(?:/(login))?`).exec(url);
    if (match) {
      interaction(req, res, match[1], match[2]).catch((error) => {
        if (!res.headersSent) res.writeHead(400, { 'Content-Type': 'text/plain' });
        res.end(`sign-in failed: ${(error as Error).message}`);
      });
      return;
    }
    if (req.method === 'POST' && url.split('?')[0] === `${mountPath}/token`) {
      // MSAL asks for offline_access again when it refreshes; the provider leaves that scope out of grants
      // made without prompt=consent and would refuse the refresh ("refresh token missing requested scope").
      readForm(req)
        .then(async (form) => {
          if (form.get('client_id') === GRAPH_CLIENT_ID || req.headers.authorization?.startsWith('Basic ')) {
            const refusal = await graphClientRefusal(form, req.headers.authorization);
            if (refusal) {
              res.writeHead(401, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
              res.end(JSON.stringify({ error: 'invalid_client', error_description: refusal }));
              return;
            }
            form.delete('client_assertion');
            form.delete('client_assertion_type');
            form.set('client_secret', graphClientInternalSecret);
          }
          const scope = form.get('scope');
          const missing = form.get('grant_type') === 'refresh_token' ? (await refreshAcrossResources(form.get('refresh_token'), scope)).unconsented : undefined;
          if (missing) {
            // Entra answers a refresh for a resource the user has not consented to with invalid_grant
            // (AADSTS65001, suberror consent_required), which MSAL turns into an interaction (a popup);
            // oidc-provider's own answer (invalid_scope) would leave MSAL stuck with an error instead.
            // The SPA reads the answer cross-origin, as the provider's own answers allow (clientBasedCORS).
            const origin = req.headers.origin;
            res.writeHead(400, {
              'Content-Type': 'application/json',
              'Cache-Control': 'no-store',
              ...(origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {}),
            });
            res.end(
              JSON.stringify({
                error: 'invalid_grant',
                error_description: `AADSTS65001: The user or administrator has not consented to use the application for ${missing}.`,
                suberror: 'consent_required',
              }),
            );
            return;
          }
          if (form.get('grant_type') === 'refresh_token' && scope)
            form.set(
              'scope',
              scope
                .split(' ')
                .filter((s) => s !== 'offline_access')
                .join(' '),
            );
          (req as IncomingMessage & { body?: unknown }).body = Object.fromEntries(form);
          forward();
        })
        .catch(() => res.writeHead(400).end());
      return;
    }
    if (url.startsWith(mountPath)) return forward();
    res.writeHead(404).end();
  });

  return {
    origin,
    authority: `${origin}${tenantPath}`,
    issuer,
    jwksUri: `${issuer}/jwks`,
    spaClientId: SPA_CLIENT_ID,
    apiAudience: API_CLIENT_ID,
    apiScope: API_SCOPE,
    graphClientId: GRAPH_CLIENT_ID,
    graphFederatedCredential,
    issueIdentityToken,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
