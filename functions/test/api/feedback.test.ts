import { describe, expect, inject, it } from 'vitest';
import { call, CLIENT_A, ifMatch } from './call.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';

// The feedback inbox (issue 13): server-side filters and paging, answers with who wrote them, and the
// answer mailed to the person who asked exactly once per press. Each test makes its own move's items.
const OTHER_CLIENT = 'c0000000-0000-4000-8000-000000000012';
const DEMO_MOVE = `${CLIENT_A}_l0000000-0000-4000-8000-000000000101`;
let n = 0;

async function makeMove(): Promise<string> {
  const tag = `${Date.now().toString(36)}${(n++).toString(36)}`;
  const location = await call('staff', 'POST', `/v1/clients/${OTHER_CLIENT}/locations`, {
    body: { name: `Zz feedback ${tag}`, address: 'Veien 1', city: 'Oslo', countryId: 'NO', isOffice: true },
  });
  const move = await call('staff', 'POST', `/v1/locations/${location.body.id}/moves`, {
    body: moveInput(`zz-feedback-${tag}`, { password: 'secret-one' }),
  });
  expect(move.status, JSON.stringify(move.body)).toBe(201);
  return move.body.id;
}

const ask = (moveId: string, body: Record<string, unknown>) => call('staff', 'POST', `/v1/moves/${moveId}/feedback`, { body });
const localMail = async () =>
  (await (await fetch(`${inject('stack').settings.GRAPH_BASE_URL}_local/mail`)).json()) as { subject: string; to: string[]; body: string }[];

