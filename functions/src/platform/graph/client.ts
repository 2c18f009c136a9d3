import { Client, GraphError } from '@microsoft/microsoft-graph-client';
import { readSetting } from '../config/config.ts';
import { graphAppToken } from './appToken.ts';

let client: Client | undefined;

/**
 * The Graph client with the app's token. A non-Microsoft base URL (the local stand-in) is added to
 * `customHosts`, or the SDK would not send the Authorization header to it.
 */
export function graphClient(): Client {
  if (!client) {
    const baseUrl = readSetting('GRAPH_BASE_URL') ?? 'https://graph.microsoft.com/';
    const host = new URL(baseUrl).hostname;
    client = Client.initWithMiddleware({
      baseUrl: baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`,
      customHosts: new Set([host]),
      authProvider: { getAccessToken: graphAppToken },
    });
  }
  return client;
}

/**
 * A Graph client that calls on behalf of a signed-in user with that user's own delegated token (the
 * document store's token the web app sends), so Graph applies the user's permissions. Not cached.
 */
export function graphClientFor(accessToken: string): Client {
  const baseUrl = readSetting('GRAPH_BASE_URL') ?? 'https://graph.microsoft.com/';
  return Client.initWithMiddleware({
    baseUrl: baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`,
    customHosts: new Set([new URL(baseUrl).hostname]),
    authProvider: { getAccessToken: async () => accessToken },
  });
}

export function resetGraphClient(): void {
  client = undefined;
}

export function graphStatus(error: unknown): number | undefined {
  return error instanceof GraphError ? error.statusCode : undefined;
}
