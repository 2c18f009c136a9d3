import { ok } from '../../platform/http/responses.ts';
import type { RouteDefinition } from '../../platform/http/route.ts';
import { listCountries } from './countries.data.ts';

export const countryRoutes: RouteDefinition[] = [
  { name: 'countries-list', methods: ['GET'], route: 'v1/countries', access: 'signedIn', handler: async () => ok(await listCountries()) },
];
