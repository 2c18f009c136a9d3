import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowConsoleErrors, launch, signIn, webOrigin } from '../support/browser.ts';

// Issue 12: an image inserted in the editor goes to POST /v1/images and the editor gets its public address.

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'super@movers.test');
});
afterAll(async () => {
  await browser?.close();
});

/** A PNG's signature and header (what the API's type and size checks read) for the given size. */
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'ascii');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header.set([8, 6, 0, 0, 0], 24);
  return Buffer.concat([header, Buffer.from('0000000049454e44ae426082', 'hex')]);
}

describe('editor uploads', () => {
  it('uploads an image inserted in the editor and puts its public address in the content', async () => {
    // The header-only PNG cannot be decoded for display, which the browser may log.
    allowConsoleErrors(/Failed to load resource/);
    await page.goto(`${webOrigin()}/admin/templates/new`);
    const input = page.locator('.ck-editor input[type="file"]').first();
    await input.waitFor({ state: 'attached' });
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/images') && r.request().method() === 'POST');
    await input.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png(120, 30) });
    expect((await uploaded).status()).toBe(201);
    const image = page.locator('.ck-content img').first();
    await image.waitFor({ state: 'attached' });
    expect(await image.getAttribute('src')).toMatch(/\/api\/v1\/images\/[0-9a-f-]{36}$/);
  });
});
