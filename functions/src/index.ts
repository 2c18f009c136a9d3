import { app } from './platform/azureFunctions.ts';
import { toAzureHandler } from './platform/http/route.ts';
import { pipelineDeps, routes } from './routes.ts';

// The only file that registers functions with the Azure Functions host.
for (const route of routes) {
  app.http(route.name, {
    methods: route.methods,
    route: route.route,
    authLevel: 'anonymous',
    handler: toAzureHandler(route, pipelineDeps),
  });
}
