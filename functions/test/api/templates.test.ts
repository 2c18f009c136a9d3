import { contentLocales } from '@movers/contracts';
import { describe, expect, it } from 'vitest';
import { ANY_ETAG, call, ifMatch } from './call.ts';
import { templateBody } from './templateBody.ts';

const TEMPLATE_1 = 't0000000-0000-4000-8000-000000000001';
const TEMPLATE_2 = 't0000000-0000-4000-8000-000000000002';

interface Listed {
  id: string;
  position: number;
  etag: string;
  translations: { locale: string; title: string; content: string }[];
  availableForInternal: boolean;
  availableForCustomer: boolean;
}

const list = async (): Promise<Listed[]> => {
  const answer = await call('super', 'GET', '/v1/templates');
  expect(answer.status).toBe(200);
  return answer.body;
};

/** Positions are exactly 0..n-1, in the order the list gives them. */
const expectConsistent = (templates: Listed[]) => {
  expect(templates.map((t) => t.position)).toEqual(templates.map((_, i) => i));
  expect(new Set(templates.map((t) => t.id)).size).toBe(templates.length);
};

const create = async (title: string, extra: Record<string, unknown> = {}) => {
  const answer = await call('super', 'POST', '/v1/templates', { body: templateBody(title, '<p>x</p>', extra) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Listed;
};

/** The ETag of the templates' order, which a reorder sends as If-Match. */
const listEtag = async () => (await call('super', 'GET', '/v1/templates')).headers.get('etag');
/** Reorders at once, each whatever the order is by then (If-Match: *): the order must stay consistent. */
const ANY_ORDER = { 'If-Match': '*' };

const remove = async (id: string) => {
  const read = await call('super', 'GET', `/v1/templates/${id}`);
  if (read.status === 404) return;
  expect((await call('super', 'DELETE', `/v1/templates/${id}`, { headers: ifMatch(read.headers.get('etag')) })).status).toBe(204);
};

describe('templates API', () => {
  it('lists the seeded templates by position with six translations each', async () => {
    const templates = await list();
    expectConsistent(templates);
    const ids = templates.map((t) => t.id);
    expect(ids).toContain(TEMPLATE_1);
    expect(ids).toContain(TEMPLATE_2);
    for (const t of templates) expect(t.translations.map((x) => x.locale)).toEqual([...contentLocales]);
  });

  it('creates, reads, updates and deletes a template; a new one goes last; each read sends its ETag', async () => {
    const before = await list();
    const created = await create('CRUD', { availableForCustomer: true });
    expect(created).toMatchObject({ position: before.length, availableForInternal: false, availableForCustomer: true, createdBy: expect.any(String) });
    expect(created.translations.map((t) => t.locale)).toEqual([...contentLocales]);

    const read = await call('super', 'GET', `/v1/templates/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBeTruthy();
    expect(read.body.etag).toBe(read.headers.get('etag'));
    expect(read.body).toMatchObject({ id: created.id, position: before.length });

    // Translations may come in any order; they are stored in the locales' order. Availability is kept when not sent.
    const reversed = templateBody('CRUD edited', '<h2>Edited</h2>');
    reversed.translations.reverse();
    const updated = await call('super', 'PUT', `/v1/templates/${created.id}`, { body: reversed, headers: ifMatch(read.body.etag) });
    expect(updated.status).toBe(200);
    expect(updated.body.translations.map((t: { locale: string }) => t.locale)).toEqual([...contentLocales]);
    expect(updated.body.translations[0]).toEqual({ locale: 'en', title: 'CRUD edited (en)', content: '<h2>Edited</h2>' });
    expect(updated.body).toMatchObject({ availableForCustomer: true, position: before.length });
    expect(updated.headers.get('etag')).toBe(updated.body.etag);

    // The ETag read before the update is stale now: 412 for update and delete, and nothing changes.
    const stale = await call('super', 'PUT', `/v1/templates/${created.id}`, { body: templateBody('lost'), headers: ifMatch(read.body.etag) });
    expect(stale.status).toBe(412);
    expect((await call('super', 'DELETE', `/v1/templates/${created.id}`, { headers: ifMatch(read.body.etag) })).status).toBe(412);
    expect((await call('super', 'GET', `/v1/templates/${created.id}`)).body.translations[0].title).toBe('CRUD edited (en)');

    expect((await call('super', 'DELETE', `/v1/templates/${created.id}`, { headers: ifMatch(updated.body.etag) })).status).toBe(204);
    expect((await call('super', 'GET', `/v1/templates/${created.id}`)).status).toBe(404);
    expect((await call('super', 'DELETE', `/v1/templates/${created.id}`, { headers: ANY_ETAG })).status).toBe(404);
    const after = await list();
    expectConsistent(after);
    expect(after.map((t) => t.id)).toEqual(before.map((t) => t.id));
  });

  it('sanitises contents before they are stored and keeps what the editor writes', async () => {
    const content =
      '<h2>Title</h2><p onclick="alert(1)">Hi<script>alert(2)</script></p><img src="x" onerror="alert(3)" /><a href="javascript:alert(4)">a</a><a href="https://ok.test" target="_blank">b</a><iframe src="https://evil.test"></iframe><p style="position:fixed;text-align:center">c</p>';
    const created = await create('Sanitised');
    const read = await call('super', 'GET', `/v1/templates/${created.id}`);
    const saved = await call('super', 'PUT', `/v1/templates/${created.id}`, { body: templateBody('Sanitised', content), headers: ifMatch(read.body.etag) });
    expect(saved.status).toBe(200);
    const stored = (await call('super', 'GET', `/v1/templates/${created.id}`)).body.translations;
    for (const t of stored) {
      expect(t.content).toBe(
        '<h2>Title</h2><p>Hi</p><img src="x" alt="" /><a>a</a><a href="https://ok.test" target="_blank" rel="noopener noreferrer">b</a><p style="text-align:center">c</p>',
      );
    }
    const fresh = await create('Sanitised on create', { availableForInternal: true });
    expect(fresh.translations[0].content).toBe('<p>x</p>');
    const direct = await call('super', 'POST', '/v1/templates', { body: templateBody('Script', '<script>alert(1)</script><p>kept</p> ') });
    expect(direct.body.translations.every((t: { content: string }) => t.content === '<p>kept</p> ')).toBe(true);
    for (const id of [created.id, fresh.id, direct.body.id]) await remove(id);
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const before = await list();
    const missingTitle = templateBody('Bad');
    missingTitle.translations[2].title = '';
    const answer = await call('super', 'POST', '/v1/templates', { body: missingTitle });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({ 'translations[2].title': 'field is required' });

    const five = templateBody('Bad');
    five.translations.pop();
    expect((await call('super', 'POST', '/v1/templates', { body: five })).body.error.fields).toEqual({
      translations: 'needs the six translations en, no, nn, de, da, se, each once',
    });
    const twice = templateBody('Bad');
    twice.translations[1].locale = 'en';
    expect((await call('super', 'POST', '/v1/templates', { body: twice })).status).toBe(400);
    const withPosition = await call('super', 'POST', '/v1/templates', { body: templateBody('Bad', '', { position: 0 }) });
    expect(withPosition.status).toBe(400);
    expect(withPosition.body.error.fields).toEqual({ _: 'unknown field: position' });
    const badLocale = templateBody('Bad');
    badLocale.translations[5].locale = 'sv' as never;
    expect((await call('super', 'POST', '/v1/templates', { body: badLocale })).status).toBe(400);

    for (const body of [{ position: -1 }, { position: 1.5 }, { position: '1' }, {}, { position: 1, other: 1 }]) {
      const moved = await call('super', 'POST', `/v1/templates/${TEMPLATE_1}/position`, { body, headers: ANY_ETAG });
      expect(moved.status, JSON.stringify(body)).toBe(400);
    }
    const availability = (which: string, body: unknown) => call('super', 'POST', `/v1/templates/${TEMPLATE_1}/${which}`, { body, headers: ANY_ETAG });
    expect((await availability('availableForInternal', { availableForInternal: 'yes' })).status).toBe(400);
    expect((await availability('availableForCustomer', { availableForInternal: true })).status).toBe(400);
    expect(await list()).toEqual(before);
  });

  it('takes a long rich-text template beyond the default 64 KB body limit', async () => {
    const content = `<p>${'Lorem ipsum dolor sit amet. '.repeat(1500)}</p>`;
    const created = await call('super', 'POST', '/v1/templates', { body: templateBody('Long', content) });
    expect(created.status).toBe(201);
    expect(created.body.translations[5].content).toBe(content);
    await remove(created.body.id);
  });

  it('answers 404 for templates that do not exist', async () => {
    const none = 't0000000-0000-4000-8000-00000000beef';
    expect((await call('super', 'GET', `/v1/templates/${none}`)).status).toBe(404);
    expect((await call('super', 'PUT', `/v1/templates/${none}`, { body: templateBody('x'), headers: ANY_ETAG })).status).toBe(404);
    const etag = await listEtag();
    expect((await call('super', 'POST', `/v1/templates/${none}/position`, { body: { position: 0 }, headers: ifMatch(etag) })).status).toBe(404);
    // Nothing moved, so the order is as it was: an open list's ETag stays good for its next reorder.
    expect(await listEtag()).toBe(etag);
    expect(
      (await call('super', 'POST', `/v1/templates/${none}/availableForInternal`, { body: { availableForInternal: true }, headers: ANY_ETAG })).status,
    ).toBe(404);
    expect(
      (await call('super', 'POST', `/v1/templates/${none}/availableForCustomer`, { body: { availableForCustomer: true }, headers: ANY_ETAG })).status,
    ).toBe(404);
  });

  it('is for Internal.Super users only: staff and External users get 403 on every call', async () => {
    for (const caller of ['staff', 'extA', 'extB', 'extNone'] as const) {
      expect((await call(caller, 'GET', '/v1/templates')).status).toBe(403);
      expect((await call(caller, 'GET', `/v1/templates/${TEMPLATE_1}`)).status).toBe(403);
      expect((await call(caller, 'POST', '/v1/templates', { body: templateBody('Not mine') })).status).toBe(403);
      expect((await call(caller, 'PUT', `/v1/templates/${TEMPLATE_1}`, { body: templateBody('Not mine'), headers: ANY_ETAG })).status).toBe(403);
      expect((await call(caller, 'DELETE', `/v1/templates/${TEMPLATE_1}`, { headers: ANY_ETAG })).status).toBe(403);
      expect((await call(caller, 'POST', `/v1/templates/${TEMPLATE_1}/position`, { body: { position: 0 }, headers: ANY_ETAG })).status).toBe(403);
      const toggle = (which: string, body: unknown) => call(caller, 'POST', `/v1/templates/${TEMPLATE_1}/${which}`, { body, headers: ANY_ETAG });
      expect((await toggle('availableForInternal', { availableForInternal: false })).status).toBe(403);
      expect((await toggle('availableForCustomer', { availableForCustomer: false })).status).toBe(403);
    }
    expect((await call('super', 'GET', `/v1/templates/${TEMPLATE_1}`)).body.translations[0].title).toBe('Welcome to your new office');
  });

  it('toggles availability for internal users and for customers separately, each with the ETag read, answering a new one', async () => {
    const created = await create('Toggles');
    const toggle = (which: 'availableForInternal' | 'availableForCustomer', value: boolean, etag: string) =>
      call('super', 'POST', `/v1/templates/${created.id}/${which}`, { body: { [which]: value }, headers: ifMatch(etag) });
    const internal = await toggle('availableForInternal', true, created.etag);
    expect(internal.status).toBe(200);
    expect(internal.body).toMatchObject({ availableForInternal: true, availableForCustomer: false, position: created.position });
    expect(internal.headers.get('etag')).toBe(internal.body.etag);
    expect(internal.body.etag).not.toBe(created.etag);
    // The ETag from before that toggle is stale: another toggle with it is 412 and changes nothing.
    const stale = await toggle('availableForCustomer', true, created.etag);
    expect(stale.status).toBe(412);
    expect((await call('super', 'GET', `/v1/templates/${created.id}`)).body).toMatchObject({ availableForInternal: true, availableForCustomer: false });
    const customer = await toggle('availableForCustomer', true, internal.body.etag);
    expect(customer.body).toMatchObject({ availableForInternal: true, availableForCustomer: true });
    // A value, not a flip: the same value twice leaves it set.
    const off = await toggle('availableForInternal', false, customer.body.etag);
    const again = await toggle('availableForInternal', false, off.body.etag);
    expect(again.body).toMatchObject({ availableForInternal: false, availableForCustomer: true });
    expect((await call('super', 'GET', `/v1/templates/${created.id}`)).body).toMatchObject({ availableForInternal: false, availableForCustomer: true });
    // The form's ETag from before a toggle is stale: the toggle is not overwritten.
    expect((await call('super', 'PUT', `/v1/templates/${created.id}`, { body: templateBody('Toggles'), headers: ifMatch(created.etag) })).status).toBe(412);
    await remove(created.id);
  });

  it('gives 10 templates created at once 10 different positions, each the highest + 1 at its turn', async () => {
    const before = await list();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => call('super', 'POST', '/v1/templates', { body: templateBody(`Concurrent ${i}`) })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    const positions = answers.map((a) => a.body.position).sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 10 }, (_, i) => before.length + i));
    const after = await list();
    expectConsistent(after);
    expect(after).toHaveLength(before.length + 10);
    for (const a of answers) expect(after.find((t) => t.id === a.body.id)?.position).toBe(a.body.position);
    for (const a of answers) await remove(a.body.id);
    expectConsistent(await list());
  });

  it('moves a template to a position and closes the gap; past the end is last', async () => {
    const a = await create('Order A');
    const b = await create('Order B');
    const c = await create('Order C');
    const before = await list();
    // A reorder needs the order's ETag from the list: one read before another change is 412, and nothing moves.
    const staleEtag = await listEtag();
    const d = await create('Order D');
    const stale = await call('super', 'POST', `/v1/templates/${c.id}/position`, { body: { position: 0 }, headers: ifMatch(staleEtag) });
    expect(stale.status).toBe(412);
    expect((await list()).map((t) => t.id)).toEqual([...before.map((t) => t.id), d.id]);
    const moved = await call('super', 'POST', `/v1/templates/${c.id}/position`, { body: { position: 0 }, headers: ifMatch(await listEtag()) });
    expect(moved.status).toBe(200);
    expect(moved.headers.get('etag')).toBe(await listEtag());
    expectConsistent(moved.body);
    expect(moved.body[0].id).toBe(c.id);
    const ids = (list: Listed[]) => list.map((t) => t.id).filter((id) => [a.id, b.id, c.id].includes(id));
    expect(ids(moved.body)).toEqual([c.id, a.id, b.id]);
    // Reordering changes no template's own ETag (an open form stays valid).
    expect((await call('super', 'GET', `/v1/templates/${c.id}`)).body.etag).toBe(c.etag);
    const last = await call('super', 'POST', `/v1/templates/${c.id}/position`, { body: { position: 999 }, headers: ifMatch(moved.headers.get('etag')) });
    expect(last.body.at(-1).id).toBe(c.id);
    expectConsistent(last.body);
    expect(await list()).toEqual(last.body);
    for (const t of [a, b, c, d]) await remove(t.id);
  });

  it('leaves a consistent order 0..n-1 after concurrent reorders, creates, edits and deletes', async () => {
    const made = await Promise.all(Array.from({ length: 8 }, (_, i) => create(`Busy ${i}`)));
    const doomed = made.slice(0, 3);
    const kept = made.slice(3);
    const edits = kept
      .slice(0, 2)
      .map((t) => call('super', 'PUT', `/v1/templates/${t.id}`, { body: templateBody(`Edited ${t.id}`), headers: ifMatch(t.etag) }));
    const results = await Promise.all([
      ...kept.flatMap((t, i) => [
        call('super', 'POST', `/v1/templates/${t.id}/position`, { body: { position: i }, headers: ANY_ORDER }),
        call('super', 'POST', `/v1/templates/${t.id}/position`, { body: { position: 20 - i }, headers: ANY_ORDER }),
      ]),
      ...doomed.map((t) => call('super', 'DELETE', `/v1/templates/${t.id}`, { headers: ifMatch(t.etag) })),
      ...doomed.map((t) => call('super', 'POST', `/v1/templates/${t.id}/position`, { body: { position: 1 }, headers: ANY_ORDER })),
      ...edits,
      call('super', 'POST', '/v1/templates', { body: templateBody('Busy new') }),
      call('super', 'POST', `/v1/templates/${kept[2].id}/availableForCustomer`, { body: { availableForCustomer: true }, headers: ifMatch(kept[2].etag) }),
    ]);
    for (const r of results) expect([200, 201, 204, 404], JSON.stringify(r.body)).toContain(r.status);
    const after = await list();
    expectConsistent(after);
    const ids = after.map((t) => t.id);
    for (const t of doomed) expect(ids).not.toContain(t.id);
    for (const t of kept) expect(ids).toContain(t.id);
    // Every reorder answered with a consistent list too.
    for (const r of results.filter((r) => Array.isArray(r.body))) expectConsistent(r.body);
    const created = results.find((r) => r.status === 201)!.body;
    for (const id of [...kept.map((t) => t.id), created.id]) await remove(id);
    expectConsistent(await list());
  });
});
