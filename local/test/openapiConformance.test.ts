import { describe, expect, it } from 'vitest';
import { OpenApiConformance } from '../src/testing/openapiConformance.ts';

const error = { description: 'an error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
const document = {
  openapi: '3.1.0',
  servers: [{ url: '/api' }],
  paths: {
    '/v1/things/{thingId}': {
      get: {
        operationId: 'things-get',
        responses: {
          '200': {
            description: 'the thing',
            headers: { ETag: { required: true, schema: { type: 'string' } } },
            content: {
              'application/json': { schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } }, additionalProperties: false } },
            },
          },
          '404': error,
        },
      },
    },
    '/v1/things/mine': { get: { operationId: 'things-mine', responses: { '204': { description: 'none' } } } },
    '/v1/things/{thingId}/photo': {
      get: { operationId: 'things-photo', responses: { '200': { description: 'the photo', content: { 'image/jpeg': {}, 'image/png': {} } } } },
    },
  },
  components: {
    schemas: {
      Error: { type: 'object', required: ['error'], properties: { error: { type: 'object', required: ['code', 'message'] } } },
    },
  },
};

const headers = (entries: Record<string, string>) => new Headers(entries);
const json = { 'content-type': 'application/json; charset=utf-8' };

describe('the OpenAPI conformance check', () => {
  const check = new OpenApiConformance(document);

  it('passes an answer the document declares, and one outside its paths', () => {
    expect(
      check.differences({ method: 'GET', path: '/api/v1/things/a1?x=1', status: 200, headers: headers({ ...json, etag: '"1"' }), body: { id: 'a1' } }),
    ).toEqual([]);
    expect(check.differences({ method: 'GET', path: '/api/v1/nowhere', status: 404, headers: headers(json), body: {} })).toEqual([]);
    expect(check.differences({ method: 'GET', path: '/api/v1/things/a1/photo', status: 200, headers: headers({ 'content-type': 'image/png' }) })).toEqual([]);
  });

  it('names an undeclared status, media type, missing header and body difference', () => {
    expect(check.differences({ method: 'GET', path: '/api/v1/things/a1', status: 409, headers: headers(json), body: {} })[0]).toMatch(
      /status 409 is not declared/,
    );
    expect(check.differences({ method: 'GET', path: '/api/v1/things/a1/photo', status: 200, headers: headers({ 'content-type': 'image/gif' }) })[0]).toMatch(
      /image\/gif, declared: image\/jpeg, image\/png/,
    );
    expect(check.differences({ method: 'GET', path: '/api/v1/things/a1', status: 200, headers: headers(json), body: { id: 'a1' } })[0]).toMatch(
      /lacks the header ETag/,
    );
    expect(
      check.differences({ method: 'GET', path: '/api/v1/things/a1', status: 200, headers: headers({ ...json, etag: '"1"' }), body: { id: 1, extra: true } }),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/body\/id must be string/), expect.stringMatching(/additional properties.*extra/)]));
  });

  it('validates error bodies through the components they refer to', () => {
    expect(
      check.differences({
        method: 'GET',
        path: '/api/v1/things/a1',
        status: 404,
        headers: headers(json),
        body: { error: { code: 'not_found', message: 'no' } },
      }),
    ).toEqual([]);
    expect(check.differences({ method: 'GET', path: '/api/v1/things/a1', status: 404, headers: headers(json), body: { message: 'no' } })[0]).toMatch(
      /required.*error/,
    );
  });

  it('prefers a literal segment to a template, and holds an answer without a declared body to none', () => {
    expect(check.operationOf('GET', '/api/v1/things/mine')?.id).toBe('things-mine');
    expect(check.differences({ method: 'GET', path: '/api/v1/things/mine', status: 204, headers: headers({}) })).toEqual([]);
    expect(
      check.differences({ method: 'GET', path: '/api/v1/things/mine', status: 204, headers: headers({ ...json, 'content-length': '2' }), body: {} }),
    ).toEqual([]);
    expect(check.differences({ method: 'GET', path: '/api/v1/things/mine', status: 200, headers: headers(json), body: {} })[0]).toMatch(
      /status 200 is not declared/,
    );
  });

  it('says which route differs', () => {
    const exchange = { method: 'GET', path: '/api/v1/things/a1', status: 409, headers: headers(json), body: {} };
    expect(() => check.assert(exchange)).toThrow(
      /^GET \/api\/v1\/things\/a1 \(things-get, \/v1\/things\/\{thingId\}\) answered 409 outside \/api\/openapi.json: status 409/,
    );
  });
});
