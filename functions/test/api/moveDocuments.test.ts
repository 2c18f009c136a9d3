import { BlobServiceClient } from '@azure/storage-blob';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { type AnyCaller, call, CLIENT_A, ifMatch } from './call.ts';
import { checkIncoming } from './conformance.ts';

// A move's documents (issue 13): uploads stream into Blob Storage, the record and the blob never drift
// apart, downloads are attachments with a safe type; the client's own External users manage them.

const LOCATION = 'l0000000-0000-4000-8000-000000000101';
const MOVE = `${CLIENT_A}_${LOCATION}`;
const base = `/v1/locations/${LOCATION}/moves/${MOVE}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

async function upload(name: string, bytes: Buffer | string, caller: AnyCaller = 'extA', path = `${base}/document`) {
  const stack = inject('stack');
  const form = new FormData();
  form.append('document', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
  const headers: Record<string, string> = caller === 'anonymous' || caller === 'badToken' ? {} : { Authorization: `Bearer ${stack.tokens[caller]}` };
  const response = await fetch(`${stack.apiOrigin}/api${path}`, { method: 'POST', headers, body: form });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

const list = async () => (await call('staff', 'GET', `${base}/documents`)).body as { id: string; position: number; originalFilename: string; etag: string }[];

/** The committed blobs under the move (what Blob Storage holds for its documents). */
async function blobNames(): Promise<string[]> {
  const service = BlobServiceClient.fromConnectionString(inject('stack').settings.STORAGE_CONNECTION_STRING);
  const names: string[] = [];
  for await (const blob of service.getContainerClient('move-documents').listBlobsFlat({ prefix: `${MOVE}/` })) names.push(blob.name);
  return names.sort();
}

/** Multipart framing around one file of the field `document`. */
function framing(name: string) {
  const boundary = `----movers${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { boundary, head, tail };
}

/**
 * Sends a multipart upload of `size` bytes (a repeated 1 MB chunk, never the whole file in memory) on a
 * raw connection; `cutAfter` bytes of the body and the connection is destroyed instead.
 */
