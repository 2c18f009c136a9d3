import { BlobServiceClient } from '@azure/storage-blob';
import { documentBlockId, MOVE_DOCUMENT_BLOCK_BYTES } from '@movers/contracts';
import { describe, expect, inject, it } from 'vitest';
import { call, CLIENT_A, ifMatch, loopbackAddress } from './call.ts';

// Large move documents (issue 46): the browser puts the file's blocks straight to Blob Storage with a
// write-only user delegation SAS for one staging blob (Azurite checks it as Azure does), and a commit
// copies it where no SAS reaches and judges the copy before the document is listed (issue 54). The API
// never receives the file's bytes.

const LOCATION = 'l0000000-0000-4000-8000-000000000101';
const MOVE = `${CLIENT_A}_${LOCATION}`;
const base = `/v1/locations/${LOCATION}/moves/${MOVE}`;

interface Started {
  uploadId: string;
  url: string;
  blockBytes: number;
  blocks: number;
  expiresOn: string;
}

/** A file of `size` bytes that starts as a PDF (or with the given head). */
function fileOf(size: number, head = '%PDF-1.4\n') {
  const bytes = Buffer.alloc(size, 0x61);
  Buffer.from(head, 'latin1').copy(bytes);
  return bytes;
}

const start = async (size: number, caller: 'extA' | 'extB' | 'staff' = 'extA', name = 'plan.pdf') =>
  call(caller, 'POST', `${base}/document-uploads`, { body: { name, size } });

/** Put Block with the SAS, as the browser does. */
const putBlock = (upload: Started, index: number, bytes: Buffer) =>
  fetch(`${upload.url}&comp=block&blockid=${encodeURIComponent(documentBlockId(index))}`, { method: 'PUT', body: new Uint8Array(bytes) });

const blockOf = (file: Buffer, index: number) => file.subarray(index * MOVE_DOCUMENT_BLOCK_BYTES, (index + 1) * MOVE_DOCUMENT_BLOCK_BYTES);

/** Everything Storage holds under the move, committed or only staged, served or staging: `container/name`. */
async function stored(): Promise<string[]> {
  const service = BlobServiceClient.fromConnectionString(inject('stack').settings.STORAGE_CONNECTION_STRING);
  const names: string[] = [];
  for (const container of ['move-documents', 'document-uploads'])
    for await (const blob of service.getContainerClient(container).listBlobsFlat({ prefix: `${MOVE}/`, includeUncommitedBlobs: true }))
      names.push(`${container}/${blob.name}`);
  return names.sort();
}

/** The cleaning timer's function, run against the test stack as the Functions host would run it. */
async function cleaner() {
  Object.assign(process.env, inject('stack').settings);
  return import('../../src/features/moveDocuments/uploads.data.ts');
}

const listed = async () => ((await call('staff', 'GET', `${base}/documents`)).body as { id: string }[]).map((d) => d.id);

