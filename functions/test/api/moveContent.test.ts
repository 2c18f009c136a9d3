import { describe, expect, it } from 'vitest';
import { call, CLIENT_A, ifMatch } from './call.ts';
import { storedState } from './storedState.ts';

// A move's FAQ, contacts and details (issue 13): three ordered lists with one set of rules. The client's
// own External users keep them; another client's are refused; positions stay 0..n-1 whatever happens.

const MOVE = `${CLIENT_A}_l0000000-0000-4000-8000-000000000101`;

interface List {
  name: string;
  collection: string;
  item: string;
  idField: string;
  valid: (n: string) => Record<string, unknown>;
  edit: Record<string, unknown>;
  /** Bodies that must be refused, with the field errors the spec words. */
  invalid: [Record<string, unknown>, Record<string, string>][];
}

const lists: List[] = [
  {
    name: 'FAQ',
    collection: `/v1/moves/${MOVE}/faq_questions`,
    item: '/v1/faq_questions',
    idField: 'faqQuestionId',
    valid: (n) => ({ question: `Where do I park ${n}?`, answer: 'Level -2' }),
    edit: { answer: 'Level -3', published: true },
    invalid: [
      [
        { question: '', answer: '' },
        { question: 'field is required', answer: 'field is required' },
      ],
      [{ question: 'No answer?' }, { answer: 'field is required' }],
    ],
  },
  {
    name: 'contacts',
    collection: `/v1/moves/${MOVE}/contacts`,
    item: '/v1/move_contacts',
    idField: 'contactId',
    valid: (n) => ({ name: `Kari ${n}`, title: 'Coordinator', phonenumber: '+47 400 00 000', email: 'kari@client-a.test' }),
    edit: { name: 'Kari Nordmann', title: '', phonenumber: '', email: '' },
    invalid: [
      [{ name: '' }, { name: 'field is required' }],
      [{ name: 'Kari', email: 'not-an-address' }, { email: 'field must be a valid email' }],
    ],
  },
  {
    name: 'details',
    collection: `/v1/moves/${MOVE}/details`,
    item: '/v1/details',
    idField: 'moveDetailId',
    valid: (n) => ({ title: `Lunch ${n}`, description: 'Canteen on floor 3' }),
    edit: { title: '', description: 'No title' },
    invalid: [[{ title: 'x', type: 'video' }, { type: "must be 'text'" }]],
  },
];

const list = async (l: List) => call('staff', 'GET', l.collection);

for (const l of lists) {
  describe(`the move's ${l.name}`, () => {
    it("lets the client's External user add, read, change and delete, and refuses another client's", async () => {
      const before = (await list(l)).body.length;
      const created = await call('extA', 'POST', l.collection, { body: l.valid('A') });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.position).toBe(before);
      expect(created.body.id.startsWith(`${MOVE}_`)).toBe(true);
      if (l.name === 'FAQ') expect(created.body.published).toBe(false);
      if (l.name === 'details') expect(created.body.type).toBe('text');
      const listed = await call('extA', 'GET', l.collection);
      expect(listed.headers.get('etag')).toBeTruthy();
      expect(listed.body.map((x: { id: string }) => x.id)).toContain(created.body.id);

      expect((await call('extB', 'GET', l.collection)).status).toBe(403);
      expect((await call('extB', 'POST', l.collection, { body: l.valid('B') })).status).toBe(403);
      expect(
        (await call('extB', 'PUT', `${l.item}/${created.body.id}`, { body: { ...l.valid('B'), ...l.edit }, headers: ifMatch(created.body.etag) })).status,
      ).toBe(403);
      expect((await call('extB', 'DELETE', `${l.item}/${created.body.id}`, { headers: ifMatch(created.body.etag) })).status).toBe(403);

      const saved = await call('extA', 'PUT', `${l.item}/${created.body.id}`, { body: { ...l.valid('A'), ...l.edit }, headers: ifMatch(created.body.etag) });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      if (l.name === 'FAQ') expect(saved.body).toMatchObject({ answer: 'Level -3', published: true });
      if (l.name === 'contacts') expect(saved.body).toMatchObject({ name: 'Kari Nordmann', title: null, phonenumber: null, email: null });
      if (l.name === 'details') expect(saved.body).toMatchObject({ title: '', description: 'No title', type: 'text' });
      // The ETag read before the change is stale now.
      const stale = await call('extA', 'PUT', `${l.item}/${created.body.id}`, { body: { ...l.valid('A'), ...l.edit }, headers: ifMatch(created.body.etag) });
      expect(stale.status).toBe(412);
      expect((await call('extA', 'DELETE', `${l.item}/${created.body.id}`, { headers: ifMatch(created.body.etag) })).status).toBe(412);

      expect((await call('extA', 'DELETE', `${l.item}/${created.body.id}`, { headers: ifMatch(saved.body.etag) })).status).toBe(204);
      const after = (await list(l)).body;
      expect(after.map((x: { id: string }) => x.id)).not.toContain(created.body.id);
      expect(after.map((x: { position: number }) => x.position)).toEqual(after.map((_: unknown, i: number) => i));
    });

    it("refuses invalid input with the spec's messages and stores nothing", async () => {
      const before = await storedState();
      const count = (await list(l)).body.length;
      for (const [body, fields] of l.invalid) {
        const answer = await call('extA', 'POST', l.collection, { body });
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.error.fields).toMatchObject(fields);
      }
      expect((await list(l)).body.length).toBe(count);
      expect(await storedState()).toEqual(before);
    });

    it('reorders with the list ETag, refuses a stale one, and keeps 0..n-1 with no item lost when many reorder at once', async () => {
      for (const n of ['1', '2', '3', '4']) expect((await call('staff', 'POST', l.collection, { body: l.valid(n) })).status).toBe(201);
      const read = await list(l);
      const etag = read.headers.get('etag');
      const ids = read.body.map((x: { id: string }) => x.id) as string[];
      const last = ids[ids.length - 1]!;
      const moved = await call('extA', 'PATCH', `${l.collection}/position`, { body: { [l.idField]: last, newPosition: 0 }, headers: ifMatch(etag) });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body.map((x: { id: string }) => x.id)).toEqual([last, ...ids.slice(0, -1)]);
      expect(moved.body.map((x: { position: number }) => x.position)).toEqual(ids.map((_, i) => i));
      expect(moved.headers.get('etag')).not.toBe(etag);
      const stale = await call('extA', 'PATCH', `${l.collection}/position`, { body: { [l.idField]: last, newPosition: 1 }, headers: ifMatch(etag) });
      expect(stale.status).toBe(412);
      expect((await list(l)).body.map((x: { id: string }) => x.id)).toEqual(moved.body.map((x: { id: string }) => x.id));
      // Another client's External user cannot reorder, whatever the ETag.
      expect((await call('extB', 'PATCH', `${l.collection}/position`, { body: { [l.idField]: last, newPosition: 1 }, headers: ifMatch('*') })).status).toBe(
        403,
      );

      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          call(i % 2 ? 'extA' : 'staff', 'PATCH', `${l.collection}/position`, {
            body: { [l.idField]: ids[i % ids.length], newPosition: (i * 3) % ids.length },
            headers: ifMatch('*'),
          }),
        ),
      );
      expect(answers.map((x) => x.status)).toEqual(answers.map(() => 200));
      const after = (await list(l)).body;
      expect(after.map((x: { position: number }) => x.position)).toEqual(ids.map((_, i) => i));
      expect([...after.map((x: { id: string }) => x.id)].sort()).toEqual([...ids].sort());
    });
  });
}