function rawUpload(size: number, options: { cutAfter?: number } = {}) {
  const stack = inject('stack');
  const url = new URL(`${stack.apiOrigin}/api${base}/document`);
  const { boundary, head, tail } = framing('big.bin');
  const length = head.length + size + tail.length;
  const chunk = Buffer.alloc(1024 * 1024, 0x61);
  chunk.write('%PDF-1.4\n', 0, 'latin1');
  return new Promise<{ status: number | 'cut'; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        method: 'POST',
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: {
          Authorization: `Bearer ${stack.tokens.extA}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(length),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        // This answer, too, is held to the served OpenAPI document.
        res.on('end', () => checkIncoming('POST', url.href, res, body).then(() => resolve({ status: res.statusCode ?? 0, body }), reject));
      },
    );
    req.on('error', (error) => (options.cutAfter !== undefined ? resolve({ status: 'cut', body: '' }) : reject(error)));
    const write = (data: Buffer) => new Promise<void>((done) => (req.write(data) ? done() : req.once('drain', done)));
    (async () => {
      await write(head);
      let sent = 0;
      while (sent < size) {
        const part = sent + chunk.length <= size ? chunk : chunk.subarray(0, size - sent);
        if (options.cutAfter !== undefined && sent >= options.cutAfter) {
          req.destroy();
          return;
        }
        await write(part);
        sent += part.length;
      }
      req.end(tail);
    })().catch(reject);
  });
}

describe('move documents', () => {
  it("lets the client's External user upload, list, download and delete a document", async () => {
    const before = await list();
    const text = 'Floor 3: blue boxes\nFloor 4: green boxes\n';
    const sent = await upload('Box colours.txt', text);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ originalFilename: 'Box colours.txt', contentType: 'text/plain', size: Buffer.byteLength(text), position: before.length });
    const after = await list();
    expect(after.map((d) => d.id)).toEqual([...before.map((d) => d.id), sent.body.id]);
    expect(after.map((d) => d.position)).toEqual(after.map((_, i) => i));

    const read = await call('extA', 'GET', `${base}/documents/${sent.body.id}`);
    expect(read.status).toBe(200);
    expect(Buffer.from(read.body as ArrayBuffer).toString('utf8')).toBe(text);
    expect(read.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(read.headers.get('content-disposition')).toBe(`attachment; filename="Box colours.txt"; filename*=UTF-8''Box%20colours.txt`);
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await call('anonymous', 'GET', `${base}/documents/${sent.body.id}`)).status).toBe(401);

    expect(await blobNames()).toContain(sent.body.documentPath);
    expect((await call('extA', 'DELETE', `${base}/documents/${sent.body.id}`, { headers: ifMatch('"stale"') })).status).toBe(412);
    expect((await call('extA', 'DELETE', `${base}/documents/${sent.body.id}`, { headers: ifMatch(sent.body.etag) })).status).toBe(204);
    expect((await list()).map((d) => d.id)).toEqual(before.map((d) => d.id));
    expect(await blobNames()).not.toContain(sent.body.documentPath);
    expect((await call('extA', 'GET', `${base}/documents/${sent.body.id}`)).status).toBe(404);
  });

  it("refuses another client's External user (403) and a location that is not the move's (404)", async () => {
    const [first] = await list();
    expect((await upload('x.txt', 'x', 'extB')).status).toBe(403);
    expect((await call('extB', 'GET', `${base}/documents`)).status).toBe(403);
    expect((await call('extB', 'GET', `${base}/documents/${first.id}`)).status).toBe(403);
    expect((await call('extB', 'DELETE', `${base}/documents/${first.id}`, { headers: ifMatch(first.etag) })).status).toBe(403);
    expect((await call('extB', 'POST', `${base}/documents/${first.id}/position`, { body: { position: 0 }, headers: ifMatch('*') })).status).toBe(403);
    const otherLocation = `/v1/locations/l0000000-0000-4000-8000-000000000102/moves/${MOVE}`;
    expect((await call('staff', 'GET', `${otherLocation}/documents`)).status).toBe(404);
    expect((await call('staff', 'GET', `${otherLocation}/documents/${first.id}`)).status).toBe(404);
    expect((await upload('x.txt', 'x', 'staff', `${otherLocation}/document`)).status).toBe(404);
  });

  it('keeps a non-ASCII file name and sends it back as RFC 6266 says', async () => {
    const sent = await upload('Flytteplan Ærøskøbing.pdf', PDF);
    expect(sent.status).toBe(201);
    expect(sent.body.originalFilename).toBe('Flytteplan Ærøskøbing.pdf');
    expect(sent.body.contentType).toBe('application/pdf');
    const read = await call('staff', 'GET', `${base}/documents/${sent.body.id}`);
    expect(read.headers.get('content-type')).toBe('application/pdf');
    expect(read.headers.get('content-disposition')).toBe(
      `attachment; filename="Flytteplan AEroskobing.pdf"; filename*=UTF-8''Flytteplan%20%C3%86r%C3%B8sk%C3%B8bing.pdf`,
    );
    expect(Buffer.from(read.body as ArrayBuffer).equals(PDF)).toBe(true);
    await call('staff', 'DELETE', `${base}/documents/${sent.body.id}`, { headers: ifMatch(sent.body.etag) });
  });

  it('serves what could run in a browser (HTML, SVG) as application/octet-stream, whatever the name says', async () => {
    for (const [name, content] of [
      ['notes.pdf', '<html><script>alert(1)</script></html>'],
      ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ]) {
      const sent = await upload(name, content);
      expect(sent.status).toBe(201);
      const read = await call('staff', 'GET', `${base}/documents/${sent.body.id}`);
      expect(read.headers.get('content-type')).toBe(name.endsWith('.svg') ? 'application/octet-stream' : 'text/plain; charset=utf-8');
      expect(read.headers.get('content-disposition')).toMatch(/^attachment;/);
      await call('staff', 'DELETE', `${base}/documents/${sent.body.id}`, { headers: ifMatch(sent.body.etag) });
    }
  });

  it('refuses an empty file with a clear message, and stays up', async () => {
    const empty = await upload('empty.txt', '');
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('the file is empty');
    expect((await call('staff', 'GET', `${base}/documents`)).status).toBe(200);
  });

  it('refuses an upload without the file, or that is not multipart', async () => {
    const stack = inject('stack');
    const form = new FormData();
    form.append('other', new Blob(['x']), 'x.txt');
    const response = await fetch(`${stack.apiOrigin}/api${base}/document`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.tokens.staff}` },
      body: form,
    });
    expect(response.status).toBe(400);
    expect((await call('staff', 'POST', `${base}/document`, { body: {} })).status).toBe(415);
  });

  it('reorders with the list ETag, refuses a stale one, and keeps 0..n-1 when many reorder at once', async () => {
    const added = [];
    for (const n of [1, 2, 3]) added.push((await upload(`order-${n}.txt`, `order ${n}`)).body);
    const listed = await call('staff', 'GET', `${base}/documents`);
    const etag = listed.headers.get('etag');
    const last = added[2];
    const moved = await call('extA', 'POST', `${base}/documents/${last.id}/position`, { body: { position: 0 }, headers: ifMatch(etag) });
    expect(moved.status).toBe(200);
    expect(moved.body[0].id).toBe(last.id);
    expect(moved.body.map((d: { position: number }) => d.position)).toEqual(moved.body.map((_: unknown, i: number) => i));
    expect((await call('extA', 'POST', `${base}/documents/${last.id}/position`, { body: { position: 1 }, headers: ifMatch(etag) })).status).toBe(412);
    expect((await call('extA', 'POST', `${base}/documents/${last.id}/position`, { body: { position: 1 } })).status).toBe(428);
    const ids = (listed.body as { id: string }[]).map((d) => d.id);
    const answers = await Promise.all(
      ids.map((id, i) =>
        call(i % 2 ? 'extA' : 'staff', 'POST', `${base}/documents/${id}/position`, { body: { position: (i * 3) % ids.length }, headers: ifMatch('*') }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
    const after = await list();
    expect(after.map((d) => d.position)).toEqual(after.map((_, i) => i));
    expect(new Set(after.map((d) => d.id))).toEqual(new Set(ids));
    for (const doc of added) {
      const current = after.find((d) => d.id === doc.id)!;
      expect((await call('staff', 'DELETE', `${base}/documents/${doc.id}`, { headers: ifMatch(current.etag) })).status).toBe(204);
    }
  });

  it('leaves neither a record nor a blob when an upload is cut off halfway', async () => {
    const before = { documents: (await list()).map((d) => d.id), blobs: await blobNames() };
    const outcome = await rawUpload(7 * 1024 * 1024, { cutAfter: 4 * 1024 * 1024 });
    expect(outcome.status).toBe('cut');
    // The API notices the cut when its read of the body fails; then nothing it started may remain.
    for (let i = 0; i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await list()).map((d) => d.id)).toEqual(before.documents);
      expect(await blobNames()).toEqual(before.blobs);
    }
  });

  it('takes a file of 7 MB, streamed (larger ones go to storage in blocks)', async () => {
    const size = 7 * 1024 * 1024;
    const outcome = await rawUpload(size);
    expect(outcome.status, outcome.body).toBe(201);
    const stored = JSON.parse(outcome.body);
    expect(stored).toMatchObject({ originalFilename: 'big.bin', size, contentType: 'application/pdf' });
    expect(await blobNames()).toContain(stored.documentPath);
    expect((await call('staff', 'DELETE', `${base}/documents/${stored.id}`, { headers: ifMatch(stored.etag) })).status).toBe(204);
    expect(await blobNames()).not.toContain(stored.documentPath);
  });
});

/** Sends the head of an upload announcing `declared` bytes and its first bytes; resolves with the answer. */
function announce(declared: number): Promise<string> {
  const stack = inject('stack');
  const origin = new URL(stack.apiOrigin);
  const { boundary, head } = framing('huge.bin');
  const lines = [
    `POST /api${base}/document HTTP/1.1`,
    `Host: ${origin.host}`,
    `Authorization: Bearer ${stack.tokens.extA}`,
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    `Content-Length: ${declared}`,
    '',
    '',
  ];
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(Number(origin.port), origin.hostname, () =>
      socket.write(Buffer.concat([Buffer.from(lines.join('\r\n')), head, Buffer.alloc(1024)])),
    );
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

describe('a document too large', () => {
  it('is refused from its declared length with the limit in the message, and nothing is stored', async () => {
    const before = { documents: (await list()).map((d) => d.id), blobs: await blobNames() };
    const answer = await announce(9 * 1024 * 1024);
    expect(answer).toMatch(/^HTTP\/1.1 413 /);
    expect(answer).toContain('the file is larger than 8 MB');
    expect((await list()).map((d) => d.id)).toEqual(before.documents);
    expect(await blobNames()).toEqual(before.blobs);
  });
});
