import { jsonSchemaOf } from '@movers/contracts';
import { generateKeyPair, SignJWT } from 'jose';
import type { SchemaDescription } from 'yup';
import { request as httpRequest } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { routes } from '../../src/routes.ts';
import { call } from './call.ts';
import { checkIncoming } from './conformance.ts';
import { existingPath, storedState } from './storedState.ts';

/** Bodies no write route may accept or fail on. */
const hostileBodies: { label: string; rawBody: string; contentType?: string }[] = [
  { label: 'malformed JSON', rawBody: '{"name": "x",' },
  { label: 'empty body', rawBody: '' },
  { label: 'JSON null', rawBody: 'null' },
  { label: 'JSON array', rawBody: '[{"name":"x"}]' },
  { label: 'JSON string', rawBody: '"hello"' },
  { label: 'wrong types', rawBody: JSON.stringify({ name: { $gt: '' }, orgNumber: ['1'], countryId: 7, active: 'yes please' }) },
  { label: 'prototype pollution', rawBody: '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}' },
  { label: 'unknown fields', rawBody: JSON.stringify({ name: 'A', orgNumber: '1', countryId: 'NO', id: 'chosen-id', countOfLocations: 99 }) },
  { label: 'deep nesting', rawBody: `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}` },
  { label: 'very long strings', rawBody: JSON.stringify({ name: 'x'.repeat(5000), orgNumber: 'y'.repeat(5000), countryId: 'NO' }) },
  { label: 'control characters', rawBody: JSON.stringify({ name: '\u0000\u0001', orgNumber: '\u202e', countryId: '\u0000' }) },
  { label: 'form-encoded', rawBody: 'name=x&orgNumber=1&countryId=NO', contentType: 'application/x-www-form-urlencoded' },
  { label: 'oversized body', rawBody: JSON.stringify({ name: 'x'.repeat(70 * 1024), orgNumber: '1', countryId: 'NO' }) },
];

