import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { allRoutes, openApiDocument } from '@movers/contracts';
import openapiTS from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { call } from './call.ts';

/*
 * An integrator (an HR system importing people into a move, say) generates its types from the served
 * document with openapi-typescript. This test does the same and compiles a small client against them,
 * so an answer typed `unknown`, or a path or field the document no longer has, fails here first.
 */

const tsc = resolve(import.meta.dirname, '../../../node_modules/.bin/tsc');

// Reads answers of three routes through the generated types; the @ts-expect-error lines prove the
// types are real (a field the answer lacks is refused), not `unknown` or `any`.
const client = `import type { paths } from './api.ts';

type Json<P extends keyof paths, M extends keyof paths[P], S extends number> =
  paths[P][M] extends { responses: { [K in S]: { content: { 'application/json': infer T } } } } ? T : never;

type Clients = Json<'/v1/clients', 'get', 200>;
type Client = Json<'/v1/clients/{clientId}', 'get', 200>;
type Lease = Json<'/v1/clients/{clientId}/leases', 'post', 201>;

export function names(clients: Clients): string[] {
  return clients.map((c) => \`\${c.name} (\${c.country.name}, \${c.countOfLocations} locations)\`);
}
export function firstLocationCity(client: Client): string | undefined {
  return client.locations[0]?.city;
}
export function area(lease: Lease): number {
  return lease.areaSpace;
}
export function refused(client: Client): unknown {
  // @ts-expect-error: a client has no such field
  return client.notAField;
}
`;

describe('the served openapi.json', () => {
  it('is the document the unit tests hold to the API’s validation (openapiAgreement, openapiLint)', async () => {
    const served = await call('anonymous', 'GET', '/openapi.json');
    expect(served.body).toEqual(JSON.parse(JSON.stringify(openApiDocument(allRoutes, { title: 'Movers portal API', version: '1' }))));
  });
});

describe('the served openapi.json with openapi-typescript', () => {
  it('generates types that a small client compiles against', async () => {
    const served = await call('anonymous', 'GET', '/openapi.json');
    expect(served.status).toBe(200);
    const types = await openapiTS(served.body);
    expect(types).toContain('"/v1/clients"');
    const dir = await mkdtemp(join(tmpdir(), 'movers-openapi-ts-'));
    try {
      await writeFile(join(dir, 'api.ts'), types);
      await writeFile(join(dir, 'client.ts'), client);
      const args = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--allowImportingTsExtensions', join(dir, 'client.ts')];
      const result = await promisify(execFile)(tsc, args).catch((error: { stdout: string; stderr: string }) => error);
      expect(`${result.stdout}${result.stderr}`).toBe('');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
