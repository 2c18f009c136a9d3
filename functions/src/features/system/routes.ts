import { allRoutes, api, openApiDocument } from '@movers/contracts';
import { ok } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';

/** Built once per instance: the contract does not change while it runs. */
const document = openApiDocument(allRoutes, { title: 'Movers portal API', version: '1' });

export const systemRoutes: BoundRoute[] = [bind(api.system.openapi, async () => ok(document, { 'Cache-Control': 'public, max-age=300' }))];