describe('feedback inbox API', () => {
  it('registers items as pending and pages them newest first, filtered by type and status on the server', async () => {
    const moveId = await makeMove();
    for (let i = 0; i < 7; i++) {
      const created = await ask(moveId, { feedbackType: i % 2 ? 'error' : 'question', question: `Item ${i}`, email: `p${i}@client.test` });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ status: 'pending', answers: [], answer: '', name: null, phone: null });
    }
    const first = await call('extA', 'GET', `/v1/moves/${moveId}/feedback?pageSize=3`);
    expect(first.status).toBe(403);
    const page1 = await call('staff', 'GET', `/v1/moves/${moveId}/feedback?pageSize=3`);
    expect(page1.body).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(page1.body.items.map((f: { question: string }) => f.question)).toEqual(['Item 6', 'Item 5', 'Item 4']);
    const page3 = await call('staff', 'GET', `/v1/moves/${moveId}/feedback?pageSize=3&page=3`);
    expect(page3.body.items.map((f: { question: string }) => f.question)).toEqual(['Item 0']);
    const errors = await call('staff', 'GET', `/v1/moves/${moveId}/feedback?type=error`);
    expect(errors.body.total).toBe(3);
    expect(errors.body.items.every((f: { feedbackType: string }) => f.feedbackType === 'error')).toBe(true);

    const one = page1.body.items[0];
    await call('staff', 'PATCH', `/v1/feedback/${one.id}`, { body: { response: 'Thanks' }, headers: ifMatch(one.etag) });
    expect((await call('staff', 'GET', `/v1/moves/${moveId}/feedback?status=answered`)).body.items.map((f: { id: string }) => f.id)).toEqual([one.id]);
    expect((await call('staff', 'GET', `/v1/moves/${moveId}/feedback?status=pending&type=question`)).body.total).toBe(3);
    expect((await call('staff', 'GET', `/v1/moves/${moveId}/feedback?status=maybe`)).status).toBe(400);
  });

  it('needs an e-mail or a phone, a valid e-mail and a text, and stores nothing otherwise', async () => {
    const moveId = await makeMove();
    const noWay = await ask(moveId, { feedbackType: 'question', question: 'How?' });
    expect(noWay.status).toBe(400);
    expect(noWay.body.error.fields.phone).toBe('an e-mail address or a phone number is needed so that an answer can be sent');
    expect((await ask(moveId, { feedbackType: 'question', question: 'How?', email: 'not-an-address' })).body.error.fields.email).toBe('Invalid email');
    expect((await ask(moveId, { feedbackType: 'rumour', question: '', phone: '123' })).body.error.fields).toMatchObject({ question: 'field is required' });
    expect((await call('staff', 'GET', `/v1/moves/${moveId}/feedback`)).body.total).toBe(0);
    expect((await ask(moveId, { feedbackType: 'question', question: 'How?', phone: '+47 900 00 000' })).status).toBe(201);
  });

  it('saves answers with who wrote them, refuses a stale ETag and an empty response, and deletes', async () => {
    const moveId = await makeMove();
    const item = (await ask(moveId, { feedbackType: 'feedback', question: 'Nice', email: 'a@client.test' })).body;
    expect((await call('staff', 'PATCH', `/v1/feedback/${item.id}`, { body: { response: ' ' }, headers: ifMatch(item.etag) })).body.error.fields).toEqual({
      response: 'field is required',
    });
    const saved = await call('staff', 'PATCH', `/v1/feedback/${item.id}`, { body: { response: 'Glad to hear it' }, headers: ifMatch(item.etag) });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: 'answered', answer: 'Glad to hear it' });
    expect(saved.body.answers).toEqual([
      {
        id: expect.any(String),
        user: { id: 'u0000000-0000-4000-8000-000000000002', displayName: expect.any(String) },
        createdAt: expect.any(String),
        response: 'Glad to hear it',
        mailed: false,
      },
    ]);
    expect((await call('staff', 'PATCH', `/v1/feedback/${item.id}`, { body: { response: 'Again' }, headers: ifMatch(item.etag) })).status).toBe(412);
    expect((await call('staff', 'DELETE', `/v1/feedback/${item.id}`, { headers: ifMatch(item.etag) })).status).toBe(412);
    expect((await call('staff', 'DELETE', `/v1/feedback/${item.id}`, { headers: ifMatch(saved.body.etag) })).status).toBe(204);
    expect((await call('staff', 'GET', `/v1/feedback/${item.id}`)).status).toBe(404);
  });

  it('mails the answer to the person who asked exactly once per press, and records it as mailed', async () => {
    const moveId = await makeMove();
    const tag = Date.now().toString(36);
    const item = (await ask(moveId, { feedbackType: 'question', question: `Where is the canteen ${tag}?`, name: 'Ola', email: `ola-${tag}@client.test` })).body;
    const press = (key: string, etag: string) =>
      call('staff', 'POST', `/v1/feedback/${item.id}/mail`, { body: { response: 'On the 2nd floor' }, headers: { ...ifMatch(etag), 'Idempotency-Key': key } });
    const [first, sameKey] = [await press(`k-${tag}`, item.etag), await press(`k-${tag}`, item.etag)];
    expect(first.status).toBe(200);
    expect(sameKey.status).toBe(200);
    // A second press of the same state with another key (a double click after a lost answer) is refused.
    expect((await press(`k2-${tag}`, item.etag)).status).toBe(412);
    expect(first.body.answers).toHaveLength(1);
    expect(first.body.answers[0]).toMatchObject({ response: 'On the 2nd floor', mailed: true });
    const mails = (await localMail()).filter((m) => m.to.includes(`ola-${tag}@client.test`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('On the 2nd floor');
    expect(mails[0]!.body).toContain(`Where is the canteen ${tag}?`);
    expect((await call('staff', 'GET', `/v1/feedback/${item.id}`)).body.answers).toHaveLength(1);
  });

  it('refuses to mail someone who left only a phone number, storing nothing', async () => {
    const moveId = await makeMove();
    const item = (await ask(moveId, { feedbackType: 'error', question: 'Wrong floor', phone: '+47 911 11 111' })).body;
    const refused = await call('staff', 'POST', `/v1/feedback/${item.id}/mail`, { body: { response: 'Fixed' }, headers: ifMatch(item.etag) });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('the person who asked left no e-mail address: call them instead');
    expect((await call('staff', 'GET', `/v1/feedback/${item.id}`)).body.answers).toEqual([]);
  });

  it("keeps a move's inbox from another client's External user, and lets the client's own use it", async () => {
    const seeded = `${DEMO_MOVE}_fe000000-0000-4000-8000-000000000001`;
    expect((await call('extB', 'GET', `/v1/feedback/${seeded}`)).status).toBe(403);
    expect((await call('extB', 'GET', `/v1/moves/${DEMO_MOVE}/feedback`)).status).toBe(403);
    const own = await call('extA', 'GET', `/v1/moves/${DEMO_MOVE}/feedback?type=error`);
    expect(own.status).toBe(200);
    expect(own.body.items.map((f: { id: string }) => f.id)).toContain(`${DEMO_MOVE}_fe000000-0000-4000-8000-000000000002`);
  });
});
