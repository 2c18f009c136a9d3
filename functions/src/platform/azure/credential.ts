import type { AccessToken, GetTokenOptions, TokenCredential } from '@azure/identity';

let credential: Promise<TokenCredential> | undefined;

/**
 * The app's managed identity in Azure (DefaultAzureCredential), for Cosmos DB and Blob Storage where
 * their keys are off. @azure/identity (with MSAL, about 1 MB of the bundle) is loaded on the first token
 * request, not when the app starts: locally the emulators take keys and never ask for one.
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
      return (await credential).getToken(scopes, options);
    },
  };
}
