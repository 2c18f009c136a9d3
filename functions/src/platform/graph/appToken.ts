import { readSetting, requireSecret, requireSetting } from '../config/config.ts';

interface CachedToken {
  value: string;
  expiresAt: number;
}

let cached: CachedToken | undefined;
let tokenEndpoint: string | undefined;

/**
 * An app-only token for Microsoft Graph through the OAuth 2.0 client-credentials grant. The token
 * endpoint comes from the authority's OpenID discovery document, so the same code works against
 * Entra ID and against the local identity provider.
 */
export async function graphAppToken(): Promise<string> {
  if (cached && cached.expiresAt > Date.now() + 60_000) return cached.value;
  // Read first: an unusable secret (an unresolved Key Vault reference) is 503 and is never sent anywhere.
  const clientSecret = graphClientSecret();
  const authority = requireSetting('GRAPH_AUTHORITY').replace(/\/$/, '');
  if (!tokenEndpoint) {
    const discovery = await fetch(`${authority}/v2.0/.well-known/openid-configuration`);
    if (!discovery.ok) throw new Error(`Graph authority discovery failed: ${discovery.status}`);
    tokenEndpoint = ((await discovery.json()) as { token_endpoint: string }).token_endpoint;
  }
  const response = await fetch(tokenEndpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: requireSetting('GRAPH_CLIENT_ID'),
      client_secret: clientSecret,
      scope: readSetting('GRAPH_SCOPE') ?? 'https://graph.microsoft.com/.default',
    }),
  });
  if (!response.ok) throw new Error(`Graph token request failed: ${response.status}`);
  const body = (await response.json()) as { access_token: string; expires_in: number };
  cached = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
  return cached.value;
}

/** The app registration's client secret; 503 when it is missing, unresolved or too short (config/config.ts). */
export const graphClientSecret = () => requireSecret('GRAPH_CLIENT_SECRET', { feature: 'Microsoft Graph (the directory and mail)', minLength: 16 });

export function resetGraphToken(): void {
  cached = undefined;
  tokenEndpoint = undefined;
}