describe('bad input on every write route', () => {
  const writeRoutes = routes.map((r) => r.contract).filter((c) => c.method !== 'GET');

  it('has write routes to check', () => expect(writeRoutes.length).toBeGreaterThan(0));

  for (const route of writeRoutes) {
    {
      const method = route.method;
      it(`${method} ${route.path}: no 5xx and no stored change`, async () => {
        const before = await storedState();
        for (const body of hostileBodies) {
          // An If-Match is sent so that updates judge the body rather than stop at the missing ETag (428).
          const answer = await call('super', method, existingPath(route.path), {
            rawBody: body.rawBody,
            headers: { 'Content-Type': body.contentType ?? 'application/json', 'If-Match': '"0000"' },
          });
          expect(answer.status, body.label).toBeGreaterThanOrEqual(400);
          expect(answer.status, body.label).toBeLessThan(500);
          expect(answer.body.error?.message, body.label).toEqual(expect.any(String));
        }
        expect(await storedState()).toEqual(before);
      });
    }
  }

  it('answers the documented statuses for malformed, oversized and mistyped bodies', async () => {
    const path = '/v1/clients';
    expect((await call('staff', 'POST', path, { rawBody: '{"name":' })).status).toBe(400);
    expect((await call('staff', 'POST', path, { rawBody: JSON.stringify({ name: 'x'.repeat(70 * 1024) }) })).status).toBe(413);
    expect((await call('staff', 'POST', path, { rawBody: 'name=x', headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
    // GET and DELETE take no body; one that is sent is refused, not ignored. (fetch will not send a GET
    // with a body, so this one goes through node:http.)
    const stack = inject('stack');
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${stack.apiOrigin}/api${path}`,
        // With its length: sent chunked, Node's server refused the request itself (400, no body) before the API saw it.
        { method: 'GET', headers: { Authorization: `Bearer ${stack.tokens.staff}`, 'Content-Type': 'application/json', 'Content-Length': '2' } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            text += c;
          });
          // This answer, too, is held to the served OpenAPI document.
          res.on('end', () => checkIncoming('GET', `${stack.apiOrigin}/api${path}`, res, text).then(() => resolve(res.statusCode ?? 0), reject));
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(400);
    const unknown = await call('staff', 'POST', path, { body: { name: 'A', orgNumber: '1', countryId: 'NO', id: 'mine' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toBeDefined();
  });
});

describe('values the document forbids', () => {
  it('refuses a query parameter sent empty where the document gives it a pattern or a list, on every route: never taken as absent', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const { contract } of routes) {
      if (!contract.query || contract.access === 'visitor') continue;
      for (const [name, field] of Object.entries((contract.query.describe() as { fields: Record<string, SchemaDescription> }).fields)) {
        const schema = jsonSchemaOf(field) as { pattern?: string; enum?: unknown[] };
        const forbidsEmpty =
          (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test('')) || (schema.enum !== undefined && !schema.enum.includes(''));
        if (!forbidsEmpty) continue;
        checked++;
        const path = `${existingPath(contract.path)}?${name}=`;
        const answer = await call('super', contract.method, path, { headers: { 'If-Match': '"0000"' } });
        if (answer.status !== 400 || !answer.body.error.fields?.[name])
          failures.push(`${contract.method} ${path}: ${answer.status} ${JSON.stringify(answer.body.error ?? '')}`);
      }
    }
    expect(checked).toBeGreaterThan(5);
    expect(failures).toEqual([]);
  });

  it('answers the whole list of external users only without a client filter: `?client=` is refused', async () => {
    const answer = await call('staff', 'GET', '/v1/users/external?client=');
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({ client: 'not a valid id' });
  });

  it("refuses a reorder past the document's maximum position (pages 199, the move's other lists 499)", async () => {
    const move = existingPath('v1/moves/{moveId}');
    for (const [list, idName, param, max] of [
      ['pages', 'movePageId', 'movePageId', 199],
      ['contacts', 'contactId', 'contactId', 499],
      ['faq_questions', 'faqQuestionId', 'faqQuestionId', 499],
      ['details', 'moveDetailId', 'moveDetailId', 499],
    ] as const) {
      const id = decodeURIComponent(existingPath(`{${param}}`).slice(1));
      const answer = await call('staff', 'PATCH', `${move}/${list}/position`, { body: { [idName]: id, newPosition: max + 1 }, headers: { 'If-Match': '*' } });
      expect(answer.status, list).toBe(400);
      expect(answer.body.error.fields, list).toEqual({ newPosition: `maximum ${max}` });
    }
  });
});

describe('tokens and routes', () => {
  it('refuses a token signed by another key, one for another audience and an expired one', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const stack = inject('stack');
    const forge = (claims: Record<string, unknown>, audience: string, expires: string | number) =>
      new SignJWT({ oid: 'u0000000-0000-4000-8000-000000000001', roles: ['Internal', 'Internal.Super'], ...claims })
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuer(stack.settings.AUTH_ISSUER)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(expires)
        .sign(privateKey);
    for (const token of [
      await forge({}, stack.settings.AUTH_AUDIENCE, '1h'),
      await forge({}, 'api://someone-else', '1h'),
      await forge({}, stack.settings.AUTH_AUDIENCE, Math.floor(Date.now() / 1000) - 3600),
      'not-a-jwt',
    ]) {
      const response = await fetch(`${stack.apiOrigin}/api/v1/clients`, { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe('unauthorized');
    }
  });

  it('answers 404 with a JSON error for an unknown route, and matches routes case-insensitively with a trailing slash', async () => {
    const unknown = await call('staff', 'GET', '/v1/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    expect((await call('staff', 'GET', '/V1/Countries/')).status).toBe(200);
  });

  it('refuses photo sizes Graph does not have', async () => {
    const answer = await call('staff', 'GET', '/v1/users/me/photo/5000x5000');
    expect(answer.status).toBe(400);
  });
});
