import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowConsoleErrors, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { pngHeader } from '@movers/local/src/testing/pngHeader.ts';

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

describe('editor uploads', () => {
  it('uploads an image inserted in the editor and puts its public address in the content', async () => {
    // The header-only PNG cannot be decoded for display, which the browser may log.
    allowConsoleErrors(/Failed to load resource/);
    await page.goto(`${webOrigin()}/admin/templates/new`);
    const input = page.locator('.ck-editor input[type="file"]').first();
    await input.waitFor({ state: 'attached' });
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/images') && r.request().method() === 'POST');
    await input.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from(pngHeader(120, 30)) });
    expect((await uploaded).status()).toBe(201);
    const image = page.locator('.ck-content img').first();
    await image.waitFor({ state: 'attached' });
    expect(await image.getAttribute('src')).toMatch(/\/api\/v1\/images\/[0-9a-f-]{36}$/);

    // With that image selected, a 1 x 1 image the API refuses: its reason is said, the first image stays.
    allowConsoleErrors(/status of 400/);
    await image.click();
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/v1/images') && r.request().method() === 'POST');
    await input.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from(pngHeader(1, 1)) });
    expect((await refused).status()).toBe(400);
    await page.getByRole('alert').getByText('an image must be at least 100 wide and 20 high').waitFor();
    await poll(() => page.locator('.ck-content img').count()).toBe(1);
    expect(await page.locator('.ck-content img').first().getAttribute('src')).toMatch(/\/api\/v1\/images\/[0-9a-f-]{36}$/);
  });
});
