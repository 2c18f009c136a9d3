import {
  Client,
  GraphError,
  HTTPMessageHandler,
  RedirectHandler,
  RetryHandler,
  RetryHandlerOptions,
  TelemetryHandler,
  AuthenticationHandler,
} from '@microsoft/microsoft-graph-client';
import { readSetting } from '../config/config.ts';
import { graphAppToken } from './appToken.ts';

let client: Client | undefined;

/**
 * A Graph client over the given token source. A non-Microsoft base URL (the local stand-in) is added
 * to `customHosts`, or the SDK would not send the Authorization header to it. Graph's throttling and
 * outages are retried once after about a second: the SDK's default (three retries with growing
 * back-off) keeps a person waiting for 15 seconds or more before a page can say what failed.
 */
function createGraphClient(getAccessToken: () => Promise<string>): Client {
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

/** The Graph client with the app's own token (client credentials). */
export function graphClient(): Client {
  client ??= createGraphClient(graphAppToken);
  return client;
}

/**
 * A Graph client that calls on behalf of a signed-in user with that user's own delegated token (the
 * document store's token the web app sends), so Graph applies the user's permissions. Not cached.
 */
export function graphClientFor(accessToken: string): Client {
  return createGraphClient(async () => accessToken);
}

export function resetGraphClient(): void {
  client = undefined;
}

export function graphStatus(error: unknown): number | undefined {
  return error instanceof GraphError ? error.statusCode : undefined;
}
