import { afterAll, describe, expect, inject, it } from 'vitest';
import { contentLocales } from '@movers/contracts';
import { call, CLIENT_A, ifMatch, loopbackAddress } from './call.ts';

// Videos in pages (issue 29): a video uploaded from the editor is stored in the page's content and reaches
// visitors as a `<video controls>` of the API's own file; a video from anywhere else is dropped; a media
// embed of a known provider reaches visitors as a link to its address.

const MOVE = `${CLIENT_A}_l0000000-0000-4000-8000-000000000101`;
const made: { id: string; etag: string }[] = [];

/** The start of an MP4 (an ftyp box), which is what the API judges its type by. */
const MP4 = new Uint8Array(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(4), Buffer.from('mp42isom'), Buffer.alloc(64)]));

async function uploadVideo(): Promise<string> {
  const stack = inject('stack');
  const form = new FormData();
  form.append('upload', new Blob([MP4]), 'tour.mp4');
  const response = await fetch(`${stack.apiOrigin}/api/v1/images`, { method: 'POST', headers: { Authorization: `Bearer ${stack.tokens.extA}` }, body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

const withContent = (content: string) => contentLocales.map((locale) => ({ locale, title: `Zz video ${locale}`, content }));

async function visitorPages() {
  const from = loopbackAddress();
  const session = await call('anonymous', 'POST', '/v1/visit/aurora-hq/session', { body: { email: 'visitor@client-a.test', password: 'flytting-2026' }, from });
  expect(session.status).toBe(201);
  const pages = await call('anonymous', 'GET', '/v1/visit/aurora-hq/pages', { from, headers: { Authorization: `Bearer ${session.body.token}` } });
  expect(pages.status).toBe(200);
  return pages.body as { id: string; translations: { locale: string; content: string }[] }[];
}

afterAll(async () => {
  for (const page of made) await call('staff', 'DELETE', `/v1/pages/${page.id}`, { headers: ifMatch(page.etag) });
});

describe('videos in move pages', () => {
  it("stores a video of the editor's own upload and reads it back; a video from elsewhere, autoplay and handlers go", async () => {
    const url = await uploadVideo();
    const content = `<p>Tour</p><p><video controls src="${url}"></video></p><video autoplay onerror="alert(1)" src="https://evil.test/api/v1/images/${url.slice(-36)}"></video> `;
    const created = await call('extA', 'POST', `/v1/moves/${MOVE}/pages`, { body: { templateId: null, translations: withContent(content) } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    made.push(created.body);
    const stored = `<p>Tour</p><p><video controls src="${url}"></video></p> `;
    expect(created.body.translations[0].content).toBe(stored);
    const read = await call('extA', 'GET', `/v1/pages/${created.body.id}`);
    expect(read.body.translations.map((t: { content: string }) => t.content)).toEqual(contentLocales.map(() => stored));

    const shown = (await visitorPages()).find((p) => p.id === created.body.id);
    expect(shown?.translations[0].content).toBe(stored);
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('video/mp4');
  });

  it('gives visitors a link for the media embed of a known provider, and nothing for another address', async () => {
    const youtube = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    const content = `<figure class="media"><oembed url="${youtube}"></oembed></figure><figure class="media"><oembed url="https://evil.test/x"></oembed></figure> `;
    const created = await call('extA', 'POST', `/v1/moves/${MOVE}/pages`, { body: { templateId: null, translations: withContent(content) } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    made.push(created.body);
    // The page keeps the embed, so the editor shows what it inserted.
    expect(created.body.translations[0].content).toBe(`<figure class="media"><oembed url="${youtube}"></oembed></figure><figure class="media"></figure> `);
    const shown = (await visitorPages()).find((p) => p.id === created.body.id);
    expect(shown?.translations[0].content).toBe(`<figure class="media"><a href="${youtube}">${youtube}</a></figure><figure class="media"></figure> `);
  });
});