describe("the move's FAQ", () => {
  it('stores a create sent twice with the same Idempotency-Key once', async () => {
    const before = (await call('staff', 'GET', `/v1/moves/${MOVE}/faq_questions`)).body.length;
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const body = { question: 'Sent twice?', answer: 'Stored once' };
    const [first, second] = [
      await call('extA', 'POST', `/v1/moves/${MOVE}/faq_questions`, { body, headers }),
      await call('extA', 'POST', `/v1/moves/${MOVE}/faq_questions`, { body, headers }),
    ];
    expect(first.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect((await call('staff', 'GET', `/v1/moves/${MOVE}/faq_questions`)).body.length).toBe(before + 1);
  });

  it('reads one question, and its edit needs the answer', async () => {
    const created = await call('extA', 'POST', `/v1/moves/${MOVE}/faq_questions`, { body: { question: 'Lifts?', answer: 'Two', published: true } });
    expect(created.body.published).toBe(true);
    const read = await call('extA', 'GET', `/v1/faq_questions/${created.body.id}`);
    expect(read.body).toMatchObject({ question: 'Lifts?', answer: 'Two', position: created.body.position });
    expect(read.headers.get('etag')).toBe(created.body.etag);
    expect((await call('extB', 'GET', `/v1/faq_questions/${created.body.id}`)).status).toBe(403);
    const noAnswer = await call('extA', 'PUT', `/v1/faq_questions/${created.body.id}`, {
      body: { question: 'Lifts?', answer: ' ' },
      headers: ifMatch(read.body.etag),
    });
    expect(noAnswer.status).toBe(400);
    expect(noAnswer.body.error.fields).toEqual({ answer: 'field is required' });
    expect((await call('extA', 'GET', `/v1/faq_questions/${created.body.id}`)).body.answer).toBe('Two');
    expect((await call('extA', 'DELETE', `/v1/faq_questions/${created.body.id}`, { headers: ifMatch(read.body.etag) })).status).toBe(204);
    expect((await call('extA', 'GET', `/v1/faq_questions/${created.body.id}`)).status).toBe(404);
  });
});

describe('contact addresses and phones (issue 39)', () => {
  it("refuses 'ase@bad' and 'not a phone' with 400 and the field's message, and stores nothing", async () => {
    const before = await call('staff', 'GET', `/v1/moves/${MOVE}/contacts`);
    const badMail = await call('staff', 'POST', `/v1/moves/${MOVE}/contacts`, { body: { name: 'Åse', email: 'ase@bad' } });
    expect(badMail.status).toBe(400);
    expect(badMail.body.error.fields).toEqual({ email: 'field must be a valid email' });
    const badPhone = await call('staff', 'POST', `/v1/moves/${MOVE}/contacts`, { body: { name: 'Åse', phonenumber: 'not a phone' } });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.error.fields).toEqual({ phonenumber: 'not a phone number: digits, spaces, +, - and parentheses, at least 5 digits' });
    const feedback = await call('staff', 'POST', `/v1/moves/${MOVE}/feedback`, { body: { feedbackType: 'question', question: 'Hi', email: 'ase@bad' } });
    expect(feedback.status).toBe(400);
    expect((await call('staff', 'GET', `/v1/moves/${MOVE}/contacts`)).body).toEqual(before.body);
    const good = await call('staff', 'POST', `/v1/moves/${MOVE}/contacts`, {
      body: { name: 'Zz Åse', email: 'ase@client-a.test', phonenumber: '+47 (22) 33-44 55' },
    });
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    expect((await call('staff', 'DELETE', `/v1/move_contacts/${good.body.id}`, { headers: ifMatch(good.body.etag) })).status).toBe(204);
  });
});
