import { api } from '@movers/contracts';
import { ok } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { listCountries } from './countries.data.ts';

export const countryRoutes: BoundRoute[] = [bind(api.countries.list, async () => ok(await listCountries()))];
