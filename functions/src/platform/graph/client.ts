import type { Client } from '@microsoft/microsoft-graph-client';
import { readSetting } from '../config/config.ts';
import { graphAppToken, graphIdentity } from './appToken.ts';

let client: Promise<Client> | undefined;

/**
 * A Graph client over the given token source. A non-Microsoft base URL (the local stand-in) is added
 * to `customHosts`, or the SDK would not send the Authorization header to it. Graph's throttling and
 * outages are retried once after about a second: the SDK's default (three retries with growing
 * back-off) keeps a person waiting for 15 seconds or more before a page can say what failed.
 */
async function createGraphClient(getAccessToken: () => Promise<string>): Promise<Client> {
  // The Graph SDK is loaded by the first call that needs it (users, mail, documents), not at start.
  // The SDK is CommonJS: bundled, its exports arrive on `default` (as the shipped package's tests found).
  const loaded = await import('@microsoft/microsoft-graph-client');
  const sdk = 'Client' in loaded && loaded.Client ? loaded : (loaded as unknown as { default: typeof loaded }).default;
  const { AuthenticationHandler, Client, HTTPMessageHandler, RedirectHandler, RetryHandler, RetryHandlerOptions, TelemetryHandler } = sdk;
  const baseUrl = readSetting('GRAPH_BASE_URL') ?? 'https://graph.microsoft.com/';
  const authProvider = { getAccessToken };
  // The SDK's default chain, with a shorter retry policy.
  const telemetry = new TelemetryHandler();
  telemetry.setNext(new HTTPMessageHandler());
  const redirect = new RedirectHandler();
  redirect.setNext(telemetry);
  const retry = new RetryHandler(new RetryHandlerOptions(1, 1));
  retry.setNext(redirect);
  const authentication = new AuthenticationHandler(authProvider);
  authentication.setNext(retry);
  return Client.initWithMiddleware({
    baseUrl: baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`,
    customHosts: new Set([new URL(baseUrl).hostname]),
    middleware: authentication,
  });
}

/**
 * The Graph client with the app's own token (client credentials). The token is got here, before the SDK,
 * which would wrap a refusal in a GraphError (a 500): a setting missing or malformed, or a token refused
 * by the managed identity endpoint or by Entra, is the 503 of `graphAppToken`, logged once.
 */
export async function graphClient(): Promise<Client> {
  // The settings each time (a cached token does not hide one gone wrong), then the token (cached, or got now).
  graphIdentity();
  await graphAppToken();
  client ??= createGraphClient(graphAppToken).catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}

/**
 * A Graph client that calls on behalf of a signed-in user with that user's own delegated token (the
 * document store's token the web app sends), so Graph applies the user's permissions. Not cached.
 */
export function graphClientFor(accessToken: string): Promise<Client> {
  return createGraphClient(async () => accessToken);
}

export function resetGraphClient(): void {
  client = undefined;
}

/** The HTTP status of a Graph failure (the SDK's GraphError carries it as statusCode). */
export function graphStatus(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status > 0 ? status : undefined;
}
