import { HttpRequest } from '@azure/functions';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { streamedUpload } from '../../src/platform/http/upload.ts';
import { attachmentDisposition, downloadType } from '../../src/platform/http/userFiles.ts';

describe('attachment file names (RFC 6266 / 5987)', () => {
  it('sends an ASCII fallback and the exact name in UTF-8', () => {
    expect(attachmentDisposition('Flytteplan Ærøskøbing.pdf')).toBe(
      `attachment; filename="Flytteplan AEroskobing.pdf"; filename*=UTF-8''Flytteplan%20%C3%86r%C3%B8sk%C3%B8bing.pdf`,
    );
    expect(attachmentDisposition('Café déjà vu.txt')).toBe(`attachment; filename="Cafe deja vu.txt"; filename*=UTF-8''Caf%C3%A9%20d%C3%A9j%C3%A0%20vu.txt`);
  });

  it('keeps quotes, backslashes, control characters and header breaks out of the header', () => {
    const header = attachmentDisposition('a"b\\c\r\nSet-Cookie: x=1\u0000.txt');
    expect(header).not.toMatch(/[\r\n\u0000]/);
    expect(header).toBe(`attachment; filename="a_b_cSet-Cookie: x=1.txt"; filename*=UTF-8''a%22b%5CcSet-Cookie%3A%20x%3D1.txt`);
    expect(attachmentDisposition("it's (1)*.txt")).toContain(`filename*=UTF-8''it%27s%20%281%29%2A.txt`);
    expect(attachmentDisposition('日本.pdf')).toBe(`attachment; filename="__.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.pdf`);
    expect(attachmentDisposition('\r\n')).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
  });

  it('sends the stored type only when it cannot run in a browser', () => {
    expect(downloadType('application/pdf')).toBe('application/pdf');
    expect(downloadType('text/plain')).toBe('text/plain; charset=utf-8');
    expect(downloadType('image/png')).toBe('image/png');
    expect(downloadType('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    for (const unsafe of ['image/svg+xml', 'text/html', 'application/xml', 'application/javascript', 'application/x-msdownload'])
      expect(downloadType(unsafe)).toBe('application/octet-stream');
  });
});

/** A multipart request whose body arrives in chunks from `chunks` (a stream, as the dev host and Azure hand it over). */
function multipart(chunks: () => AsyncGenerator<Uint8Array>, fileName = 'a.txt') {
  const boundary = 'unit-boundary';
  const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="${fileName}"\r\n\r\n`);
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield head;
    yield* chunks();
    yield tail;
  }
  const stream = Readable.toWeb(Readable.from(body()));
  const nativeRequest = new Request('http://localhost/api/upload', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  return new HttpRequest({ nativeRequest } as unknown as ConstructorParameters<typeof HttpRequest>[0]);
}

const drain = async (stream: AsyncIterable<Uint8Array>) => {
  let size = 0;
  for await (const chunk of stream) size += chunk.length;
  return size;
};

describe('a streamed upload', () => {
  const spec = { field: 'document', maxBytes: 100_000, stream: true };

  it('hands the file on as it arrives, with the type its content shows', async () => {
    const request = multipart(async function* () {
      for (let i = 0; i < 5; i++) yield new TextEncoder().encode('line of text\n'.repeat(100));
    });
    const received = await streamedUpload(request, spec).receive(async (file) => ({ size: await drain(file.stream), type: file.type, name: file.name }));
    expect(received).toEqual({ size: 6500, type: 'text/plain', name: 'a.txt' });
  });

  it('fails at the limit while streaming (413), and the consumer sees its stream fail', async () => {
    const request = multipart(async function* () {
      for (let i = 0; i < 200; i++) yield new Uint8Array(1000).fill(0x78);
    });
    let consumerFailed = false;
    const outcome = streamedUpload(request, spec).receive(async (file) => {
      try {
        return await drain(file.stream);
      } catch (error) {
        consumerFailed = true;
        throw error;
      }
    });
    await expect(outcome).rejects.toMatchObject({ status: 413, message: 'the file is larger than 0.1 MB' });
    expect(consumerFailed).toBe(true);
  });

  it('fails when the request breaks off before its end (400), after the consumer has settled', async () => {
    async function* broken() {
      yield new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="document"; filename="x.txt"\r\n\r\n');
      for (let i = 0; i < 80; i++) yield new Uint8Array(1000).fill(0x78);
      throw new Error('connection reset');
    }
    const nativeRequest = new Request('http://localhost/api/upload', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      body: Readable.toWeb(Readable.from(broken())),
      duplex: 'half',
    } as RequestInit);
    const request = new HttpRequest({ nativeRequest } as unknown as ConstructorParameters<typeof HttpRequest>[0]);
    let settled = false;
    const outcome = streamedUpload(request, spec).receive(async (file) => {
      try {
        return await drain(file.stream);
      } finally {
        settled = true;
      }
    });
    await expect(outcome).rejects.toMatchObject({ status: 400 });
    expect(settled).toBe(true);
  });

  it('fails (400) without an unhandled stream error when the request breaks off inside another part', async () => {
    async function* broken() {
      yield new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="other"; filename="x.txt"\r\n\r\nsome of it');
      throw new Error('connection reset');
    }
    const nativeRequest = new Request('http://localhost/api/upload', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      body: Readable.toWeb(Readable.from(broken())),
      duplex: 'half',
    } as RequestInit);
    const request = new HttpRequest({ nativeRequest } as unknown as ConstructorParameters<typeof HttpRequest>[0]);
    await expect(streamedUpload(request, spec).receive(async (file) => drain(file.stream))).rejects.toMatchObject({ status: 400 });
  });

  it('refuses an empty file (400) and never calls the consumer', async () => {
    const request = multipart(async function* () {});
    let called = false;
    await expect(
      streamedUpload(request, spec).receive(async () => {
        called = true;
      }),
    ).rejects.toMatchObject({ status: 400, message: 'the file is empty' });
    expect(called).toBe(false);
  });
});
