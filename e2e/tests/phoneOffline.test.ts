import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '@movers/local/src/testing/chromium.ts';
import { floorPlanPng } from '@movers/local/src/png.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';
import { expectAccessible, poll, webOrigin } from '../support/browser.ts';
import { ownLocation, staffPost } from '../support/ownLocation.ts';

// Issue 45: a phone visits its move once (the personal link of its seat letter, the service worker in
// control, a few pages), then loses the network: the browser is closed and opened again on the same
// profile with every request failing, the worker's own included (a proxy that refuses, not Playwright's
// setOffline), and the host sends `Vary: Origin` on every file (support/globalSetup.ts). The move, its
// timeline, the seat link, the person's page and the personal link must open from what the phone saved,
// in the move's language (Norwegian), whatever the browser's (English here).

const PHONE = { width: 390, height: 844 };
const tag = Date.now().toString(36);
const PATH = `zz-offline-${tag}`;
const ANN = `ann.${tag}@offline.test`;
const stack = () => inject('stack');

let move: { annId: string; token: string };
const profile = mkdtempSync(join(tmpdir(), 'movers-phone-profile-'));

/** The browser of the phone, on its own profile kept across launches; `offline`: no request reaches any server. */
function openPhone(offline: boolean): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    // A proxy nobody listens on, loopback included (Chromium bypasses the proxy for it by default).
    args: [...chromiumArgs, ...(offline ? ['--proxy-server=http://127.0.0.1:9', '--proxy-bypass-list=<-loopback>'] : [])],
    viewport: PHONE,
    locale: 'en-US',
    reducedMotion: 'reduce',
    ignoreHTTPSErrors: true,
  });
}

async function plannedMove() {
  const { locationId } = await ownLocation('Offline', '900 333 777');
  const made = await staffPost(`/v1/locations/${locationId}/moves`, moveInput(PATH, { languages: ['no', 'en'], defaultLanguage: 'no' }));
  await staffPost(`/v1/moves/${made.id}/timeline_sections`, {
    title: 'Flyttehelgen',
    date: '2026-12-12',
    translations: { en: { title: 'Moving weekend' } },
    events: [{ title: 'Flyttebyrået kommer', startDate: '2026-12-12', translations: { en: { title: 'The movers arrive' } } }],
  });
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: '4', floor_size: 'small', published: 'true' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(floorPlanPng(240, 120))], { type: 'image/png' }), 'plan.png');
  const floor = await fetch(`${stack().apiOrigin}/api/v1/moves/${made.id}/layouts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack().tokens.staff}` },
    body: form,
  });
  expect(floor.status).toBe(201);
  const layout = (await floor.json()) as { id: string };
  const space = await staffPost(`/v1/layouts/${layout.id}/markers`, { coordinates: { positionX: 30, positionY: 40 }, marker_type: 'room', title: '101' });
  const table = await staffPost(`/v1/layouts/${layout.id}/markers`, {
    coordinates: { positionX: 35, positionY: 45 },
    marker_type: 'table',
    title: 'A',
    spaceId: space.id,
  });
  const ann = await staffPost('/v1/marker-users', { name: 'Ann Offline', email: ANN, move_layout_marker_id: table.id });
  const letters = await fetch(`${stack().apiOrigin}/api/v1/moves/${made.id}/seat-letters`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack().tokens.staff}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ scope: 'all', language: 'no' }),
  });
  expect(letters.status).toBe(200);
  let token: string | undefined;
  for (let end = Date.now() + 30_000; !token && Date.now() < end; await new Promise((r) => setTimeout(r, 250))) {
    const mail = (await (await fetch(`${stack().settings.GRAPH_BASE_URL}_local/mail`)).json()) as { to: string[]; body: string }[];
    token = /\/me\/([A-Za-z0-9_-]{43})/.exec(mail.filter((m) => m.to.includes(ANN)).at(-1)?.body ?? '')?.[1];
  }
  if (!token) throw new Error('no seat letter with a personal link was mailed');
  return { annId: ann.id, token };
}

/** What the phone saved of the move: the addresses in its cache. */
const savedAddresses = (page: Page) => page.evaluate(async (path) => (await (await caches.open(`visit:${path}`)).keys()).map((r) => r.url), PATH);

beforeAll(async () => {
  move = await plannedMove();
}, 120_000);
afterAll(() => {
  rmSync(profile, { recursive: true, force: true });
});