describe('a large move document, uploaded in blocks straight to storage', () => {
  it('is listed once committed, with the type its bytes show, and downloads whole', async () => {
    const file = fileOf(2 * MOVE_DOCUMENT_BLOCK_BYTES + 1000);
    const started = await start(file.length);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const upload = started.body as Started;
    expect(upload).toMatchObject({ blocks: 3, blockBytes: MOVE_DOCUMENT_BLOCK_BYTES });
    for (let i = 0; i < 3; i++) expect((await putBlock(upload, i, blockOf(file, i))).status).toBe(201);
    expect(await listed()).not.toContain(upload.uploadId);

    const committed = await call('extA', 'POST', `${base}/document-uploads/${upload.uploadId}`, { body: { blocks: 3 } });
    expect(committed.status, JSON.stringify(committed.body)).toBe(201);
    expect(committed.body).toMatchObject({ id: upload.uploadId, originalFilename: 'plan.pdf', size: file.length, contentType: 'application/pdf' });
    expect(committed.headers.get('etag')).toBeTruthy();
    expect(await listed()).toContain(upload.uploadId);
    const download = await call('staff', 'GET', `${base}/documents/${upload.uploadId}`);
    expect(Buffer.from(download.body as ArrayBuffer).equals(file)).toBe(true);
    // Committed once: the upload is gone.
    expect((await call('extA', 'POST', `${base}/document-uploads/${upload.uploadId}`, { body: { blocks: 3 } })).status).toBe(404);
    expect((await call('staff', 'DELETE', `${base}/documents/${upload.uploadId}`, { headers: ifMatch(committed.body.etag) })).status).toBe(204);
  });

  it('hands out a SAS that writes its one staging blob only, over HTTPS, for ten minutes at most', async () => {
    const upload = (await start(1000)).body as Started;
    const url = new URL(upload.url);
    expect(url.protocol).toBe('https:');
    // Never the container documents are served from.
    expect(url.pathname).toMatch(new RegExp(`/document-uploads/${MOVE}/${upload.uploadId}$`));
    const sas = url.searchParams;
    expect(sas.get('sp')).toBe('w');
    expect(sas.get('sr')).toBe('b');
    expect(sas.get('spr')).toBe('https');
    // A user delegation SAS: signed by a key the API's identity was given, not the account key.
    expect(sas.get('skoid')).toBeTruthy();
    expect(new Date(sas.get('se')!).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    expect(new Date(upload.expiresOn).getTime()).toBe(new Date(sas.get('se')!).getTime());

    expect((await putBlock(upload, 0, fileOf(1000))).status).toBe(201);
    // Not read, not deleted, no other blob, no listing.
    expect((await fetch(upload.url)).status).toBe(403);
    expect((await fetch(upload.url, { method: 'DELETE' })).status).toBe(403);
    const other = upload.url.replace(upload.uploadId, '00000000-0000-4000-8000-000000000000');
    expect((await fetch(`${other}&comp=block&blockid=${encodeURIComponent(documentBlockId(0))}`, { method: 'PUT', body: 'x' })).status).toBe(403);
    const served = upload.url.replace('/document-uploads/', '/move-documents/');
    expect((await fetch(`${served}&comp=block&blockid=${encodeURIComponent(documentBlockId(0))}`, { method: 'PUT', body: 'x' })).status).toBe(403);
    const listing = new URL(upload.url);
    listing.pathname = listing.pathname.replace(`/${MOVE}/${upload.uploadId}`, '');
    listing.searchParams.set('restype', 'container');
    listing.searchParams.set('comp', 'list');
    expect((await fetch(listing)).status).toBe(403);
  });

  it('resumes: the stored blocks are listed, a commit with one missing is 409, and the rest completes it', async () => {
    const file = fileOf(2 * MOVE_DOCUMENT_BLOCK_BYTES + 10);
    const upload = (await start(file.length)).body as Started;
    await putBlock(upload, 0, blockOf(file, 0));
    await putBlock(upload, 2, blockOf(file, 2));
    const state = await call('extA', 'GET', `${base}/document-uploads/${upload.uploadId}`);
    expect(state.body).toMatchObject({ uploadId: upload.uploadId, blocks: 3, storedBlocks: [0, 2] });
    // A fresh SAS for the rest, of the same scope.
    expect(new URL(state.body.url).searchParams.get('sp')).toBe('w');
    expect(new URL(state.body.url).pathname).toBe(new URL(upload.url).pathname);
    const early = await call('extA', 'POST', `${base}/document-uploads/${upload.uploadId}`, { body: { blocks: 3 } });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toContain('2 of 3 blocks are stored');
    await putBlock({ ...upload, url: state.body.url }, 1, blockOf(file, 1));
    const committed = await call('extA', 'POST', `${base}/document-uploads/${upload.uploadId}`, { body: { blocks: 3 } });
    expect(committed.status).toBe(201);
    expect((await call('staff', 'DELETE', `${base}/documents/${upload.uploadId}`, { headers: ifMatch(committed.body.etag) })).status).toBe(204);
  });

  it('refuses a program by its bytes, whatever its name, and leaves nothing stored', async () => {
    const before = { documents: await listed(), stored: await stored() };
    const file = fileOf(MOVE_DOCUMENT_BLOCK_BYTES + 5, '\x7fELF\x02\x01\x01\x00');
    const upload = (await start(file.length, 'extA', 'minutes.pdf')).body as Started;
    await putBlock(upload, 0, blockOf(file, 0));
    await putBlock(upload, 1, blockOf(file, 1));
    const refused = await call('extA', 'POST', `${base}/document-uploads/${upload.uploadId}`, { body: { blocks: 2 } });
    expect(refused.status).toBe(415);
    expect(refused.body.error.message).toBe('a program cannot be stored as a document');
    expect(await listed()).toEqual(before.documents);
    expect(await stored()).toEqual(before.stored);
    expect((await call('extA', 'GET', `${base}/document-uploads/${upload.uploadId}`)).status).toBe(404);
  });

  it('refuses a file over 1 GB when it is announced, and one larger than announced when committed (nothing stored)', async () => {
    const tooLarge = await start(1024 * 1024 * 1024 + 1);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.error.fields.size).toBe('the file is larger than 1 GB');

    const before = await stored();
    const upload = (await start(1000)).body as Started;
    await putBlock(upload, 0, fileOf(5000));
    const refused = await call('extA', 'POST', `${base}/document-uploads/${upload.uploadId}`, { body: { blocks: 1 } });
    expect(refused.status).toBe(413);
    expect(refused.body.error.message).toBe('the file is larger than the 1000 bytes announced');
    expect(await stored()).toEqual(before);
  });

  it("refuses another client's user (403) and a location that is not the move's (404)", async () => {
    const upload = (await start(1000)).body as Started;
    expect((await start(1000, 'extB')).status).toBe(403);
    expect((await call('extB', 'GET', `${base}/document-uploads/${upload.uploadId}`)).status).toBe(403);
    expect((await call('extB', 'POST', `${base}/document-uploads/${upload.uploadId}`, { body: { blocks: 1 } })).status).toBe(403);
    const elsewhere = `/v1/locations/l0000000-0000-4000-8000-000000000102/moves/${MOVE}/document-uploads`;
    expect((await call('extA', 'POST', elsewhere, { body: { name: 'a.pdf', size: 10 } })).status).toBe(404);
  });
});

