import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';

/** The visitor site's first screen (the demo move's login page): the scripts it loads, gzipped. */
export async function visitorInitialJs(context: BrowserContext, webOrigin: string, dist: string, path: string): Promise<{ scripts: number; kb: number }> {
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
  });
  await page.goto(`${webOrigin}/${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  // Then whatever the page still asks for (a busy machine can keep the network from going quiet: no failure).
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  let gzipped = 0;
  for (const script of scripts) gzipped += gzipSync(readFileSync(join(dist, script))).length;
  await page.close();
  return { scripts: scripts.size, kb: gzipped / 1024 };
}

/**
 * The public info endpoint (`GET /v1/visit/{path}`) under `concurrency` visitors asking again as soon as
 * they are answered, for `seconds`: requests per second, p95 latency and errors (anything but 200/304).
 */
export async function loadVisitorInfo(options: { apiOrigin: string; path: string; concurrency: number; seconds: number }) {
  const url = `${options.apiOrigin}/api/v1/visit/${encodeURIComponent(options.path)}`;
  const latencies: number[] = [];
  let errors = 0;
  const until = Date.now() + options.seconds * 1000;
  const visitor = async (n: number) => {
    // Every visitor from its own address, as after an announcement e-mail.
    const headers = { 'X-Forwarded-For': `10.${(n >> 8) & 255}.${n & 255}.1` };
    while (Date.now() < until) {
      const started = performance.now();
      try {
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (response.status !== 200 && response.status !== 304) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: options.concurrency }, (_, n) => visitor(n)));
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p95 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.95))] ?? 0;
  return { requests: latencies.length, perSecond: latencies.length / elapsed, p95, errors };
}
