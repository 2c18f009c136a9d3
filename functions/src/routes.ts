import type { RouteDefinition } from './platform/http/route.ts';
import { clientRoutes } from './features/clients/routes.ts';
import { countryRoutes } from './features/countries/index.ts';
import { clientIdOf, userRoutes } from './features/users/index.ts';

/** The route table: every /api route, declared once. Azure registration, the dev host and the tests read it. */
export const routes: RouteDefinition[] = [...countryRoutes, ...clientRoutes, ...userRoutes];

export const pipelineDeps = { loadClientId: clientIdOf };
