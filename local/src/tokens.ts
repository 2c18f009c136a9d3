import { createHash, randomBytes } from 'node:crypto';

export interface TokenRequest {
  authority: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  /** Account id (oid) or e-mail as listed on the provider's sign-in page. */
  account: string;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

/**
 * Signs in through the local provider's real authorization-code flow with PKCE, the same protocol MSAL
 * uses, but scripted: the account is picked on the sign-in page by form post. Used by the API tests
 * and `npm run token`.
 */
export async function acquireToken(request: TokenRequest): Promise<{ accessToken: string; idToken: string; refreshToken?: string }> {
  const discovery = (await (await fetch(`${request.authority}/v2.0/.well-known/openid-configuration`)).json()) as {
    authorization_endpoint: string;
    token_endpoint: string;
  };
  const verifier = b64url(randomBytes(32));
  const challenge = b64url(createHash('sha256').update(verifier).digest());
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  const authorize = new URL(discovery.authorization_endpoint);
  authorize.search = new URLSearchParams({
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: request.scope,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: b64url(randomBytes(8)),
    nonce: b64url(randomBytes(8)),
    prompt: 'login',
  }).toString();

  let url = authorize.toString();
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: cookieHeader() } });
    remember(response);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.toString().startsWith(request.redirectUri)) {
        const code = next.searchParams.get('code');
        if (!code) throw new Error(`sign-in failed: ${next.searchParams.get('error_description') ?? next.search}`);
        const token = await fetch(discovery.token_endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: request.redirectUri,
            client_id: request.clientId,
            code_verifier: verifier,
          }),
        });
        const body = (await token.json()) as { access_token?: string; id_token?: string; refresh_token?: string; error_description?: string };
        if (!body.access_token) throw new Error(`token request failed: ${body.error_description ?? token.status}`);
        return { accessToken: body.access_token, idToken: body.id_token!, refreshToken: body.refresh_token };
      }
      url = next.toString();
      init = {};
      continue;
    }
    const html = await response.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`unexpected page from the identity provider (${response.status}): ${html.slice(0, 200)}`);
    const wanted = request.account.toLowerCase();
    const accounts = [...html.matchAll(/value="([^"]+)"><strong>([^<]+)<\/strong>/g)];
    const account = accounts.find(([, id, mail]) => id.toLowerCase() === wanted || mail.toLowerCase() === wanted);
    if (!account) throw new Error(`no account ${request.account} at the identity provider`);
    url = new URL(action, url).toString();
    init = { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ account: account[1] }).toString() };
  }
  throw new Error('too many redirects during sign-in');
}
