import { BlobServiceClient } from '@azure/storage-blob';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CLIENT_A_ID as CLIENT_A } from '@movers/local/src/directory.ts';
import { MOVE_DOCUMENT_BLOCK_BYTES, MOVE_DOCUMENT_DIRECT_FILE_BYTES } from '@movers/contracts';
import { allowConsoleErrors, expectAccessible, launch, poll, signIn, webOrigin } from '../support/browser.ts';
import { DEMO_LOCATION, demoMoveScreen } from '../support/demoMove.ts';

// Large move documents (issue 46): over 7 MB a file goes from the browser straight to Blob Storage in
// blocks with a write-only SAS for a staging blob, and the API copies and judges it at the commit. A 12 MB file stands in for the
// 300 MB one (the same path, three blocks instead of 75); LARGE_DOCUMENT_MB=300 runs the real size.

const DOCUMENTS = demoMoveScreen('documents');
const MOVE = `${CLIENT_A}_${DEMO_LOCATION}`;
const SIZE = Number(process.env.LARGE_DOCUMENT_MB ?? 12) * 1024 * 1024;
const BLOCKS = Math.ceil(SIZE / MOVE_DOCUMENT_BLOCK_BYTES);
/** Room for the file to travel (a second a megabyte is far more than Azurite needs here), for the 300 MB run. */
const TRAVEL_MS = 30_000 + (SIZE / 1024 / 1024) * 1000;

let browser: Browser;
let page: Page;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'movers-large-'));
  browser = await launch();
  page = await signIn(browser, 'ext-a@client-a.test');
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A file on disk of `size` bytes starting with `head` (a PDF, or a program). */
function fileOf(name: string, head: string, size = SIZE) {
  const bytes = Buffer.alloc(size, 0x61);
  Buffer.from(head, 'latin1').copy(bytes);
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return { path, bytes };
}

const table = () => page.getByRole('table', { name: 'Uploaded documents' });
const names = () =>
  table()
    .locator('tbody tr td:nth-child(2)')
    .evaluateAll((cells) => cells.map((c) => c.getAttribute('title') ?? ''));

/** Everything Storage holds under the demo move, committed or only staged, served or staging. */
async function stored(): Promise<string[]> {
  const service = BlobServiceClient.fromConnectionString(inject('stack').settings.STORAGE_CONNECTION_STRING);
  const found: string[] = [];
  for (const container of ['move-documents', 'document-uploads'])
    for await (const blob of service.getContainerClient(container).listBlobsFlat({ prefix: `${MOVE}/`, includeUncommitedBlobs: true }))
      found.push(`${container}/${blob.name}`);
  return found.sort();
}

async function openList() {
  await page.goto(`${webOrigin()}${DOCUMENTS}`);
  await page.getByRole('heading', { name: 'Uploaded documents' }).waitFor();
  await table().locator('tbody tr').first().waitFor();
}

const isBlock = (url: URL) => url.searchParams.get('comp') === 'block';

describe('a large move document', () => {
  it('goes to storage in blocks with progress, resumes after a dropped connection, and is listed once committed', {
    timeout: 60_000 + 2 * TRAVEL_MS,
  }, async () => {
    expect(SIZE).toBeGreaterThan(MOVE_DOCUMENT_DIRECT_FILE_BYTES);
    allowConsoleErrors(/ERR_CONNECTION_RESET|Failed to load resource/);
    const name = `Flytteplan video ${Date.now()}.pdf`;
    const file = fileOf(name, '%PDF-1.4\n');
    await openList();
    const before = await names();

    // The first block waits until the progress has been seen; the second is cut off once, as a
    // dropped connection would.
    const sent: string[] = [];
    page.on('request', (request: Request) => sent.push(`${request.method()} ${request.url()}`));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let blocks = 0;
    await page.route(isBlock, async (route) => {
      blocks += 1;
      if (blocks === 1) await held;
      if (blocks === 2) return route.abort('connectionreset');
      return route.continue();
    });
    try {
      await page.locator('input[type=file]').setInputFiles(file.path);
      await page.getByRole('button', { name: 'Add file' }).click();
      await page.getByRole('progressbar', { name: `uploading ${name}` }).waitFor({ state: 'attached' });
      await expectAccessible(page, 'move documents while uploading');
      release();
      await page.getByText('successfully stored the document').waitFor({ timeout: TRAVEL_MS });
    } finally {
      await page.unrouteAll();
    }
    await poll(() => names()).toEqual([...before, name]);

    // Every block and the one sent again; after the cut the upload asked which blocks storage holds.
    expect(blocks).toBe(BLOCKS + 1);
    expect(sent.filter((line) => /^GET .*\/document-uploads\/[0-9a-f-]{36}$/.test(line))).toHaveLength(1);
    // The API never received the file: no request to the direct route, the blocks went to the staging
    // container, none to the one documents are served from.
    expect(sent.filter((line) => /\/document$/.test(line))).toEqual([]);
    expect(sent.filter((line) => line.startsWith('PUT ') && line.includes('/document-uploads/') && line.includes('comp=block'))).toHaveLength(BLOCKS + 1);
    expect(sent.filter((line) => line.includes('/move-documents/'))).toEqual([]);

    // Its bytes as chosen.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: `download ${name}` }).click();
    const download = await downloading;
    expect((await readFile((await download.path())!)).equals(file.bytes)).toBe(true);

    await page.getByRole('button', { name: `delete ${name}` }).click();
    await page.getByRole('alertdialog', { name: 'delete document' }).getByRole('button', { name: 'delete' }).click();
    await page.getByText('successfully deleted the document').waitFor();
    await poll(() => names()).toEqual(before);
  });

  it('is refused when its bytes are a program, whatever its name, and nothing is left stored', async () => {
    allowConsoleErrors(/status of 415/);
    const file = fileOf('minutes.pdf', '\x7fELF\x02\x01\x01\x00');
    await openList();
    const before = { names: await names(), stored: await stored() };
    await page.locator('input[type=file]').setInputFiles(file.path);
    await page.getByRole('button', { name: 'Add file' }).click();
    await page.getByText('Failed to store the document: a program cannot be stored as a document').waitFor();
    expect(await names()).toEqual(before.names);
    expect(await stored()).toEqual(before.stored);
    await expectAccessible(page, 'move documents after a refused file');
  });
});
