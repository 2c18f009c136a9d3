import { app } from './platform/azureFunctions.ts';
import { toAzureHandler } from './platform/http/route.ts';
import { pipelineDeps, routes } from './routes.ts';
import { timers } from './timers.ts';

// The only file that registers functions with the Azure Functions host.
for (const route of routes) {
  app.http(route.contract.name, {
    methods: [route.contract.method],
    route: route.contract.path,
    authLevel: 'anonymous',
    handler: toAzureHandler(route, pipelineDeps),
  });
}

for (const timer of timers) {
  app.timer(timer.name, { schedule: timer.schedule, handler: (_timer, context) => timer.handler(context) });
}
