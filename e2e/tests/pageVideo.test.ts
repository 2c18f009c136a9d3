import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { allowConsoleErrors, expectAccessible, expectPath, launch, newPage, poll, signIn, webOrigin } from '../support/browser.ts';
import { choose } from '../support/fluent.ts';
import { DEMO_MOVE, demoMoveScreen } from '../support/demoMove.ts';

// Issue 29: a video uploaded in the page editor reaches a visitor as a player of the API's own file, and a
// page's own default language is what a visitor gets when their language has no content on it. The
// demo move (Norwegian by default, English offered) gets a page of its own, removed at the end.

const PAGES = demoMoveScreen('pages');
const WELCOME = 'Welcome to your new office';
const title = `Zz video tour ${Date.now()}`;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'ext-a@client-a.test');
});
afterAll(async () => {
  await browser?.close();
  const stack = inject('stack');
  const headers = { Authorization: `Bearer ${stack.tokens.staff}` };
  const pages = (await (await fetch(`${stack.apiOrigin}/api/v1/moves/${DEMO_MOVE}/pages`, { headers })).json()) as {
    id: string;
    etag: string;
    translations: { title: string }[];
  }[];
  for (const made of pages.filter((p) => p.translations.some((t) => t.title === title)))
    await fetch(`${stack.apiOrigin}/api/v1/pages/${made.id}`, { method: 'DELETE', headers: { ...headers, 'If-Match': made.etag } });
});

/** A second of real WebM, recorded by the browser itself from a canvas (a few KB): a file Chromium can play. */
const recordWebm = (on: Page) =>
  on.evaluate(async () => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 64, height: 48 });
    const context = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => recorder.addEventListener('stop', resolve));
    recorder.start();
    for (let frame = 0; frame < 10; frame++) {
      context.fillStyle = `hsl(${frame * 36} 80% 50%)`;
      context.fillRect(0, 0, 64, 48);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    recorder.stop();
    await stopped;
    return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
  });

describe('a video and a default language in a move page', () => {
  it('uploads a video in the editor, keeps the chosen default language, and a visitor gets both', async () => {
    await page.goto(`${webOrigin()}${PAGES}`);
    await choose(page, 'templates for customers', WELCOME);
    await page.getByRole('button', { name: 'add a page from templates for customers' }).click();
    await poll(() => page.getByRole('textbox', { name: 'title (en)' }).inputValue()).toBe(WELCOME);
    await page.getByRole('textbox', { name: 'title (en)' }).fill(title);
    // The move's default language (Norwegian) until another of its languages is chosen.
    await poll(() => page.getByRole('combobox', { name: 'default language' }).innerText()).toContain('Norwegian (bokmål)');
    await choose(page, 'default language', 'English');

    // A file that is no video is refused before anything is sent, in the rule's one sentence.
    const english = page.getByRole('region', { name: 'English translation' });
    const videoInput = english.locator('.ck-toolbar input[type="file"][accept*=".webm"]');
    await videoInput.waitFor({ state: 'attached' });
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v1/images')) posted++;
    });
    await videoInput.setInputFiles({ name: 'tour.webm', mimeType: 'video/webm', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
    await english.getByRole('alert').getByText('Only .mp4, .mov, .ogg, .ogv and .webm files can be used.').waitFor();
    expect(posted).toBe(0);

    // A real one is uploaded through the editor's upload route and inserted as a player of its address.
    const webm = Buffer.from(await recordWebm(page));
    expect(webm.length).toBeLessThan(50_000);
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/images') && r.request().method() === 'POST');
    await videoInput.setInputFiles({ name: 'tour.webm', mimeType: 'video/webm', buffer: webm });
    expect((await uploaded).status()).toBe(201);
    const inEditor = english.locator('.ck-content video');
    await inEditor.waitFor();
    const src = (await inEditor.getAttribute('src'))!;
    expect(src).toMatch(/\/api\/v1\/images\/[0-9a-f-]{36}$/);
    expect(await inEditor.getAttribute('controls')).not.toBeNull();
    await poll(() => english.getByRole('alert').count()).toBe(0);
    await expectAccessible(page, 'create new page with a video');

    // The Norwegian content is emptied: a Norwegian visitor has nothing in their language on this page.
    await page.getByRole('button', { name: /^Norwegian \(bokmål\) \(no\)/ }).click();
    await page.getByRole('textbox', { name: 'content (no)' }).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.getByRole('button', { name: 'create page' }).click();
    await page.getByText('move page added').waitFor();
    await expectPath(page, PAGES);

    // Edited again, the form shows the page's own default language and its video.
    await page.getByRole('table', { name: 'pages' }).locator('tbody tr').last().getByRole('link', { name: title }).click();
    await poll(() => page.getByRole('combobox', { name: 'default language' }).innerText()).toContain('English');
    await page.getByRole('region', { name: 'English translation' }).locator(`.ck-content video[src="${src}"]`).waitFor();

    // The visitor, in Norwegian (the move's default), gets the page in its own default language, English,
    // with a player whose file loads from the API.
    const visitor = await newPage(browser);
    await visitor.goto(`${webOrigin()}/aurora-hq`);
    await visitor.getByLabel('E-post').fill('visitor@client-a.test');
    await visitor.getByLabel('Passord').fill('flytting-2026');
    await visitor.getByRole('button', { name: 'Logg inn' }).click();
    const shown = visitor.getByRole('region', { name: title });
    await shown.waitFor();
    const player = shown.locator('video[controls]');
    expect(await player.getAttribute('src')).toBe(src);
    expect(await player.getAttribute('autoplay')).toBeNull();
    // Loaded by the browser under the visitor site's CSP (a refusal would also fail the console guard).
    await poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThanOrEqual(1);
    const file = await fetch(src);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('video/webm');
    await expectAccessible(visitor, 'visitor info with a video');
    await visitor.close();

    // Back to following the move's default language: the form sends null, and shows that choice again.
    await choose(page, 'default language', 'as the move (Norwegian (bokmål))');
    const patched = page.waitForRequest((r) => r.method() === 'PATCH' && /\/api\/v1\/pages\/[^/]+$/.test(r.url()));
    await page.getByRole('button', { name: 'save', exact: true }).click();
    expect((await patched).postDataJSON().defaultLanguage).toBeNull();
    await page.getByText('successfully saved a page').waitFor();
    await expectPath(page, PAGES);
    await page.getByRole('table', { name: 'pages' }).locator('tbody tr').last().getByRole('link', { name: title }).click();
    await poll(() => page.getByRole('combobox', { name: 'default language' }).innerText()).toContain('as the move (Norwegian (bokmål))');
  });

  it("says the API's reason when it refuses a video", async () => {
    allowConsoleErrors(/status of 415/);
    await page.goto(`${webOrigin()}${PAGES}`);
    await choose(page, 'templates for customers', WELCOME);
    await page.getByRole('button', { name: 'add a page from templates for customers' }).click();
    const english = page.getByRole('region', { name: 'English translation' });
    const videoInput = english.locator('.ck-toolbar input[type="file"][accept*=".webm"]');
    await videoInput.waitFor({ state: 'attached' });
    // The first bytes of WebM, then nothing the API can call a video.
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/v1/images') && r.request().method() === 'POST');
    await videoInput.setInputFiles({ name: 'tour.webm', mimeType: 'video/webm', buffer: Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]) });
    expect((await refused).status()).toBe(415);
    await english.getByRole('alert').waitFor();
    expect(await english.locator('.ck-content video').count()).toBe(0);
  });
});
