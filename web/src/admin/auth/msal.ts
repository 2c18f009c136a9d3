import { PublicClientApplication, type Configuration } from '@azure/msal-browser';
import type { AppConfig } from '../../common/config.ts';
import { heldMetadata, rememberMetadata } from './authorityMetadata.ts';

/** Scopes of the sign-in request (spec part 1, section 4) plus the API's own scope for its access token. */
export const loginScopes = (config: AppConfig) => ['openid', 'profile', 'offline_access', config.apiScope];

export async function createMsal(config: AppConfig): Promise<PublicClientApplication> {
  const metadata = heldMetadata(config.authority);
  if (!metadata) rememberMetadata(config.authority);
  const msalConfig: Configuration = {
    auth: {
      clientId: config.clientId,
      authority: config.authority,
      knownAuthorities: config.knownAuthorities,
      ...(metadata ? { authorityMetadata: metadata } : {}),
      redirectUri: `${window.location.origin}/redirect.html`,
      postLogoutRedirectUri: `${window.location.origin}/redirect.html`,
    },
    // The spec keeps the token in local storage, so a new tab stays signed in.
    cache: { cacheLocation: 'localStorage' },
  };
  const instance = new PublicClientApplication(msalConfig);
  await instance.initialize();
  return instance;
}