describe('a SAS replayed after its upload was committed (issue 54)', () => {
  /** A Windows program, 47 bytes, as the attacker sent it. */
  const program = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'), Buffer.alloc(33, 0x41)]);
  const blockList = (ids: string[]) => `<?xml version="1.0" encoding="utf-8"?><BlockList>${ids.map((id) => `<Latest>${id}</Latest>`).join('')}</BlockList>`;

  /** The document as the admin screen and the visitor site download it: bytes and type. */
  async function downloads(documentId: string) {
    const admin = await call('staff', 'GET', `${base}/documents/${documentId}`);
    const from = loopbackAddress();
    const session = await call('anonymous', 'POST', '/v1/visit/aurora-hq/session', {
      body: { email: 'visitor@client-a.test', password: 'flytting-2026' },
      from,
    });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const visitor = await call('anonymous', 'GET', `/v1/visit/aurora-hq/documents/${documentId}`, {
      from,
      headers: { Authorization: `Bearer ${session.body.token}` },
    });
    return [admin, visitor].map((answer) => ({
      status: answer.status,
      type: answer.headers.get('content-type'),
      bytes: Buffer.from(answer.body as ArrayBuffer),
    }));
  }

  it('changes nothing anyone downloads: Put Blob, and Put Block with Put Block List, leave the checked file served byte for byte', async () => {
    const file = fileOf(MOVE_DOCUMENT_BLOCK_BYTES + 1000);
    const upload = (await start(file.length)).body as Started;
    await putBlock(upload, 0, blockOf(file, 0));
    await putBlock(upload, 1, blockOf(file, 1));
    const committed = await call('extA', 'POST', `${base}/document-uploads/${upload.uploadId}`, { body: { blocks: 2 } });
    expect(committed.status, JSON.stringify(committed.body)).toBe(201);
    expect(committed.body.contentType).toBe('application/pdf');
    // The staging blob went with the commit: only the served file is left.
    expect((await stored()).filter((name) => name.endsWith(upload.uploadId))).toEqual([`move-documents/${MOVE}/${upload.uploadId}`]);

    // Put Blob of a program to the SAS's address, as the issue tried it.
    const putBlob = await fetch(upload.url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob' }, body: new Uint8Array(program) });
    expect([201, 403]).toContain(putBlob.status);
    // Put Block, then Put Block List of that block.
    expect([201, 403]).toContain((await putBlock(upload, 0, program)).status);
    const putList = await fetch(`${upload.url}&comp=blocklist`, { method: 'PUT', body: blockList([documentBlockId(0)]) });
    expect([201, 403]).toContain(putList.status);

    for (const served of await downloads(upload.uploadId)) {
      expect(served.status).toBe(200);
      expect(served.type).toBe('application/pdf');
      expect(served.bytes.equals(file)).toBe(true);
    }

    // What the replay wrote is a staging blob nothing serves; the timer removes it once no SAS for it is valid.
    const staging = `document-uploads/${MOVE}/${upload.uploadId}`;
    if (putList.status === 201) expect(await stored()).toContain(staging);
    const { cleanAbandonedUploads, UPLOAD_SAS_LIFETIME_MS } = await cleaner();
    await cleanAbandonedUploads(Date.now() + UPLOAD_SAS_LIFETIME_MS + 60_000);
    expect(await stored()).not.toContain(staging);
    expect(await stored()).toContain(`move-documents/${MOVE}/${upload.uploadId}`);
    expect((await downloads(upload.uploadId)).every((served) => served.bytes.equals(file))).toBe(true);
    expect((await call('staff', 'DELETE', `${base}/documents/${upload.uploadId}`, { headers: ifMatch(committed.body.etag) })).status).toBe(204);
  });
});

describe('a document whose file changed after it was checked (issue 54, defence in depth)', () => {
  it('is not served: its file has another ETag than the one recorded when it was judged', async () => {
    const file = fileOf(3000);
    const upload = (await start(file.length)).body as Started;
    await putBlock(upload, 0, file);
    const committed = await call('extA', 'POST', `${base}/document-uploads/${upload.uploadId}`, { body: { blocks: 1 } });
    expect(committed.status).toBe(201);
    // Only the API writes these files; this stands in for any other writer.
    const service = BlobServiceClient.fromConnectionString(inject('stack').settings.STORAGE_CONNECTION_STRING);
    await service.getContainerClient('move-documents').getBlockBlobClient(`${MOVE}/${upload.uploadId}`).uploadData(Buffer.from('MZ\x90\x00', 'latin1'));
    expect((await call('staff', 'GET', `${base}/documents/${upload.uploadId}`)).status).toBe(404);
    expect((await call('staff', 'DELETE', `${base}/documents/${upload.uploadId}`, { headers: ifMatch(committed.body.etag) })).status).toBe(204);
  });
});

describe('an upload never committed', () => {
  it('is removed, blocks and record, by the cleaning timer once a day old', async () => {
    const upload = (await start(2000)).body as Started;
    await putBlock(upload, 0, fileOf(2000));
    expect(await stored()).toContain(`document-uploads/${MOVE}/${upload.uploadId}`);
    const { cleanAbandonedUploads } = await cleaner();
    await cleanAbandonedUploads(Date.now() - 60_000);
    expect(await stored()).toContain(`document-uploads/${MOVE}/${upload.uploadId}`);
    expect((await call('extA', 'GET', `${base}/document-uploads/${upload.uploadId}`)).status).toBe(200);
    // An upload in progress keeps its staging blob, however old its last block.
    await cleanAbandonedUploads(Date.now() + 60 * 60 * 1000);
    expect((await call('extA', 'GET', `${base}/document-uploads/${upload.uploadId}`)).status).toBe(200);
    expect(await cleanAbandonedUploads(Date.now() + 25 * 60 * 60 * 1000)).toBeGreaterThanOrEqual(1);
    expect((await call('extA', 'GET', `${base}/document-uploads/${upload.uploadId}`)).status).toBe(404);
    expect((await stored()).filter((name) => name.endsWith(upload.uploadId))).toEqual([]);
  });
});

describe('the direct route', () => {
  it('refuses a program by its bytes too', async () => {
    const stack = inject('stack');
    const form = new FormData();
    form.append('document', new Blob([new Uint8Array(fileOf(2000, '\x7fELF\x02\x01\x01\x00'))]), 'agenda.pdf');
    const response = await fetch(`${stack.apiOrigin}/api${base}/document`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.tokens.extA}` },
      body: form,
    });
    expect(response.status).toBe(415);
    expect((await response.json()).error.message).toBe('a program cannot be stored as a document');
  });
});
