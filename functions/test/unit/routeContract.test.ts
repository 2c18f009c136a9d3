import { Validator } from '@seriousme/openapi-schema-validator';
import { allRoutes, openApiDocument, pathOf } from '@movers/contracts';
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/routes.ts';

describe('the route contract', () => {
  it('is implemented by the route table, each contract exactly once', () => {
    const bound = routes.map((r) => r.contract.name).sort();
    expect(bound).toEqual(allRoutes.map((c) => c.name).sort());
    expect(new Set(bound).size).toBe(bound.length);
  });

  it('names every path parameter with its id shape, and no other', () => {
    for (const contract of allRoutes) {
      const named = [...contract.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(Object.keys(contract.params).sort(), contract.name).toEqual(named);
    }
  });

  it('builds encoded paths for the web', () => {
    const get = allRoutes.find((c) => c.name === 'clients-get')!;
    expect(pathOf(get, { clientId: 'a/b?' })).toBe('/v1/clients/a%2Fb%3F');
    const external = allRoutes.find((c) => c.name === 'users-external')!;
    expect(pathOf(external, {}, { client: 'c 1', other: undefined })).toBe('/v1/users/external?client=c+1');
  });
});

describe('GET /api/openapi.json', () => {
  const document = openApiDocument(allRoutes, { title: 'Movers portal API', version: '1' });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route of the table with its method, parameters and body', () => {
    for (const { contract } of routes) {
      const operation = document.paths[`/${contract.path}`]?.[contract.method.toLowerCase()] as Record<string, unknown> | undefined;
      expect(operation, `${contract.method} ${contract.path}`).toBeDefined();
      expect(operation?.operationId).toBe(contract.name);
      expect(Boolean(operation?.requestBody)).toBe(Boolean(contract.body || contract.upload));
    }
  });

  it('declares every upload as multipart/form-data: the file part in bytes, its size limit, the form fields', () => {
    const uploads = allRoutes.filter((c) => c.upload);
    // logo, login logo and background, the editor's images, documents, floors, a floor's image, a report's photo
    expect(uploads.length).toBe(8);
    for (const contract of uploads) {
      const body = (operationOf(contract.name) as { requestBody?: { description: string; content: Record<string, { schema: Record<string, never> }> } })
        .requestBody;
      const form = body?.content['multipart/form-data']?.schema as { required: string[]; properties: Record<string, Record<string, unknown>> } | undefined;
      expect(form?.required, contract.name).toContain(contract.upload.field);
      expect(form?.properties[contract.upload.field], contract.name).toMatchObject({ type: 'string', format: 'binary' });
      expect(body?.description, contract.name).toMatch(/at most [\d.]+ MB/);
    }
    const floor = operationOf('planner-floors-create').requestBody?.content['multipart/form-data'].schema as {
      required: string[];
      properties: Record<string, object>;
    };
    expect(floor.required).toEqual(['layout', 'floor_name']);
    // The PDF a plan was drawn from (issue 50) is an optional second file part.
    expect(Object.keys(floor.properties)).toEqual(['layout', 'source', 'floor_name', 'label_color', 'floor_size', 'published', 'isDefault']);
    expect(floor.properties.source).toMatchObject({ type: 'string', format: 'binary' });
  });

  type Parameter = { name: string; in: string; required?: boolean; schema?: { pattern?: string } };
  const operationOf = (name: string) => {
    const contract = allRoutes.find((c) => c.name === name)!;
    return document.paths[`/${contract.path}`][contract.method.toLowerCase()] as {
      parameters?: Parameter[];
      requestBody?: { description?: string; content: Record<string, { schema: Record<string, unknown> }> };
      responses: Record<string, unknown>;
    };
  };
  const header = (name: string, header: string) => operationOf(name).parameters?.find((p) => p.in === 'header' && p.name === header);

  it('declares the headers the API reads: If-Match where it answers 428, Idempotency-Key where a create runs once, the store token', () => {
    for (const contract of allRoutes) {
      const operation = operationOf(contract.name);
      if (operation.responses['428']) expect(header(contract.name, 'If-Match'), contract.name).toBeDefined();
      // The pipeline (functions' platform/http/route.ts) keys a POST's create by the caller, except uploads, sign-ins and answers holding a secret.
      const once =
        contract.method === 'POST' && !contract.upload && !contract.answersSecret && contract.access !== 'public' && contract.access !== 'visitorEntry';
      expect(Boolean(header(contract.name, 'Idempotency-Key')), contract.name).toBe(once);
    }
    expect(header('history-restore', 'If-Match')).toMatchObject({ required: false });
    const key = new RegExp(header('clients-create', 'Idempotency-Key')!.schema!.pattern!);
    expect(['retry-0001', 'a'.repeat(128)].map((k) => key.test(k))).toEqual([true, true]);
    expect(['short', 'a'.repeat(129), 'has space 123', ''].map((k) => key.test(k))).toEqual([false, false, false, false]);
    expect(header('brokerings-documents', 'X-Document-Store-Token')).toMatchObject({ required: true });
  });

  it('changes its version when an operation changes, and only then', () => {
    const version = (routes: typeof allRoutes) => openApiDocument(routes, { title: 'Movers portal API', version: '1' }).info.version;
    expect(version(allRoutes)).toMatch(/^1\.[0-9a-f]{16}$/);
    expect(version([...allRoutes])).toBe(version(allRoutes));
    const [first, ...rest] = allRoutes;
    // A new limit, a new error status, a route fewer: each is another version.
    const changed = [[{ ...first, summary: `${first.summary}.` }, ...rest], [{ ...first, errors: { ...first.errors, 409: 'a conflict' } }, ...rest], rest].map(
      version,
    );
    expect(new Set([version(allRoutes), ...changed]).size).toBe(4);
  });

  it('gives the body schema its required fields and limits', () => {
    const create = document.paths['/v1/clients'].post as { requestBody: { content: { 'application/json': { schema: Record<string, unknown> } } } };
    const schema = create.requestBody.content['application/json'].schema;
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false, required: ['name', 'orgNumber', 'countryId'] });
    expect(schema.properties).toMatchObject({ name: { type: 'string', maxLength: 200 }, active: { type: 'boolean' } });
  });

  it('gives every JSON answer a schema, its ETag and Idempotent-Replayed headers, and the error shape', () => {
    for (const contract of allRoutes) {
      const operation = document.paths[`/${contract.path}`][contract.method.toLowerCase()] as {
        responses: Record<string, { content?: Record<string, { schema?: object }> }>;
      };
      for (const [status, response] of Object.entries(operation.responses)) {
        const schema = response.content?.['application/json']?.schema;
        // A JSON answer of its own media type (the manifest's application/manifest+json) has its schema there.
        const answer = Object.values(response.content ?? {})[0]?.schema;
        if (status.startsWith('2') && status !== '204' && contract.response.kind === 'json')
          expect(Object.keys(answer ?? {}), `${contract.name} ${status}`).not.toEqual([]);
        if (/^[45]/.test(status)) expect(schema, `${contract.name} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
        // 304 Not Modified carries no body.
        if (status === '304') expect(response.content, `${contract.name} ${status}`).toBeUndefined();
      }
    }
    const created = document.paths['/v1/clients'].post as { responses: Record<string, { headers?: Record<string, unknown> }> };
    expect(Object.keys(created.responses['201'].headers ?? {})).toEqual(['ETag', 'Idempotent-Replayed']);
  });
});
