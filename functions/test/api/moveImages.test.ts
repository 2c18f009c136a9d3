import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, CLIENT_A, ifMatch } from './call.ts';

// Move images (issue 11): checked by content, SVG sanitised, served so that nothing in them runs,
// previews kept apart from the image and cleaned up, removal with the version read.

const LOCATION = 'l0000000-0000-4000-8000-000000000101';
const MOVE = `${CLIENT_A}_${LOCATION}`;
const upload = (kind: string) => `/v1/locations/${LOCATION}/moves/${MOVE}/${kind}`;

/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
/** A JPEG's first bytes are enough for its type. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(64)]);
const HOSTILE_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)">
  <script>alert(2)</script>
  <rect width="10" height="10" fill="#005a9e" onclick="alert(3)"/>
  <a href="javascript:alert(4)"><circle r="2"/></a>
  <foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(5)"/></body></foreignObject>
</svg>`;

async function send(
  kind: string,
  bytes: Buffer | string,
  options: { name?: string; type?: string; caller?: 'staff' | 'extA'; query?: string; field?: string } = {},
) {
  const form = new FormData();
  form.append(
    options.field ?? kind,
    new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type: options.type ?? 'image/png' }),
    options.name ?? `${kind}.png`,
  );
  const stack = inject('stack');
  const response = await fetch(`${stack.apiOrigin}/api${upload(kind)}${options.query ?? ''}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack.tokens[options.caller ?? 'staff']}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

describe('move images', () => {
  it('stores a PNG logo and serves it with its version, sandboxed, not sniffed, cached by version', async () => {
    const sent = await send('logo', PNG);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ kind: 'logo', discriminator: null, version: expect.any(String) });
    const read = await call('extA', 'GET', `/v1/moves/${MOVE}/logo?v=${encodeURIComponent(sent.body.version)}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(read.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
    expect(read.headers.get('etag')).toBe(sent.body.version);
    expect(read.headers.get('cache-control')).toMatch(/max-age=31536000/);
    expect(Buffer.from(read.body as ArrayBuffer).equals(PNG)).toBe(true);
    const move = await call('staff', 'GET', `/v1/locations/${LOCATION}/moves/${MOVE}`);
    expect(move.body.images.logo).toBe(sent.body.version);
  });

  it('takes a JPEG background whatever its name says', async () => {
    const sent = await send('background', JPEG, { name: 'background.svg', type: 'image/svg+xml' });
    expect(sent.status).toBe(200);
    const read = await call('staff', 'GET', `/v1/moves/${MOVE}/background`);
    expect(read.headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses a "PNG" that is really HTML with a clear message, and a file without its field', async () => {
    const html = await send('logo', '<html><script>alert(1)</script></html>', { name: 'logo.png', type: 'image/png' });
    expect(html.status).toBe(415);
    // The words the settings' own check uses for the same rule (one message per rule).
    expect(html.body.error.message).toBe('Only .jpg, .jpeg, .png and .svg files can be used.');
    const wrongField = await send('logo', PNG, { field: 'picture' });
    expect(wrongField.status).toBe(400);
  });

  it('stores an SVG without its script, handlers and javascript: links, and serves it sandboxed', async () => {
    const sent = await send('loginlogo', HOSTILE_SVG, { name: 'login.svg', type: 'image/svg+xml' });
    expect(sent.status).toBe(200);
    const read = await call('staff', 'GET', `/v1/moves/${MOVE}/loginlogo`);
    expect(read.headers.get('content-type')).toBe('image/svg+xml');
    expect(read.headers.get('content-security-policy')).toMatch(/^sandbox/);
    const text = Buffer.from(read.body as ArrayBuffer).toString('utf8');
    expect(text).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(text).toContain('<rect');
    expect(text).not.toMatch(/script|onload|onclick|onerror|javascript:|foreignObject/i);
  });

  it('keeps a preview apart from the image: the image is not replaced until the real upload', async () => {
    const real = await send('logo', PNG);
    const preview = await send('logo', JPEG, { query: '?discriminator=preview-1' });
    expect(preview.body.discriminator).toBe('preview-1');
    expect((await call('staff', 'GET', `/v1/moves/${MOVE}/logo`)).headers.get('content-type')).toBe('image/png');
    expect((await call('staff', 'GET', `/v1/moves/${MOVE}/logo?discriminator=preview-1`)).headers.get('content-type')).toBe('image/jpeg');
    expect((await call('staff', 'GET', `/v1/moves/${MOVE}/logo`)).headers.get('etag')).toBe(real.body.version);
    expect((await send('logo', PNG, { query: '?discriminator=../logo' })).status).toBe(400);
  });

  it("takes the spec's calls as written: an empty discriminator is the image itself, and any cache-buster is ignored", async () => {
    const sent = await send('loginlogo', JPEG, { query: '?discriminator=' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.discriminator).toBeNull();
    const read = await call('extA', 'GET', `/v1/moves/${MOVE}/loginlogo?discriminator=&t=1795590000`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.headers.get('etag')).toBe(sent.body.version);
    expect(read.headers.get('content-type')).toBe('image/jpeg');
    // Uploads still refuse what they do not know.
    expect((await send('loginlogo', JPEG, { query: '?t=1' })).status).toBe(400);
  });

  it('removes an image with the version read (412 when stale), and keeps External users to reading', async () => {
    const sent = await send('background', PNG);
    expect((await send('background', PNG, { caller: 'extA' })).status).toBe(403);
    expect((await call('staff', 'DELETE', upload('background'), { headers: ifMatch('"stale"') })).status).toBe(412);
    expect((await call('staff', 'DELETE', upload('background'), { headers: ifMatch(sent.body.version) })).status).toBe(204);
    expect((await call('staff', 'GET', `/v1/moves/${MOVE}/background`)).status).toBe(404);
    expect((await call('extB', 'GET', `/v1/moves/${MOVE}/logo`)).status).toBe(403);
  });
});

describe('cleaning up previews', () => {
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    // The timer runs in this process against the test stack, as the Functions host would run it.
    for (const [key, value] of Object.entries(inject('stack').settings)) {
      saved[key] = process.env[key];
      process.env[key] = value;
    }
  });
  afterAll(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it('deletes previews older than a day and never the images', async () => {
    await send('logo', PNG);
    await send('logo', JPEG, { query: '?discriminator=left-behind' });
    const { cleanImagePreviews } = await import('../../src/features/moves/index.ts');
    expect(await cleanImagePreviews(Date.now())).toBe(0);
    expect(await cleanImagePreviews(Date.now() + 2 * 24 * 60 * 60 * 1000)).toBeGreaterThanOrEqual(1);
    expect((await call('staff', 'GET', `/v1/moves/${MOVE}/logo?discriminator=left-behind`)).status).toBe(404);
    expect((await call('staff', 'GET', `/v1/moves/${MOVE}/logo`)).status).toBe(200);
  });
});

describe('a file too large', () => {
  // Last in the file: the API answers 413 from the declared length and closes the connection while the
  // client is still sending, which the test client's connection pool takes badly for the next request.
  it('is refused from its declared length with the limit in the message', async () => {
    const big = await send('logo', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]));
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe('the file is larger than 5 MB');
  });
});
