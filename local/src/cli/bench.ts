import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { container } from '@movers/functions/src/platform/cosmos/client.ts';
import { repoRoot } from '../dataDir.ts';
import { startStaticHost } from '../staticHost.ts';
import { freePort } from '../testing/freePort.ts';
import { startTestStack } from '../testing/testStack.ts';

// npm run bench: prints figures measured in one run on this machine. Budgets are printed beside them;
// nothing here fails a build (timed assertions do not belong in tests).

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const LIST_SIZE = 1000;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function load(label: string, url: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < 50; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const t = performance.now();
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${label}: ${response.status}`);
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(34)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms   ${(times.length / seconds).toFixed(0).padStart(6)} req/s`,
  );
}

const dist = join(repoRoot, 'web', 'dist');
if (!existsSync(join(dist, 'index.html'))) throw new Error('build the web app first: npm run build -w web');

const webPort = await freePort();
const running = await startTestStack([`http://localhost:${webPort}`]);
const web = await startStaticHost({ dir: dist, port: webPort, config: running.info.web });
const api = `${running.info.apiOrigin}/api`;
const auth = { Authorization: `Bearer ${running.info.tokens.staff}` };

try {
  console.log(`\nAPI latency (${REQUESTS} requests, ${CONCURRENCY} at a time, demo data, dev host + Cosmos emulator):`);
  const bare = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'));
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  await load('bare Node http server', `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`);
  bare.close();
  await load('GET /v1/clients', `${api}/v1/clients`, auth);
  await load('GET /v1/clients/{id}', `${api}/v1/clients/c0000000-0000-4000-8000-00000000000a`, auth);
  await load('GET /v1/locations', `${api}/v1/locations`, auth);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
  });
  await page.goto(`${web.origin}/`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  let gzipped = 0;
  for (const path of scripts) gzipped += gzipSync(readFileSync(join(dist, path))).length;
  console.log(`\nAdmin build, sign-in page: ${scripts.size} scripts, ${(gzipped / 1024).toFixed(1)} KB gzipped initial JavaScript (budget 250 KB)`);

  // 1,000 clients for the list timing, written straight to the emulator.
  const now = new Date().toISOString();
  await Promise.all(
    Array.from({ length: LIST_SIZE }, (_, i) =>
      container('clients').items.create({
        id: `bench-${i}`,
        name: `Bench client ${String(i).padStart(4, '0')}`,
        orgNumber: `${900000 + i}`,
        active: true,
        countryId: ['NO', 'SE', 'DK', 'DE'][i % 4],
        countOfLocations: 1,
        countOfActiveLocations: 1,
        createdAt: now,
        createdBy: 'bench',
        updatedAt: now,
        updatedBy: 'bench',
      }),
    ),
  );
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await (await popupOpened).getByRole('button', { name: /staff@movers\.test/ }).click();
  await page.waitForURL((u) => u.pathname === '/admin');
  const started = Date.now();
  await page.goto(`${web.origin}/admin/clients`);
  await page.getByRole('link', { name: 'Aurora Shipping AS' }).waitFor({ timeout: 60_000 });
  const firstPage = Date.now() - started;
  const grid = page.getByRole('grid', { name: 'clients' });
  await page.getByRole('combobox', { name: 'rows per page' }).click();
  const allStarted = Date.now();
  await page.getByRole('option', { name: 'all', exact: true }).click();
  await page.waitForFunction((n) => document.querySelectorAll('[role=grid] [data-automation-key="name"]').length >= n, LIST_SIZE, { timeout: 60_000 });
  const allRows = Date.now() - allStarted;
  const shown = await grid.locator('[data-automation-key="name"]').count();
  console.log(`\nClients list with ${LIST_SIZE + 14} clients in Chromium:`);
  console.log(`  open the list, first page shown      ${firstPage} ms`);
  console.log(`  show all ${shown} active rows           ${allRows} ms`);
  await browser.close();
} finally {
  await web.stop();
  await running.stop();
}
