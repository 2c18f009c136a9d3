import { defineRoute, jsonReply } from '../contract.ts';

export const systemRoutes = {
  openapi: defineRoute({
    name: 'openapi',
    method: 'GET',
    path: 'openapi.json',
    access: 'public',
    summary: 'This API described as OpenAPI 3.1, generated from the route contract',
    params: {},
    response: jsonReply<Record<string, unknown>>('the OpenAPI document'),
  }),
};
