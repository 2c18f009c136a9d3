import { describe, expect, it } from 'vitest';
import { call, CLIENT_A, ifMatch } from './call.ts';

// History of a move's content (issue 37): pages, FAQ, contacts, details and timeline sections are recorded
// with each write; an ordered item brought back returns to its place; a move's timeline sections are in
// its recent changes, a brokering project's are recorded too.

const MOVE = `${CLIENT_A}_l0000000-0000-4000-8000-000000000101`;
const BROKERING = `${CLIENT_A}_b0000000-0000-4000-8000-000000000001`;

interface Entry {
  id: string;
  kind: string;
  recordId: string;
  action: string;
  title: string | null;
  by: { id: string; name: string };
  changes: { field: string; from: unknown; to: unknown }[];
}

const historyOf = async (kind: string, id: string) => {
  const answer = await call('staff', 'GET', `/v1/history/${kind}/${id}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.entries as Entry[];
};

const faqIds = async () => ((await call('staff', 'GET', `/v1/moves/${MOVE}/faq_questions`)).body as { id: string }[]).map((q) => q.id);

async function newFaq(question: string) {
  const made = await call('extA', 'POST', `/v1/moves/${MOVE}/faq_questions`, { body: { question, answer: `About ${question}` } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: string; etag: string; position: number };
}

describe('history of a move’s FAQ, contacts, details and pages', () => {
  it('shows an FAQ edit with its before and after, by who made it; a restore puts the answer back', async () => {
    const faq = await newFaq('Where is the canteen?');
    const edited = await call('staff', 'PUT', `/v1/faq_questions/${faq.id}`, {
      body: { question: 'Where is the canteen?', answer: 'Floor 3', published: true },
      headers: ifMatch(faq.etag),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const entries = await historyOf('faq', faq.id);
    expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
    expect(entries[0].changes).toEqual([
      { field: 'answer', from: 'About Where is the canteen?', to: 'Floor 3' },
      { field: 'published', from: false, to: true },
    ]);
    expect(entries[0].title).toBe('Where is the canteen?');
    expect(entries[0].by.id).not.toBe(entries[1].by.id);
    // The move's recent changes filter by a changed field too (the History panel's field filter): the edit and the create set it.
    const byField = await call('staff', 'GET', `/v1/moves/${MOVE}/history?kind=faq&recordId=${faq.id}&field=published`);
    expect(byField.status).toBe(200);
    expect((byField.body.entries as Entry[]).map((e) => e.id)).toEqual([entries[0].id, entries[1].id]);

    const restored = await call('staff', 'POST', `/v1/history/faq/${faq.id}/restore`, {
      body: { entryId: entries[0].id, fields: ['answer'] },
      headers: ifMatch(edited.body.etag),
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const read = await call('staff', 'GET', `/v1/faq_questions/${faq.id}`);
    expect(read.body).toMatchObject({ answer: 'About Where is the canteen?', published: true });
    expect((await historyOf('faq', faq.id))[0]).toMatchObject({ action: 'restore', changes: [{ field: 'answer', from: 'Floor 3' }] });
  });

  it('brings a deleted FAQ item back in its place: the 2nd of 3 deleted is 2nd again', async () => {
    const made = [await newFaq('First of three'), await newFaq('Second of three'), await newFaq('Third of three')];
    const ids = made.map((q) => q.id);
    const before = await faqIds();
    const place = before.indexOf(ids[1]);
    const second = (await call('staff', 'GET', `/v1/faq_questions/${ids[1]}`)).body;
    expect((await call('extA', 'DELETE', `/v1/faq_questions/${ids[1]}`, { headers: ifMatch(second.etag) })).status).toBe(204);
    expect((await faqIds()).filter((id) => ids.includes(id))).toEqual([ids[0], ids[2]]);

    const recent = await call('staff', 'GET', `/v1/moves/${MOVE}/history?kind=faq&recordId=${ids[1]}`);
    expect(recent.status).toBe(200);
    const deleted = (recent.body.entries as Entry[]).find((e) => e.action === 'delete')!;
    expect(deleted).toMatchObject({ kind: 'faq', recordId: ids[1], title: 'Second of three' });

    const back = await call('extA', 'POST', `/v1/history/faq/${ids[1]}/restore`, { body: { entryId: deleted.id } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ id: ids[1], question: 'Second of three' });
    const after = await faqIds();
    expect(after.filter((id) => ids.includes(id))).toEqual(ids);
    expect(after.indexOf(ids[1])).toBe(place);
    const list = (await call('staff', 'GET', `/v1/moves/${MOVE}/faq_questions`)).body as { id: string; position: number }[];
    expect(list.map((q) => q.position)).toEqual(list.map((_, i) => i));
    expect((await historyOf('faq', ids[1])).map((e) => e.action)).toEqual(['restore', 'delete', 'create']);
    // Again while it is there: 409.
    expect((await call('staff', 'POST', `/v1/history/faq/${ids[1]}/restore`, { body: { entryId: deleted.id } })).status).toBe(409);
  });

  it('records contacts, details and pages, and brings a deleted contact back in its place', async () => {
    const contacts = [];
    for (const name of ['Anne', 'Bjørn', 'Cecilie'])
      contacts.push((await call('staff', 'POST', `/v1/moves/${MOVE}/contacts`, { body: { name, title: 'Coordinator' } })).body as { id: string; etag: string });
    const listed = async () => ((await call('staff', 'GET', `/v1/moves/${MOVE}/contacts`)).body as { id: string }[]).map((c) => c.id);
    const place = (await listed()).indexOf(contacts[1].id);
    expect((await call('staff', 'DELETE', `/v1/move_contacts/${contacts[1].id}`, { headers: ifMatch(contacts[1].etag) })).status).toBe(204);
    const [deleted] = await historyOf('contact', contacts[1].id);
    expect(deleted).toMatchObject({ action: 'delete', title: 'Bjørn' });
    expect((await call('staff', 'POST', `/v1/history/contact/${contacts[1].id}/restore`, { body: { entryId: deleted.id } })).status).toBe(200);
    expect((await listed()).indexOf(contacts[1].id)).toBe(place);

    const detail = await call('staff', 'POST', `/v1/moves/${MOVE}/details`, { body: { title: 'Parking', description: 'Level -2' } });
    const changed = await call('staff', 'PUT', `/v1/details/${detail.body.id}`, {
      body: { title: 'Parking', description: 'Level -3' },
      headers: ifMatch(detail.body.etag),
    });
    expect(changed.status).toBe(200);
    expect((await historyOf('detail', detail.body.id))[0].changes).toEqual([{ field: 'description', from: 'Level -2', to: 'Level -3' }]);

    const page = await call('staff', 'POST', `/v1/moves/${MOVE}/pages`, {
      body: {
        templateId: null,
        published: false,
        translations: ['en', 'no', 'nn', 'de', 'da', 'se'].map((locale) => ({ locale, title: 'Parking guide', content: '<p>Level -2</p>' })),
      },
    });
    expect(page.status, JSON.stringify(page.body)).toBe(201);
    const [created] = await historyOf('page', page.body.id);
    expect(created).toMatchObject({ action: 'create', title: 'Parking guide' });
    const pagePlace = ((await call('staff', 'GET', `/v1/moves/${MOVE}/pages`)).body as { id: string }[]).findIndex((p) => p.id === page.body.id);
    expect((await call('staff', 'DELETE', `/v1/pages/${page.body.id}`, { headers: ifMatch(page.body.etag) })).status).toBe(204);
    const [pageDeleted] = await historyOf('page', page.body.id);
    expect(pageDeleted).toMatchObject({ action: 'delete', title: 'Parking guide' });
    expect((await call('staff', 'POST', `/v1/history/page/${page.body.id}/restore`, { body: { entryId: pageDeleted.id } })).status).toBe(200);
    const back = await call('staff', 'GET', `/v1/pages/${page.body.id}`);
    expect(back.body).toMatchObject({ position: pagePlace, translations: expect.arrayContaining([expect.objectContaining({ title: 'Parking guide' })]) });
  });
});

describe('history of timeline sections', () => {
  it("records a move's section and its events, in the move's recent changes; a deleted one comes back", async () => {
    const created = await call('extA', 'POST', `/v1/moves/${MOVE}/timeline_sections`, {
      body: { title: 'History week', date: '2026-06-01', events: [{ title: 'Crates', description: '', startDate: '2026-06-02', endDate: '' }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const changed = await call('staff', 'PATCH', `/v1/timeline_sections/${id}`, { body: { title: 'History weeks' }, headers: ifMatch(created.body.etag) });
    expect(changed.status).toBe(200);
    // The list is the sections only, never their history entries.
    const listed = (await call('staff', 'GET', `/v1/moves/${MOVE}/timeline_sections`)).body as { id: string }[];
    expect(listed.filter((s) => s.id === id)).toHaveLength(1);
    expect(listed.every((s) => !s.id.startsWith('history-'))).toBe(true);

    const entries = await historyOf('timeline-section', id);
    expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
    expect(entries[0].changes).toEqual([{ field: 'title', from: 'History week', to: 'History weeks' }]);
    expect(entries[1].changes.find((c) => c.field === 'events')?.to).toMatchObject([{ title: 'Crates' }]);

    expect((await call('staff', 'DELETE', `/v1/timeline_sections/${id}`, { headers: ifMatch(changed.body.etag) })).status).toBe(204);
    const recent = await call('staff', 'GET', `/v1/moves/${MOVE}/history?kind=timeline-section&recordId=${id}`);
    const deleted = (recent.body.entries as Entry[])[0];
    expect(deleted).toMatchObject({ action: 'delete', title: 'History weeks' });
    const back = await call('extA', 'POST', `/v1/history/timeline-section/${id}/restore`, { body: { entryId: deleted.id } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const again = (await call('staff', 'GET', `/v1/moves/${MOVE}/timeline_sections`)).body as { id: string; title: string; events: { title: string }[] }[];
    expect(again.find((s) => s.id === id)).toMatchObject({ title: 'History weeks', events: [{ title: 'Crates' }] });
  });

  it("records a brokering project's sections too, outside any move", async () => {
    const created = await call('staff', 'POST', `/v1/brokerings/${BROKERING}/timeline_sections`, { body: { title: 'Viewing', date: '2026-06-04' } });
    expect(created.status).toBe(201);
    const [entry] = await historyOf('timeline-section', created.body.id);
    expect(entry).toMatchObject({ action: 'create', title: 'Viewing' });
    const listed = (await call('staff', 'GET', `/v1/brokerings/${BROKERING}/timeline_sections`)).body as { id: string }[];
    expect(listed.every((s) => !s.id.startsWith('history-'))).toBe(true);
    expect((await call('staff', 'DELETE', `/v1/timeline_sections/${created.body.id}`, { headers: ifMatch(created.body.etag) })).status).toBe(204);
  });
});

describe("who may read a move's content history", () => {
  it("refuses another client's External user (403) every content kind and the move's recent changes", async () => {
    const faq = await newFaq('Private question');
    const section = await call('extA', 'POST', `/v1/moves/${MOVE}/timeline_sections`, { body: { title: 'Private section', date: '2026-06-05' } });
    expect((await call('extA', 'GET', `/v1/history/faq/${faq.id}`)).status).toBe(200);
    expect((await call('extB', 'GET', `/v1/history/faq/${faq.id}`)).status).toBe(403);
    expect((await call('extB', 'GET', `/v1/history/timeline-section/${section.body.id}`)).status).toBe(403);
    expect((await call('extB', 'GET', `/v1/moves/${MOVE}/history?kind=faq`)).status).toBe(403);
    const [entry] = await historyOf('faq', faq.id);
    expect((await call('extB', 'POST', `/v1/history/faq/${faq.id}/restore`, { body: { entryId: entry.id }, headers: ifMatch(faq.etag) })).status).toBe(403);
  });
});
