import { describe, expect, it } from 'vitest';
import { contentLocales } from '@movers/contracts';
import { call, CLIENT_A, ifMatch } from './call.ts';

// A move's pages (issue 12): made from templates the caller may use, contents sanitised, kept in order
// 0..n-1 however people reorder at once; the client's own External users manage them.

const MOVE = `${CLIENT_A}_l0000000-0000-4000-8000-000000000101`;
const FOR_EVERYONE = 't0000000-0000-4000-8000-000000000001';
const INTERNAL_ONLY = 't0000000-0000-4000-8000-000000000002';
const WELCOME = `${MOVE}_a0000000-0000-4000-8000-000000000001`;

const translations = (title: string, content = '<p>Hello</p>') => contentLocales.map((locale) => ({ locale, title: `${title} ${locale}`, content }));

async function newPage(caller: 'extA' | 'staff', title: string) {
  const created = await call(caller, 'POST', `/v1/moves/${MOVE}/pages`, { body: { templateId: FOR_EVERYONE, translations: translations(title) } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

const positions = async () => (await call('staff', 'GET', `/v1/moves/${MOVE}/pages`)).body.map((p: { position: number }) => p.position);

describe('a page near the 1 MB a page route takes', () => {
  // Its history entry keeps the changed field whole, before and after, and is written with the page in one
  // Cosmos batch, which takes at most 2 MB (the local emulator refuses more, as Cosmos does).
  const large = (letter: string) => contentLocales.map((locale) => ({ locale, title: `Large ${locale}`, content: `<p>${letter.repeat(85_000)}</p>` }));

  it('is made with its history; edited in full it is refused with a clear 413 naming the limit, never a 500, and stays as it was', async () => {
    const body = { templateId: FOR_EVERYONE, translations: large('ø') };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(1_000_000);
    const created = await call('staff', 'POST', `/v1/moves/${MOVE}/pages`, { body });
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
    const rewritten = await call('staff', 'PATCH', `/v1/pages/${created.body.id}`, { body: { translations: large('å') }, headers: ifMatch(created.body.etag) });
    expect(rewritten.status).toBe(413);
    expect(rewritten.body.error.code).toBe('payload_too_large');
    expect(rewritten.body.error.message).toMatch(/2 MB/);
    const read = await call('staff', 'GET', `/v1/pages/${created.body.id}`);
    expect(read.body.etag).toBe(created.body.etag);
    expect(read.body.translations[0].content).toContain('ø');
    const history = await call('staff', 'GET', `/v1/history/page/${created.body.id}`);
    expect(history.status).toBe(200);
    expect(history.body.entries.map((e: { action: string }) => e.action)).toEqual(['create']);
    expect((await call('staff', 'DELETE', `/v1/pages/${created.body.id}`, { headers: ifMatch(created.body.etag) })).status).toBe(204);
  });
});

describe('move pages', () => {
  it('offers internal templates only to internal users', async () => {
    const ext = await call('extA', 'GET', `/v1/moves/${MOVE}/page-templates`);
    expect(ext.body.forInternal).toEqual([]);
    expect(ext.body.forCustomer.map((t: { id: string }) => t.id)).toContain(FOR_EVERYONE);
    const staff = await call('staff', 'GET', `/v1/moves/${MOVE}/page-templates`);
    expect(staff.body.forInternal.map((t: { id: string }) => t.id)).toEqual(expect.arrayContaining([FOR_EVERYONE, INTERNAL_ONLY]));
    expect((await call('extB', 'GET', `/v1/moves/${MOVE}/page-templates`)).status).toBe(403);
  });

  it("lets the client's External user make a page, published at once, with its contents sanitised", async () => {
    const created = await call('extA', 'POST', `/v1/moves/${MOVE}/pages`, {
      body: {
        templateId: FOR_EVERYONE,
        translations: translations('Parking', '<p onclick="alert(1)">Level -2</p><script>alert(2)</script><a href="javascript:alert(3)">x</a>'),
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.published).toBe(true);
    const content = created.body.translations[0].content as string;
    expect(content).toContain('Level -2');
    expect(content).not.toMatch(/onclick|script|javascript:/i);
    const read = await call('extA', 'GET', `/v1/pages/${created.body.id}`);
    expect(read.body.translations[0].content).toBe(content);
    // A template for internal users only is not one an External user can use.
    const refused = await call('extA', 'POST', `/v1/moves/${MOVE}/pages`, { body: { templateId: INTERNAL_ONLY, translations: translations('No') } });
    expect(refused.status).toBe(400);
    expect((await call('extB', 'GET', `/v1/pages/${WELCOME}`)).status).toBe(403);
  });

  it('publishes and edits with the ETag read, and closes the gap when a page is deleted', async () => {
    const page = await newPage('staff', 'Editing');
    const hidden = await call('extA', 'PATCH', `/v1/pages/${page.id}`, { body: { published: false }, headers: ifMatch(page.etag) });
    expect(hidden.body.published).toBe(false);
    expect((await call('extA', 'PATCH', `/v1/pages/${page.id}`, { body: { published: true }, headers: ifMatch(page.etag) })).status).toBe(412);
    expect((await call('staff', 'DELETE', `/v1/pages/${page.id}`, { headers: ifMatch(hidden.body.etag) })).status).toBe(204);
    const after = await positions();
    expect(after).toEqual(after.map((_: number, i: number) => i));
  });

  it('reorders with the list ETag, refuses a stale one, and keeps 0..n-1 when many reorder at once', async () => {
    const a = await newPage('staff', 'First');
    await newPage('staff', 'Second');
    const list = await call('staff', 'GET', `/v1/moves/${MOVE}/pages`);
    const etag = list.headers.get('etag');
    const moved = await call('staff', 'PATCH', `/v1/moves/${MOVE}/pages/position`, { body: { movePageId: a.id, newPosition: 0 }, headers: ifMatch(etag) });
    expect(moved.status).toBe(200);
    expect(moved.body[0].id).toBe(a.id);
    const stale = await call('staff', 'PATCH', `/v1/moves/${MOVE}/pages/position`, { body: { movePageId: a.id, newPosition: 1 }, headers: ifMatch(etag) });
    expect(stale.status).toBe(412);
    const ids = list.body.map((p: { id: string }) => p.id) as string[];
    const answers = await Promise.all(
      ids.slice(0, 8).map((id, i) =>
        call(i % 2 ? 'extA' : 'staff', 'PATCH', `/v1/moves/${MOVE}/pages/position`, {
          body: { movePageId: id, newPosition: (i * 3) % ids.length },
          headers: ifMatch('*'),
        }),
      ),
    );
    expect(answers.every((x) => x.status === 200)).toBe(true);
    const after = await call('staff', 'GET', `/v1/moves/${MOVE}/pages`);
    expect(after.body.map((p: { position: number }) => p.position)).toEqual(after.body.map((_: unknown, i: number) => i));
    expect(new Set(after.body.map((p: { id: string }) => p.id)).size).toBe(after.body.length);
    expect(after.body.length).toBe(list.body.length);
  });

  it('answers 400 naming movePageId for a reorder of a page the move does not have (a record a body names), leaving the order and its ETag as they were', async () => {
    const before = await call('staff', 'GET', `/v1/moves/${MOVE}/pages`);
    const none = `${MOVE}_a0000000-0000-4000-8000-00000000beef`;
    const missing = await call('staff', 'PATCH', `/v1/moves/${MOVE}/pages/position`, {
      body: { movePageId: none, newPosition: 0 },
      headers: ifMatch(before.headers.get('etag')),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ movePageId: 'page not found' });
    const after = await call('staff', 'GET', `/v1/moves/${MOVE}/pages`);
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
    expect(after.body).toEqual(before.body);
  });

  it("keeps a page's own default language, one of the move's (no and en), takes it away on null, and a page without one keeps working", async () => {
    const created = await call('extA', 'POST', `/v1/moves/${MOVE}/pages`, {
      body: { templateId: FOR_EVERYONE, translations: translations('Own language'), defaultLanguage: 'en' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.defaultLanguage).toBe('en');
    expect((await call('extA', 'GET', `/v1/pages/${created.body.id}`)).body.defaultLanguage).toBe('en');
    const changed = await call('extA', 'PATCH', `/v1/pages/${created.body.id}`, { body: { defaultLanguage: 'no' }, headers: ifMatch(created.body.etag) });
    expect(changed.status).toBe(200);
    expect(changed.body.defaultLanguage).toBe('no');
    // German is one of the six codes but not the move's; 'xx' is neither: 400, and nothing changes.
    for (const defaultLanguage of ['de', 'xx', 7]) {
      const refused = await call('extA', 'PATCH', `/v1/pages/${created.body.id}`, { body: { defaultLanguage }, headers: ifMatch(changed.body.etag) });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields.defaultLanguage).toBeTruthy();
      const refusedCreate = await call('extA', 'POST', `/v1/moves/${MOVE}/pages`, {
        body: { templateId: FOR_EVERYONE, translations: translations('No'), defaultLanguage },
      });
      expect(refusedCreate.status).toBe(400);
    }
    expect((await call('extA', 'GET', `/v1/pages/${created.body.id}`)).body).toEqual(changed.body);
    // null takes the page's own away: it follows the move's default again, and the rest stays.
    const cleared = await call('extA', 'PATCH', `/v1/pages/${created.body.id}`, { body: { defaultLanguage: null }, headers: ifMatch(changed.body.etag) });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body).not.toHaveProperty('defaultLanguage');
    expect(cleared.body.translations).toEqual(changed.body.translations);
    expect((await call('extA', 'GET', `/v1/pages/${created.body.id}`)).body).not.toHaveProperty('defaultLanguage');
    const plain = await newPage('extA', 'No own language');
    expect(plain.defaultLanguage).toBeUndefined();
  });
});
