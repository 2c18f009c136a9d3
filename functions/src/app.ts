/**
 * What a host needs of the Functions app: the route table and the pipeline around each route, the timer
 * functions, and the Functions library's own request, response and context types. `index.ts` registers
 * them with Azure; the local dev host loads this module, from the shipped package (`dist/app.js`) in the
 * tests and from the sources under `npm start`. Importing it registers nothing.
 */
export { app, HttpRequest, HttpResponse, InvocationContext } from './platform/azureFunctions.ts';
export { payloadTooLarge } from './platform/http/errors.ts';
export { securityHeaders, toAzureHandler } from './platform/http/route.ts';
export { pipelineDeps, routes } from './routes.ts';
export { timers } from './timers.ts';