describe('a phone that visited its move once, with no network', () => {
  it('opens the move, the timeline, the seat link, the personal page and the personal link again, in the move’s language', async () => {
    const online = await openPhone(false);
    try {
      const page = online.pages()[0] ?? (await online.newPage());
      await page.goto(`${webOrigin()}/${PATH}/me/${move.token}`);
      await page.getByRole('heading', { level: 1, name: 'Min flytting' }).waitFor();
      await poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      // The pages the person looks at, now through the worker, in this one page load: the site's
      // configuration the phone keeps is the copy the worker saved as it installed.
      const nav = page.getByRole('navigation', { name: 'Hovedmeny' });
      await nav.getByRole('link', { name: 'Tidslinje' }).click();
      await page.getByRole('heading', { name: 'Flyttehelgen' }).waitFor();
      await nav.getByRole('link', { name: 'Min flytting' }).click();
      await page.getByRole('heading', { name: 'Plassen din' }).waitFor();
      await nav.getByRole('link', { name: 'Plantegning' }).click();
      await page.getByRole('heading', { name: 'Etasje 4', level: 2 }).waitFor();
      await poll(async () => {
        const saved = await savedAddresses(page);
        return ['/timeline', '/floors', '/me', '?v='].filter((part) => !saved.some((url) => url.includes(part)));
      }).toEqual([]);
      // A phone evicts the browser's HTTP cache long before the site's saved copies: what opens offline must
      // not depend on it (here it had hidden saved copies the worker's lookups missed).
      await (await online.newCDPSession(page)).send('Network.clearBrowserCache');
    } finally {
      await online.close();
    }

    const offline = await openPhone(true);
    try {
      const page = offline.pages()[0] ?? (await offline.newPage());
      await page.goto(`${webOrigin()}/${PATH}`);
      await page.getByRole('heading', { level: 1, name: 'Offline HQ' }).waitFor();
      // Nothing reaches a server: what the worker does not answer (the admin's page) fails.
      expect(
        await page.evaluate(() =>
          fetch('/admin', { cache: 'no-store' }).then(
            () => 'reached',
            () => 'failed',
          ),
        ),
      ).toBe('failed');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('nb');
      await page
        .getByRole('status')
        .getByText(/^Frakoblet — lagret \d\d[:.]\d\d \(Europe\/Oslo\)$/)
        .waitFor();
      await expectAccessible(page, 'visitor info reopened offline (phone, nb)');

      await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Tidslinje' }).click();
      await page.getByRole('heading', { name: 'Flyttehelgen' }).waitFor();
      await page.getByText('Flyttebyrået kommer').waitFor();
      await expectAccessible(page, 'visitor timeline reopened offline (phone, nb)');

      // A new tab on the seat link.
      const seat = await offline.newPage();
      await seat.goto(`${webOrigin()}/${PATH}/seat/${move.annId}`);
      await seat.getByRole('heading', { name: 'Etasje 4', level: 2 }).waitFor();
      await seat
        .getByRole('button', { name: /Ann Offline/ })
        .first()
        .waitFor();
      await poll(() => seat.locator('.v-plan-content img').count()).toBe(1);
      await expectAccessible(seat, 'visitor seat reopened offline (phone, nb)');

      await seat.goto(`${webOrigin()}/${PATH}/me`);
      await seat.getByRole('heading', { level: 1, name: 'Min flytting' }).waitFor();
      await seat.getByText('Hei, Ann Offline').waitFor();
      await seat.getByRole('heading', { name: 'Plassen din' }).waitFor();
      await expectAccessible(seat, 'the person’s page reopened offline (phone, nb)');

      // The personal link from the letter, as the person opens it again in the basement.
      await seat.goto(`${webOrigin()}/${PATH}/me/${move.token}`);
      await seat.getByRole('heading', { level: 1, name: 'Min flytting' }).waitFor();
      await seat.getByText('Hei, Ann Offline').waitFor();
      expect(new URL(seat.url()).pathname).toBe(`/${PATH}/me`);
      await expectAccessible(seat, 'the personal link reopened offline (phone, nb)');

      // Where the site cannot open (nothing saved of its configuration), it says so in the language the
      // move was last shown in on this phone, else (a move never opened here) in the browser's.
      await seat.evaluate(() => caches.delete('visitor-config'));
      await seat.goto(`${webOrigin()}/${PATH}/timeline`);
      await seat.getByRole('alert').getByText('Nettstedet er ikke tilgjengelig akkurat nå. Prøv igjen senere.').waitFor();
      expect(await seat.evaluate(() => document.documentElement.lang)).toBe('nb');
      await expectAccessible(seat, 'the site not available offline (phone, nb)');
      await seat.goto(`${webOrigin()}/zz-never-opened-${tag}`);
      await seat.getByRole('alert').getByText('The site is not available right now. Try again later.').waitFor();
      expect(await seat.evaluate(() => document.documentElement.lang)).toBe('en');
    } finally {
      await offline.close();
    }
  }, 120_000);
});
