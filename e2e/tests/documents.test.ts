import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_A_ID as CLIENT_A } from '@movers/local/src/directory.ts';
import { allowConsoleErrors, expectAccessible, expectPath, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { DEMO_LOCATION, demoMoveScreen } from '../support/demoMove.ts';

// A move's documents (issue 13): a client's External user uploads, downloads, reorders and deletes
// them. The seeded documents are left as they were found.

const DOCUMENTS = demoMoveScreen('documents');
const SEEDED_PDF = 'Flytteplan Ærøskøbing.pdf';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = await signIn(browser, 'ext-a@client-a.test');
});
afterAll(async () => {
  await browser?.close();
});

const table = () => page.getByRole('table', { name: 'Uploaded documents' });
/** The full names in the list, top to bottom (each name cell's title). */
const names = () =>
  table()
    .locator('tbody tr td:nth-child(2)')
    .evaluateAll((cells) => cells.map((c) => c.getAttribute('title') ?? ''));

async function openList() {
  await page.goto(`${webOrigin()}${DOCUMENTS}`);
  await page.getByRole('heading', { name: 'Uploaded documents' }).waitFor();
  await table()
    .getByRole('button', { name: `download ${SEEDED_PDF}` })
    .waitFor();
}

describe('move documents', () => {
  it('is reached from the location dashboard and lists the seeded documents with shortened names and dates', async () => {
    await page.goto(`${webOrigin()}/admin/clients/${CLIENT_A}/locations/${DEMO_LOCATION}`);
    await page.getByRole('region', { name: 'move service' }).getByRole('link', { name: 'documents' }).click();
    await expectPath(page, DOCUMENTS);
    await table()
      .getByRole('button', { name: `download ${SEEDED_PDF}` })
      .waitFor();
    await poll(() => page.getByRole('navigation', { name: 'breadcrumb' }).innerText()).toMatch(/Aurora Shipping AS\W+Aurora HQ Bjørvika\W+documents/);
    const rows = await table().locator('tbody tr').allInnerTexts();
    expect(rows.join('\n')).toContain('Packing list for eve…');
    expect(rows.join('\n')).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(await page.getByRole('button', { name: 'Add file' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'move documents');
  });

  it('uploads with progress, downloads, reorders by keyboard and deletes after confirming', async () => {
    const name = `Flytteplan for Ærøskøbing kontor ${Date.now()}.txt`;
    const content = 'Floor 3: blue boxes\nFloor 4: green boxes\n';
    await openList();
    const before = await names();

    // Upload: held back until the progress shows, then let through.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/document', async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(content) });
    await page.getByText(name).waitFor();
    await page.getByRole('button', { name: 'Add file' }).click();
    await page.getByText(`uploading ${name}`).waitFor();
    await page.getByRole('progressbar', { name: `uploading ${name}` }).waitFor({ state: 'attached' });
    await poll(() => page.getByRole('button', { name: 'Add file' }).isDisabled()).toBe(true);
    release();
    await page.getByText('successfully stored the document').waitFor();
    await page.unrouteAll();
    await poll(() => names()).toEqual([...before, name]);
    const row = table().locator('tbody tr').last();
    expect(await row.locator('td:nth-child(2)').innerText()).toBe(`${[...name].slice(0, 20).join('')}…`);
    expect(await row.locator('td:nth-child(3)').innerText()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    // Download: the file under its own name, its bytes as uploaded.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: `download ${name}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(name);
    expect(await readFile((await download.path())!, 'utf8')).toBe(content);

    // Reorder by keyboard only: up one place, kept by the server.
    await page.getByRole('button', { name: `move up: ${name}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('successfully moved the document').waitFor();
    const moved = [...before.slice(0, -1), name, before[before.length - 1]!];
    await poll(() => names()).toEqual(moved);
    await openList();
    await poll(() => names()).toEqual(moved);
    await expectAccessible(page, 'move documents after changes');

    // Delete: cancel first keeps it; delete removes it and the seeded ones are as they were.
    await page.getByRole('button', { name: `delete ${name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'delete document' });
    await dialog.getByText('Are you sure you want to delete?').waitFor();
    await expectAccessible(page, 'delete confirmation');
    await dialog.getByRole('button', { name: 'cancel' }).click();
    await poll(() => names()).toEqual(moved);
    await page.getByRole('button', { name: `delete ${name}` }).click();
    await dialog.getByRole('button', { name: 'delete' }).click();
    await page.getByText('successfully deleted the document').waitFor();
    await poll(() => names()).toEqual(before);
    await openList();
    await poll(() => names()).toEqual(before);
  });

  it('says so when a download or an upload fails', async () => {
    allowConsoleErrors(/status of 500/);
    await openList();
    await page.route('**/documents/*', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'x' } } }) : route.continue(),
    );
    await page.route('**/document', (route) => route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'x' } } }));
    try {
      await page.getByRole('button', { name: `download ${SEEDED_PDF}` }).click();
      await page.getByText('Failed to download the document').waitFor();
      await page.locator('input[type=file]').setInputFiles({ name: 'refused.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
      await page.getByRole('button', { name: 'Add file' }).click();
      await page.getByText('Failed to store the document').waitFor();
    } finally {
      await page.unrouteAll();
    }
  });

  it('says why the server refused a file (an empty one)', async () => {
    allowConsoleErrors(/status of 400/);
    await openList();
    const before = await names();
    await page.locator('input[type=file]').setInputFiles({ name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
    await page.getByRole('button', { name: 'Add file' }).click();
    await page.getByText('Failed to store the document: the file is empty').waitFor();
    expect(await names()).toEqual(before);
  });

  it("says 'Failed to store the document' when a reorder fails, and shows the server's order again", async () => {
    allowConsoleErrors(/status of 412/);
    await openList();
    const before = await names();
    await page.route('**/documents/*/position', (route) => route.fulfill({ status: 412, json: { error: { code: 'precondition_failed', message: 'x' } } }));
    try {
      await page.getByRole('button', { name: `move down: ${SEEDED_PDF}` }).click();
      await page.getByText('Failed to store the document').waitFor();
      await poll(() => names()).toEqual(before);
    } finally {
      await page.unrouteAll();
    }
  });
});
