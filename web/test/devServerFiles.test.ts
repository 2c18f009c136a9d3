import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const web = resolve(import.meta.dirname, '..');
const repo = resolve(web, '..');
const probeDir = join(repo, '.data', 'fs-probe');

describe("npm start's web server", () => {
  let server: ViteDevServer;
  let origin: string;

  beforeAll(async () => {
    mkdirSync(probeDir, { recursive: true });
    writeFileSync(join(probeDir, 'cosmos.json'), '{"secret":true}');
    server = await createServer({ configFile: join(web, 'vite.config.ts'), logLevel: 'silent', server: { port: 0, strictPort: false } });
    await server.listen();
    const address = server.httpServer?.address();
    origin = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
  }, 30_000);

  afterAll(async () => {
    await server?.close();
    rmSync(probeDir, { recursive: true, force: true });
  });

  it('serves the app, but nothing of the data dir, keys or other folders of the repository', async () => {
    expect((await fetch(`${origin}/`)).status).toBe(200);
    for (const path of [`/@fs${probeDir}/cosmos.json`, `/@fs${repo}/package.json`, `/@fs${repo}/local/src/idp.ts`]) {
      const answer = await fetch(`${origin}${path}`);
      expect(answer.status, path).toBe(403);
    }
    expect((await fetch(`${origin}/@fs${repo}/contracts/src/index.ts`)).status).toBe(200);
  });
});
