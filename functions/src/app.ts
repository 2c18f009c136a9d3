import type { HttpRequest, HttpResponseInit, InvocationContext } from '@azure/functions';
import { preflight } from './platform/http/cors.ts';
import { toAzureHandler, withSecurityHeaders } from './platform/http/route.ts';
import { manifestOf } from './registration.ts';
import { pipelineDeps, routes } from './routes.ts';
import { queues } from './queues.ts';
import { timers } from './timers.ts';

/**
 * What a host needs of the Functions app: its HTTP functions (each route of the table in its pipeline,
 * and a preflight for each path, since CORS is the app's own), the timer and queue functions, and the Functions
 * library's own request, response and context types. `index.ts` registers them with Azure from the
 * list `functionsManifest()` gives at build time, and loads this module on the first invocation; the local dev
 * host loads this module, from the shipped package (`dist/app.js`) in the tests and from the sources
 * under `npm start`. Importing it registers nothing.
 */
export { app, HttpRequest, HttpResponse, InvocationContext } from './platform/azureFunctions.ts';
export { payloadTooLarge } from './platform/http/errors.ts';
export { securityHeaders } from './platform/http/route.ts';
export { routes } from './routes.ts';
export { timers, queues };

export interface HttpFunction {
  name: string;
  method: string;
  /** The route template, as the Functions host reads it (under /api). */
  path: string;
  handler(request: HttpRequest, context: InvocationContext): Promise<HttpResponseInit>;
  /** The largest body the function takes, when larger than the host's own limit (uploads). */
  maxBodyBytes?: number;
}

const preflightFunction = (path: string, index: number): HttpFunction => ({
  name: `preflight-${index}`,
  method: 'OPTIONS',
  path,
  handler: async (request) => withSecurityHeaders(preflight(request), request),
});

export const httpFunctions: HttpFunction[] = [
  ...routes.map((route) => ({
    name: route.contract.name,
    method: route.contract.method,
    path: route.contract.path,
    handler: toAzureHandler(route, pipelineDeps),
    maxBodyBytes: route.contract.upload?.maxBytes,
  })),
  ...[...new Set(routes.map((route) => route.contract.path))].map(preflightFunction),
];

/** What `functions/build.mjs` writes to `dist/functions.json` for the Azure registration (`index.ts`). */
export const functionsManifest = () => manifestOf({ httpFunctions, timers, queues });
