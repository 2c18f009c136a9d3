import { allRoutes, api, openApiDocument } from '@movers/contracts';
import { ok } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';

/**
 * Built once per instance, on its first request rather than at start (some 30 ms of reading every
 * schema that no other route's cold start should pay): the contract does not change while it runs.
 */
let document: ReturnType<typeof openApiDocument> | undefined;

export const systemRoutes: BoundRoute[] = [
  bind(api.system.openapi, async () => {
    document ??= openApiDocument(allRoutes, { title: 'Movers portal API', version: '1' });
    return ok(document, { 'Cache-Control': 'public, max-age=300' });
  }),
];
