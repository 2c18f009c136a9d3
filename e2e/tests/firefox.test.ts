import { createServer, request as forward } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededPerson } from '@movers/local/src/seedPlanner.ts';
import { webOrigin } from '../support/browser.ts';

// Issue 41: the visitor site in a second engine. Debian's Firefox ESR, driven over WebDriver BiDi
// (puppeteer-core), on one journey: sign in, a page, the floor plan, a seat link, offline after a visit.
// The other browser tests run in Chromium (support/browser.ts).
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const DEMO = 'aurora-hq';
/** 'Pack your desk' on the timeline, as the site writes it in Norwegian (visitor.test.ts). */
const PACKING_DAYS = new Intl.DateTimeFormat('nb', {
  day: 'numeric',
  month: 'long',
  ...(new Date().getFullYear() === 2026 ? {} : { year: 'numeric' }),
  timeZone: 'UTC',
}).formatRange(new Date('2026-12-07'), new Date('2026-12-11'));
/** Ingrid Hansen, seated in room 301 on floor 3 of the demo move. */
const INGRID = seededPerson(5);

/**
 * Firefox reaches everything through this proxy, so that 'offline' holds for every request of the
 * browser, the service worker's included: offline, it answers nothing.
 */
let online = true;
const sockets = new Set<Socket>();
/** The local stack only: Firefox's own background calls (remote settings) have nowhere to go. */
const local = (host: string) => host === 'localhost' || host === '127.0.0.1';
let refusedOffline = 0;
const proxy = createServer((req, res) => {
  if (!req.url || !local(new URL(req.url).hostname)) return req.socket.destroy();
  if (!online) {
    refusedOffline += 1;
    return req.socket.destroy();
  }
  const upstream = forward(req.url, { method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
});
proxy.on('connection', (socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});
// HTTPS: a tunnel.
proxy.on('connect', (req, client: Socket) => {
  const [host, port] = (req.url ?? '').split(':');
  if (!online || !local(host)) return client.destroy();
  const server = connect(Number(port), host, () => {
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    server.pipe(client);
    client.pipe(server);
  });
  server.on('error', () => client.destroy());
  client.on('close', () => server.destroy());
});
const goOffline = () => {
  online = false;
  for (const socket of sockets) socket.destroy();
};

let browser: Browser;
beforeAll(async () => {
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  const proxyPort = (proxy.address() as AddressInfo).port;
  browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    acceptInsecureCerts: true,
    extraPrefsFirefox: {
      'network.proxy.type': 1,
      'network.proxy.http': '127.0.0.1',
      'network.proxy.http_port': proxyPort,
      'network.proxy.ssl': '127.0.0.1',
      'network.proxy.ssl_port': proxyPort,
      'network.proxy.no_proxies_on': '',
      'network.proxy.allow_hijacking_localhost': true,
    },
  });
  console.log(`visitor smoke journey in Firefox ${(await browser.version()).replace(/^firefox\//, '')} (${FIREFOX})`);
});
afterAll(async () => {
  await browser?.close();
  proxy.closeAllConnections();
  await new Promise((done) => proxy.close(done));
});

const text = (page: Page, selector: string, wanted: string | RegExp) =>
  page.waitForFunction(
    (sel: string, source: string, flags: string) => [...document.querySelectorAll(sel)].some((el) => new RegExp(source, flags).test(el.textContent ?? '')),
    { timeout: 30_000 },
    selector,
    typeof wanted === 'string' ? `^${wanted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` : wanted.source,
    typeof wanted === 'string' ? '' : wanted.flags,
  );

describe('the visitor site in Firefox', () => {
  it('signs in, shows a page, the floor plan and a seat link, and works offline after the visit', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${webOrigin()}/${DEMO}`);
    await page.locator('#v-email').fill('visitor@client-a.test');
    await page.locator('input[type="password"]').fill('flytting-2026');
    await page.locator('button[type="submit"]').click();
    await page.waitForSelector('nav.v-nav');
    await text(page, '.v-site-name', 'Aurora HQ Bjørvika');

    // A page of the menu.
    await page.locator('nav.v-nav a[href$="/timeline"]').click();
    await text(page, 'h1', 'Tidslinje');

    // The floor plan: its code is a chunk of its own.
    await page.locator('nav.v-nav a[href$="/floorplan"]').click();
    await text(page, 'h2', 'Etasje 2');

    // A seat link opens the floor plan on the person's spot.
    await page.goto(`${webOrigin()}/${DEMO}/seat/${INGRID}`);
    await text(page, 'h2', 'Etasje 3');
    await page.waitForSelector('button[aria-label^="Rom 301: "][aria-label*="Ingrid Hansen"]');

    // Offline after the visit: the service worker answers from what it kept.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 30_000 });
    // The floors and the seat's floor image as this page drew it: the worker saves the image once it has come,
    // and a reload offline before then had no plan to show (seen under load).
    await page.waitForFunction(
      async () => {
        const kept = (await (await caches.open('visit:aurora-hq')).keys()).map((r) => r.url);
        const images = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => /\/floors\/[^/]+\/image\?v=/.test(url));
        return kept.some((url) => new URL(url).pathname.endsWith('/floors')) && images.length > 0 && images.every((url) => kept.includes(url));
      },
      { timeout: 30_000 },
    );
    goOffline();
    await page.reload();
    await text(page, '.v-site-name', 'Aurora HQ Bjørvika');
    await text(page, 'h2', 'Etasje 3');
    await page.waitForSelector('button[aria-label^="Rom 301: "][aria-label*="Ingrid Hansen"]');
    await page.locator('nav.v-nav a[href$="/timeline"]').click();
    await text(page, 'h1', 'Tidslinje');
    await page.waitForFunction((wanted: string) => document.body.innerText.includes(wanted), { timeout: 30_000 }, PACKING_DAYS);
    // Whether the line 'offline — saved at' shows depends on Firefox's HTTP cache (a fresh answer is no
    // saved copy); that the network was really gone is checked here instead.
    expect(refusedOffline, 'requests the proxy refused while offline').toBeGreaterThan(0);
    online = true;
    expect(errors, `errors on the page: ${errors.join(' | ')}`).toEqual([]);
    await page.close();
  });
});
