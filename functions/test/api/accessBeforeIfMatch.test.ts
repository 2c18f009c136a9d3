import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_A, call, ifMatch } from './call.ts';

/**
 * A caller who may not touch a record learns that first (403 or 404), not that the If-Match header is
 * missing (428): the ETag is asked for only once access to the record is settled. The record's own
 * users still get 428 without it, and nothing changes.
 */
const MOVE_A1 = `${CLIENT_A}_l0000000-0000-4000-8000-000000000101`;
const LOCATION_A1 = 'l0000000-0000-4000-8000-000000000101';
const FEEDBACK = `${MOVE_A1}_fe000000-0000-4000-8000-000000000002`;

let section = '';
beforeAll(async () => {
  const created = await call('staff', 'POST', `/v1/moves/${MOVE_A1}/timeline_sections`, { body: { title: 'Access before If-Match', date: '2026-05-02' } });
  expect(created.status).toBe(201);
  section = created.body.id;
});
afterAll(async () => {
  const { body } = await call('staff', 'GET', `/v1/moves/${MOVE_A1}/timeline_sections`);
  const etag = body.find((s: { id: string }) => s.id === section)?.etag;
  if (etag) await call('staff', 'DELETE', `/v1/timeline_sections/${section}`, { headers: ifMatch(etag) });
});

/** Writes on client A's records (the seeded ones, local/src/seed*.ts), each without If-Match. */
const writes = (): { method: string; path: string; body?: unknown }[] => [
  { method: 'PATCH', path: `/v1/timeline_sections/${section}`, body: { title: 'Taken over' } },
  { method: 'DELETE', path: `/v1/timeline_sections/${section}` },
  { method: 'PATCH', path: `/v1/moves/${MOVE_A1}`, body: { stickersCount: 2 } },
  { method: 'PATCH', path: `/v1/pages/${MOVE_A1}_a0000000-0000-4000-8000-000000000001`, body: { published: false } },
  { method: 'DELETE', path: `/v1/pages/${MOVE_A1}_a0000000-0000-4000-8000-000000000001` },
  { method: 'PATCH', path: `/v1/moves/${MOVE_A1}/pages/position`, body: { movePageId: `${MOVE_A1}_a0000000-0000-4000-8000-000000000001`, newPosition: 0 } },
  {
    method: 'PUT',
    path: `/v1/faq_questions/${MOVE_A1}_fa000000-0000-4000-8000-000000000002`,
    body: { question: 'Taken over?', answer: 'Yes', published: true },
  },
  { method: 'DELETE', path: `/v1/move_contacts/${MOVE_A1}_cc000000-0000-4000-8000-000000000002` },
  { method: 'PUT', path: `/v1/details/${MOVE_A1}_de000000-0000-4000-8000-000000000002`, body: { title: 'Taken over', description: '' } },
  { method: 'PATCH', path: `/v1/layouts/${MOVE_A1}_f0000000-0000-4000-8000-000000000001`, body: { label_color: 'green' } },
  { method: 'PUT', path: `/v1/markers/${MOVE_A1}_5a000000-0000-4000-8000-000000000002`, body: { title: '202', coordinates: { positionX: 1, positionY: 1 } } },
  { method: 'DELETE', path: `/v1/marker-users/${MOVE_A1}_9e000000-0000-4000-8000-000000000008` },
  { method: 'PATCH', path: `/v1/feedback/${FEEDBACK}`, body: { response: 'Taken over' } },
  { method: 'POST', path: `/v1/feedback/${FEEDBACK}/mail`, body: { response: 'Taken over' } },
  { method: 'DELETE', path: `/v1/feedback/${FEEDBACK}` },
  { method: 'POST', path: `/v1/locations/${LOCATION_A1}/moves/${MOVE_A1}/documents/d0c00000-0000-4000-8000-000000000001/position`, body: { position: 0 } },
];

describe('access is settled before If-Match is asked for', () => {
  it("refuses another client's External user a write without If-Match for access (403/404), not for the header (428)", async () => {
    const answers: string[] = [];
    for (const write of writes()) {
      const answer = await call('extB', write.method, write.path, { body: write.body });
      answers.push(`${write.method} ${write.path} → ${answer.status} ${answer.body?.error?.code ?? ''}`);
    }
    expect(answers.filter((line) => !/→ 40[34] /.test(line))).toEqual([]);
  });

  it("asks the record's own External user for If-Match (428) and changes nothing", async () => {
    const before = (await call('staff', 'GET', `/v1/moves/${MOVE_A1}/timeline_sections`)).body.find((s: { id: string }) => s.id === section);
    const answers: string[] = [];
    for (const write of writes()) {
      const answer = await call('extA', write.method, write.path, { body: write.body });
      answers.push(`${write.method} ${write.path} → ${answer.status} ${answer.body?.error?.code ?? ''}`);
    }
    expect(answers.filter((line) => !/→ 428 precondition_required$/.test(line))).toEqual([]);
    const after = (await call('staff', 'GET', `/v1/moves/${MOVE_A1}/timeline_sections`)).body.find((s: { id: string }) => s.id === section);
    expect(after).toEqual(before);
  });

  it("asks the record's own External user for If-Match before reading the body, as an Internal user is (issue 39: routes with authorize)", async () => {
    const answers: string[] = [];
    for (const write of writes().filter((w) => w.body !== undefined)) {
      const answer = await call('extA', write.method, write.path, { body: { 'zz-no-such-field': 1 } });
      answers.push(`${write.method} ${write.path} → ${answer.status} ${answer.body?.error?.code ?? ''}`);
    }
    expect(answers.filter((line) => !/→ 428 precondition_required$/.test(line))).toEqual([]);
  });
});
