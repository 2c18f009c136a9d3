import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { get } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

  it('answers text files compressed, brotli when the browser takes it, else gzip, and other files as they are', async () => {
    const script = `export const words = ${JSON.stringify('move day '.repeat(5_000))};`;
    writeFileSync(join(dir, 'app.js'), script);
    writeFileSync(join(dir, 'font.woff'), 'wOFF');
    const raw = (path: string, acceptEncoding: string) =>
      new Promise<{ encoding?: string; bytes: Buffer }>((resolve, reject) =>
        get(`${host.origin}${path}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], bytes: Buffer.concat(chunks) }));
        }).on('error', reject),
      );
    const br = await raw('/app.js', 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.bytes.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.bytes).toString()).toBe(script);
    const gzip = await raw('/app.js', 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe(script);
    expect(await raw('/app.js', '')).toEqual({ encoding: undefined, bytes: Buffer.from(script) });
    expect(await raw('/font.woff', 'br')).toEqual({ encoding: undefined, bytes: Buffer.from('wOFF') });
  });
});
