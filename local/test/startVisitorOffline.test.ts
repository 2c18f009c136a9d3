import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../src/testing/chromium.ts';
import { type StackProcess, startStackProcess } from '../src/testing/stackProcess.ts';

// What a new engineer does: `npm start`, open the visitor address it prints, visit once, cut the network,
// open the page again. The address must serve the visitor build with its service worker (as Static Web
// Apps does), not Vite's dev server, which registers none (issue 39).
const dataDir = mkdtempSync(join(tmpdir(), 'movers-start-visitor-'));
let stack: StackProcess;
let visitorAddress: string;

beforeAll(async () => {
  // The first start may build the visitor site (once; again only when its sources change).
  stack = await startStackProcess(dataDir, 300_000);
  // Printed a moment after 'The portal is running'.
  let printed: RegExpExecArray | null = null;
  for (let waited = 0; !printed && waited < 5_000; waited += 100) {
    printed = /Visitor site of the demo move: (\S+)/.exec(stack.output());
    if (!printed) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!printed) throw new Error(`no visitor address printed:\n${stack.output()}`);
  visitorAddress = printed[1];
}, 320_000);

afterAll(async () => {
  if (stack && stack.child.exitCode === null && stack.child.signalCode === null) stack.child.kill('SIGTERM');
  await stack?.exited;
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('npm start serves the visitor site as deployed, service worker included', () => {
  it('answers the printed visitor address with the built page and its worker', async () => {
    const page = await fetch(visitorAddress, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('/@vite/client');
    expect(html).toMatch(/<script type="module"[^>]* src="\/assets\/[^"]+\.js"/);
    // The headers of staticwebapp.config.json, the CSP with the local stack's origins.
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");

    const worker = await fetch(new URL('/sw.js', visitorAddress));
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(await worker.text()).toContain('visitor.html');

    // The admin app stays on the dev server.
    const admin = await fetch(new URL('/', visitorAddress), { headers: { Accept: 'text/html' } });
    expect(await admin.text()).toContain('/@vite/client');
  });

  it('is controlled by the service worker after a visit, and opens again offline', async () => {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(visitorAddress);
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, undefined, {
        timeout: 30_000,
      });
      await context.setOffline(true);
      const again = await page.reload();
      expect(again?.status()).toBe(200);
      expect(await page.evaluate(() => document.documentElement.innerHTML)).toContain('/assets/');
      await context.close();
    } finally {
      await browser.close();
    }
  }, 60_000);
});
