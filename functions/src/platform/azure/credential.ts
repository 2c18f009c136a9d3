import type { AccessToken, GetTokenOptions, TokenCredential } from '@azure/identity';
import { serviceUnavailable, type HttpError } from '../http/errors.ts';

let credential: Promise<TokenCredential> | undefined;

/** The cause last logged for each step of getting a token, so that each is logged once, not on every request. */
const logged = new Map<string, string>();

/**
 * Why a token was refused, in one line that is the same each time for the same cause: DefaultAzureCredential's
 * reason is that of the managed identity among the credentials it tried, and Entra's and MSAL's trace and
 * correlation ids and times (new on each request) are left out.
 */
function reasonOf(error: unknown): string {
  const tried = (error as { errors?: unknown } | null)?.errors;
  const chosen = Array.isArray(tried) ? (tried.find((e) => /ManagedIdentityCredential/.test(String((e as Error)?.message))) ?? tried[0]) : error;
  const message = chosen instanceof Error ? chosen.message : String(chosen);
  return message
    .split('\n')[0]
    .replace(/ - (Timestamp|Trace ID|Correlation ID): .*?(?= - [A-Z][A-Za-z ]*: |$)/g, '')
    .trim();
}

/**
 * A token the app's identity could not get (a setting missing or wrong, the identity endpoint or Entra
 * refusing): logged once per step and reason until the step succeeds again, and the caller gets 503 naming
 * the step, which names the setting or the deployment step to fix. Never a 500 logged on every request.
 */
export function tokenRefused(feature: string, step: string, reason: unknown): HttpError {
  const cause = reasonOf(reason);
  if (logged.get(`${feature}: ${step}`) !== cause) {
    logged.set(`${feature}: ${step}`, cause);
    console.error(`${feature} is unavailable: ${step} (${cause}); it stays off until that is fixed`);
  }
  return serviceUnavailable(`${feature} is unavailable: ${step}. Try again later`);
}

/** The step got its token: a later refusal is logged again. */
export function tokenGranted(feature: string, step: string): void {
  logged.delete(`${feature}: ${step}`);
}

const STORAGE = 'Azure Storage (files and queues)';

/**
 * Storage refusing a request of the app's data identity for want of a role (403 AuthorizationPermissionMismatch:
 * no Storage Blob Data Contributor, or no Storage Blob Delegator for the user delegation key of an upload SAS):
 * the same 503 as a refused token, naming AZURE_CLIENT_ID and the roles, logged once. Anything else: undefined.
 */
export function refusedByStorage(error: unknown): HttpError | undefined {
  const { statusCode, code } = (error ?? {}) as { statusCode?: unknown; code?: unknown };
  if (statusCode !== 403 || code !== 'AuthorizationPermissionMismatch') return undefined;
  return tokenRefused(
    STORAGE,
    "Storage refused the app's data identity (setting AZURE_CLIENT_ID) for want of a role: it needs Storage Blob Data Contributor and Storage Blob Delegator, which 'pulumi up' grants",
    `${code}: ${reasonOf(error)}`,
  );
}

/** What needs the token, by its scope (Storage's blobs and queues, Cosmos DB), for the 503 and the log. */
function featureOf(scopes: string | string[]): string {
  const scope = Array.isArray(scopes) ? scopes.join(' ') : scopes;
  if (/storage\.azure\.com/.test(scope)) return STORAGE;
  if (/documents\.azure\.com|cosmos/.test(scope)) return 'Cosmos DB (the database)';
  return 'An Azure service';
}

/**
 * The app's managed identity in Azure (DefaultAzureCredential with AZURE_CLIENT_ID, the data identity), for
 * Cosmos DB and Blob Storage where their keys are off. @azure/identity (with MSAL, about 1 MB of the bundle)
 * is loaded on the first token request, not when the app starts: locally the emulators take keys and only
 * the upload SAS asks for one. A token refused (no AZURE_CLIENT_ID, an identity the endpoint does not know
 * or that holds no role) is 503 naming AZURE_CLIENT_ID, logged once (`tokenRefused`).
 */
export function azureCredential(): TokenCredential {
  return {
    async getToken(scopes: string | string[], options?: GetTokenOptions): Promise<AccessToken | null> {
      credential ??= import('@azure/identity').then((loaded) => {
        // Whether the bundle took the ES module or the CommonJS build, the class is found (Graph's SDK, a
        // CommonJS one, arrives on `default`; locally nothing asks for a token, so no test would see it).
        const { DefaultAzureCredential } = 'DefaultAzureCredential' in loaded ? loaded : (loaded as unknown as { default: typeof loaded }).default;
        return new DefaultAzureCredential();
      });
      const feature = featureOf(scopes);
      const step = `the managed identity endpoint gave no token to the app's data identity (setting AZURE_CLIENT_ID, the identity id-<prefix>-<env>-data, which 'pulumi up' gives its Storage roles)`;
      try {
        const token = await (await credential).getToken(scopes, options);
        if (!token) throw new Error('the managed identity returned no token');
        tokenGranted(feature, step);
        return token;
      } catch (error) {
        throw tokenRefused(feature, step, error);
      }
    },
  };
}
