import { defineRoute, jsonReply } from '../contract.ts';

export const systemRoutes = {
  openapi: defineRoute({
    name: 'openapi',
    method: 'GET',
    path: 'openapi.json',
    access: 'public',
    summary: 'This API described as OpenAPI 3.1, generated from the route contract',
    params: {},
    // An object whose own schema is OpenAPI 3.1's; the unit tests validate it against that.
    response: jsonReply<Record<string, unknown>>('the OpenAPI document', {
      type: 'object',
      properties: { openapi: { type: 'string' }, info: { type: 'object' }, paths: { type: 'object' } },
      required: ['openapi', 'info', 'paths'],
    }),
  }),
};
