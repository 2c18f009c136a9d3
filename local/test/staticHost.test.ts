import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localWebOrigins, startStaticHost } from '../src/staticHost.ts';

describe('the local static host applies the CSP with the local stack origins', () => {
  const dir = mkdtempSync(join(tmpdir(), 'movers-static-'));
  let host: Awaited<ReturnType<typeof startStaticHost>>;

  beforeAll(async () => {
    writeFileSync(join(dir, 'index.html'), '<!DOCTYPE html><title>app</title>');
    // What a local stack reports: the web app's /config.json and the Functions settings.
    const origins = localWebOrigins({
      web: { apiBaseUrl: 'http://localhost:7071/api', authority: 'https://127.0.0.1:9443/tenant' },
      settings: { GRAPH_BASE_URL: 'https://127.0.0.1:9444/', STORAGE_BLOB_ENDPOINT: 'https://127.0.0.1:10000/devstoreaccount1' },
    });
    host = await startStaticHost({ dir, port: 0, config: {}, origins });
  });
  afterAll(async () => {
    await host.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names exactly those origins where the deployed CSP names Azure, on pages and on the fallback alike', async () => {
    for (const path of ['/', '/admin/clients']) {
      const response = await fetch(`${host.origin}${path}`);
      expect(response.status).toBe(200);
      const csp = response.headers.get('content-security-policy') ?? '';
      // Blob Storage for connections only: a large move document's blocks (issue 46).
      expect(csp).toContain("connect-src 'self' http://localhost:7071 https://127.0.0.1:9443 https://127.0.0.1:10000;");
      expect(csp).toContain("img-src 'self' data: blob: http://localhost:7071;");
      // Videos in pages play from the API (its editor files).
      expect(csp).toContain("media-src 'self' http://localhost:7071;");
      expect(csp).toContain("frame-src 'self' https://127.0.0.1:9443;");
      expect(csp).not.toMatch(/__[A-Z_]+__|https:[;\s]|\*/);
    }
  });
});

describe('the local static host routes as Static Web Apps does (staticwebapp.config.json)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'movers-static-'));
  let host: Awaited<ReturnType<typeof startStaticHost>>;
  beforeAll(async () => {
    writeFileSync(join(dir, 'index.html'), 'admin build');
    writeFileSync(join(dir, 'visitor.html'), 'visitor build');
    host = await startStaticHost({
      dir,
      port: 0,
      config: {},
      origins: {
        api: ['http://localhost:7071/api'],
        identity: ['https://127.0.0.1:9443/t'],
        storage: ['https://127.0.0.1:10000/devstoreaccount1'],
      },
    });
  });
  afterAll(async () => {
    await host.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the admin build at /, /admin/* and /404, and the visitor build at every other page address', async () => {
    const body = async (path: string) => (await fetch(`${host.origin}${path}`)).text();
    for (const path of ['/', '/admin', '/admin/clients/x', '/404']) expect(await body(path), path).toBe('admin build');
    for (const path of ['/aurora-hq', '/aurora-hq/timeline', '/aurora-hq/link', '/no/such/page']) expect(await body(path), path).toBe('visitor build');
  });
});
