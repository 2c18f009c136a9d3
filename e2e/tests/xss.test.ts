import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contentLocales } from '@movers/contracts';
import { xssPayloads } from '@movers/local/src/testing/xssCorpus.ts';
import { allowConsoleErrors, launch, signIn, webOrigin } from '../support/browser.ts';

// Issue 12: what anyone types into a template or a page is later shown to every visitor. The corpus of
// known payloads is saved through the API (which sanitises it) and then shown where staff edit it; any
// payload that ran would open a dialog (alert, confirm, prompt) or set the marker.

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'super@movers.test');
});
afterAll(async () => {
  await browser?.close();
});

// Payloads with control characters (a NUL inside 'javascript:') are refused by the API as they are (400).
const storable = xssPayloads.filter((p) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(p));
/** Each payload with its calls turned into the marker, so that one that runs leaves a trace even if dialogs were blocked. */
const armed = storable.map((p) => p.replace(/alert\(/g, 'window.__xssRan=(').replace(/prompt\(|confirm\(/g, 'window.__xssRan=('));

describe('stored rich text never runs as script', () => {
  it('shows the whole corpus saved in a template on its edit screen without running any of it', async () => {
    const stack = inject('stack');
    const content = `<p>Benign text stays.</p>${armed.join('\n')}${storable.join('\n')}`;
    expect(storable.length).toBeGreaterThanOrEqual(50);
    const response = await fetch(`${stack.apiOrigin}/api/v1/templates`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.tokens.super}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        translations: contentLocales.map((locale) => ({ locale, title: `XSS corpus ${locale}`, content })),
        availableForInternal: false,
        availableForCustomer: false,
      }),
    });
    const template = await response.json();
    expect(response.status, JSON.stringify(template)).toBe(201);

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // Broken image addresses of the corpus fail to load, which the browser logs; that is not a script running.
    allowConsoleErrors(/Failed to load resource/, /Content Security Policy/, /Refused to/);
    await page.goto(`${webOrigin()}/admin/templates/${template.id}/edit`);
    await page.getByText('Benign text stays.').first().waitFor();
    await page.waitForTimeout(1500);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xssRan?: unknown }).__xssRan)).toBeUndefined();

    await fetch(`${stack.apiOrigin}/api/v1/templates/${template.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${stack.tokens.super}`, 'If-Match': template.etag },
    });
  });

  it("shows the corpus saved in a move page (by the client's own user) on its edit screen without running any of it", async () => {
    const stack = inject('stack');
    const move = 'c0000000-0000-4000-8000-00000000000a_l0000000-0000-4000-8000-000000000101';
    const content = `<p>Benign page text stays.</p>${armed.join('\n')}${storable.join('\n')}`;
    const response = await fetch(`${stack.apiOrigin}/api/v1/moves/${move}/pages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.tokens.extA}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ templateId: null, translations: contentLocales.map((locale) => ({ locale, title: `XSS page ${locale}`, content })) }),
    });
    const created = await response.json();
    expect(response.status, JSON.stringify(created)).toBe(201);

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    allowConsoleErrors(/Failed to load resource/, /Content Security Policy/, /Refused to/);
    await page.goto(`${webOrigin()}/admin/clients/c0000000-0000-4000-8000-00000000000a/l0000000-0000-4000-8000-000000000101/${created.id}/edit`);
    await page.getByText('Benign page text stays.').first().waitFor();
    await page.waitForTimeout(1500);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xssRan?: unknown }).__xssRan)).toBeUndefined();

    await fetch(`${stack.apiOrigin}/api/v1/pages/${created.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${stack.tokens.extA}`, 'If-Match': created.etag },
    });
  });
});
