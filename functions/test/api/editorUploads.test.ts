import { describe, expect, inject, it } from 'vitest';
import { call } from './call.ts';
import { pngHeader as png } from '@movers/local/src/testing/pngHeader.ts';

// Files inserted in the rich-text editor (issue 12): checked by content, images at least 100x20,
// public by an unguessable id, served so that they cannot run.

/** The start of an MP4 (an ftyp box), which is what its type is judged by. */
const MP4: Uint8Array<ArrayBuffer> = new Uint8Array(
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(4), Buffer.from('mp42isom'), Buffer.alloc(64)]),
);

async function send(bytes: Uint8Array<ArrayBuffer> | string, name: string, caller: 'staff' | 'extA' | 'anonymous' = 'extA') {
  const stack = inject('stack');
  const form = new FormData();
  form.append('upload', new Blob([bytes]), name);
  const headers: Record<string, string> = caller === 'anonymous' ? {} : { Authorization: `Bearer ${stack.tokens[caller]}` };
  const response = await fetch(`${stack.apiOrigin}/api/v1/images`, { method: 'POST', headers, body: form });
  return { status: response.status, body: await response.json() };
}

describe('editor uploads', () => {
  it('stores an image of at least 100x20 and serves it publicly, sandboxed, not sniffed, cached for a year', async () => {
    const sent = await send(png(120, 30), 'banner.png');
    expect(sent.status).toBe(201);
    expect(sent.body.url).toMatch(/\/api\/v1\/images\/[0-9a-f-]{36}$/);
    const path = new URL(sent.body.url).pathname.replace(/^\/api/, '');
    const read = await call('anonymous', 'GET', path);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(read.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
    expect(read.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(read.body as ArrayBuffer).equals(Buffer.from(png(120, 30)))).toBe(true);
  });

  it('takes a video by its content', async () => {
    const sent = await send(MP4, 'tour.mp4');
    expect(sent.status).toBe(201);
    const read = await call('anonymous', 'GET', new URL(sent.body.url).pathname.replace(/^\/api/, ''));
    expect(read.headers.get('content-type')).toBe('video/mp4');
  });

  it('refuses an image smaller than 100x20, a file that is not what its name says, and callers not signed in', async () => {
    const small = await send(png(99, 30), 'small.png');
    expect(small.status).toBe(400);
    expect(small.body.error.message).toBe('an image must be at least 100 wide and 20 high');
    const html = await send('<html><body onload="alert(1)"></body></html>', 'page.png');
    expect(html.status).toBe(415);
    expect((await send(png(120, 30), 'banner.png', 'anonymous')).status).toBe(401);
  });

  it('knows no file by a guessed id', async () => {
    expect((await call('anonymous', 'GET', '/v1/images/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call('anonymous', 'GET', '/v1/images/..%2Fmove-images')).status).toBe(404);
  });
});
