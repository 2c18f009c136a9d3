import type { TokenCredential } from '@azure/identity';
import { readSetting } from '../config/config.ts';
import type { PlainSettingName } from '../config/config.ts';
import { serviceUnavailable } from '../http/errors.ts';
import { tokenGranted, tokenRefused } from '../azure/credential.ts';

interface CachedToken {
  value: string;
  expiresAt: number;
}

let cached: CachedToken | undefined;
let tokenEndpoint: string | undefined;
let identity: { clientId: string; credential: Promise<TokenCredential> } | undefined;

const FEATURE = 'Microsoft Graph (the directory and mail)';
/** The steps of a Graph token, each naming the setting or the deployment step that fixes its refusal. */
const STEPS = {
  discovery: 'the sign-in authority GRAPH_AUTHORITY did not answer with its OpenID discovery document',
  identity:
    "the managed identity endpoint gave no token to the Graph identity GRAPH_MANAGED_IDENTITY_CLIENT_ID (it must be the Function App's identity id-<prefix>-<env>-graph)",
  federation:
    "Entra refused the token request of the API registration GRAPH_CLIENT_ID: its federated credential for the Graph identity is missing or wrong (infra/README.md: add the API registration's federated credential after 'pulumi up')",
};

/** The audience Entra requires of a managed identity's token used as a federated credential's assertion. */
const TOKEN_EXCHANGE_SCOPE = 'api://AzureADTokenExchange/.default';
const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const CLIENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const logged = new Map<string, string>();

/** A Graph setting that cannot be used: logged once per setting and reason, and the caller gets 503. */
function refuse(name: PlainSettingName, problem: string): never {
  if (logged.get(name) !== problem) {
    logged.set(name, problem);
    console.error(`setting ${name} cannot be used: ${problem}; ${FEATURE} is off until it is set right`);
  }
  throw serviceUnavailable(`${FEATURE} is not configured on the server: try again later`);
}

function clientIdSetting(name: PlainSettingName): string {
  const value = readSetting(name, FEATURE)?.trim();
  if (value === undefined || value === '') return refuse(name, 'it is not set');
  // An unresolved Key Vault reference or a name in place of the id fails here, before any request.
  if (!CLIENT_ID.test(value)) return refuse(name, 'it is not a client id (a GUID)');
  logged.delete(name);
  return value;
}

/**
 * What the app authenticates to Graph with: the API registration (GRAPH_CLIENT_ID), which holds no secret
 * but trusts the Function App's user-assigned identity (GRAPH_MANAGED_IDENTITY_CLIENT_ID) as a federated
 * credential. Throws 503 (logged once) when a setting is missing or malformed.
 */
export function graphIdentity(): { authority: string; clientId: string; managedIdentityClientId: string } {
  const clientId = clientIdSetting('GRAPH_CLIENT_ID');
  const managedIdentityClientId = clientIdSetting('GRAPH_MANAGED_IDENTITY_CLIENT_ID');
  const authority = readSetting('GRAPH_AUTHORITY', FEATURE)?.trim();
  if (authority === undefined) return refuse('GRAPH_AUTHORITY', 'it is not set');
  if (!URL.canParse(authority) || new URL(authority).protocol !== 'https:') return refuse('GRAPH_AUTHORITY', 'it is not an https address');
  logged.delete('GRAPH_AUTHORITY');
  return { authority: authority.replace(/\/$/, ''), clientId, managedIdentityClientId };
}

/**
 * The managed identity's token for api://AzureADTokenExchange: the client assertion. In Azure it comes from
 * the Functions host's managed identity endpoint (IDENTITY_ENDPOINT, IDENTITY_HEADER), locally from its
 * stand-in at the same variables. @azure/identity (with MSAL) is loaded on the first Graph call.
 */
async function managedIdentityAssertion(clientId: string): Promise<string> {
  if (identity?.clientId !== clientId) {
    const credential = import('@azure/identity').then((loaded) => {
      // As in azure/credential.ts: the bundle may hand the CommonJS build over on `default`.
      const { ManagedIdentityCredential } = 'ManagedIdentityCredential' in loaded ? loaded : (loaded as unknown as { default: typeof loaded }).default;
      return new ManagedIdentityCredential({ clientId });
    });
    identity = { clientId, credential };
  }
  const token = await (await identity.credential).getToken(TOKEN_EXCHANGE_SCOPE);
  if (!token) throw new Error('the managed identity returned no token');
  return token.token;
}

/**
 * An app-only token for Microsoft Graph: the OAuth 2.0 client-credentials grant with the managed identity's
 * token as the client assertion (Entra's 'managed identity as a federated identity credential'), so no
 * secret exists that could leak. The token endpoint comes from the authority's OpenID discovery document,
 * so the same code works against Entra ID and against the local identity provider.
 */
export async function graphAppToken(): Promise<string> {
  if (cached && cached.expiresAt > Date.now() + 60_000) return cached.value;
  // Read first: a missing or malformed setting is 503 and nothing is asked of anyone.
  const { authority, clientId, managedIdentityClientId } = graphIdentity();
  // Each step that can refuse is 503 naming what to fix, logged once until it succeeds again (tokenRefused).
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    let result: T;
    try {
      result = await run();
    } catch (error) {
      throw tokenRefused(FEATURE, name, error);
    }
    tokenGranted(FEATURE, name);
    return result;
  };
  tokenEndpoint ??= await step(STEPS.discovery, async () => {
    const discovery = await fetch(`${authority}/v2.0/.well-known/openid-configuration`);
    if (!discovery.ok) throw new Error(`the authority answered ${discovery.status}`);
    return ((await discovery.json()) as { token_endpoint: string }).token_endpoint;
  });
  const assertion = await step(STEPS.identity, () => managedIdentityAssertion(managedIdentityClientId));
  const body = await step(STEPS.federation, async () => {
    const response = await fetch(tokenEndpoint!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_assertion_type: CLIENT_ASSERTION_TYPE,
        client_assertion: assertion,
        scope: readSetting('GRAPH_SCOPE') ?? 'https://graph.microsoft.com/.default',
      }),
    });
    if (!response.ok) {
      // Entra's reason (AADSTS70021: no federated credential matches, …) names no secret: it says what to fix.
      const reason = ((await response.json().catch(() => ({}))) as { error_description?: string }).error_description;
      throw new Error(`Entra answered ${response.status}${reason ? `: ${reason.split('\n')[0]}` : ''}`);
    }
    return (await response.json()) as { access_token: string; expires_in: number };
  });
  cached = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
  return cached.value;
}

export function resetGraphToken(): void {
  cached = undefined;
  tokenEndpoint = undefined;
  identity = undefined;
}
