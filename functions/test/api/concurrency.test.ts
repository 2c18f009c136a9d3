import { describe, expect, inject, it } from 'vitest';
import { routes } from '../../src/routes.ts';
import { CLIENT_A, call, ifMatch } from './call.ts';
import { templateBody } from './templateBody.ts';

const EXT_A_USER = 'u0000000-0000-4000-8000-000000000003';
const LEASE_A1 = `${CLIENT_A}_e0000000-0000-4000-8000-000000000001`;
const BROKERING_A = `${CLIENT_A}_b0000000-0000-4000-8000-000000000001`;
const TEMPLATE_1 = 't0000000-0000-4000-8000-000000000001';

/** Fills a template with ids of seeded documents. */
const seededPath = (template: string) =>
  `/${template
    .replace('{clientId}', CLIENT_A)
    .replace('{locationId}', 'l0000000-0000-4000-8000-000000000101')
    .replace('{userId}', EXT_A_USER)
    .replace('{leaseId}', LEASE_A1)
    .replace('{brokeringId}', BROKERING_A)
    .replace('{sectionId}', `brokering~${BROKERING_A}~s0000000-0000-4000-8000-000000000001`)
    .replace('{reminderId}', `${LEASE_A1}_d0000000-0000-4000-8000-000000000001`)
    .replace('{moveId}', `${CLIENT_A}_l0000000-0000-4000-8000-000000000101`)
    .replace('{movePageId}', `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_a0000000-0000-4000-8000-000000000001`)
    .replace('{templateId}', TEMPLATE_1)
    .replace('{documentId}', 'd0c00000-0000-4000-8000-000000000001')
    .replace('{feedbackId}', `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_fe000000-0000-4000-8000-000000000001`)
    .replace('{faqQuestionId}', `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_fa000000-0000-4000-8000-000000000001`)
    .replace('{contactId}', `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_cc000000-0000-4000-8000-000000000001`)
    .replace('{moveDetailId}', `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_de000000-0000-4000-8000-000000000001`)
    .replace('{layoutId}', `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_f0000000-0000-4000-8000-000000000001`)
    .replace('{markerId}', `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_5a000000-0000-4000-8000-000000000001`)
    .replace('{markerUserId}', `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_9e000000-0000-4000-8000-000000000001`)
    .replace('{reportId}', `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_4e000000-0000-4000-8000-000000000001`)
    .replace('{waveId}', `${CLIENT_A}_l0000000-0000-4000-8000-000000000101_3a000000-0000-4000-8000-000000000001`)
    .replace('{path}', 'aurora-hq')}`;

/** A visitor route's changes are a person's (move day): the demo person signs in with a personal link made here, as `npm start` makes it. */
let personSession: Promise<string> | undefined;
const personToken = () =>
  (personSession ??= import('@movers/local/src/seedMoveDay.ts')
    .then(({ demoPersonalLink }) => demoPersonalLink('https://concurrency.test/aurora-hq'))
    .then((link) => call('anonymous', 'POST', '/v1/visit/aurora-hq/session', { body: { personToken: link.split('/me/')[1] } }))
    .then((answer) => answer.body.token as string));

/**
 * A wall link (issue 49) is not seeded (the matrix reads an unknown one as 404): one is made here, so that
 * its revoke without If-Match is judged (428) rather than refused as no such link.
 */
let wallLink: Promise<string> | undefined;
const wallLinkId = () =>
  (wallLink ??= call('staff', 'POST', `/v1/moves/${CLIENT_A}_l0000000-0000-4000-8000-000000000101/wall-links`, { body: { shows: 'seats' } }).then((made) => {
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.id as string;
  }));

describe('no lost updates', () => {
  const changes = routes.map((r) => r.contract).filter((c) => c.method === 'PUT' || c.method === 'PATCH' || c.method === 'DELETE' || c.conditional);

  for (const contract of changes) {
    it(`${contract.method} ${contract.path} without If-Match, or with an empty one, is 428 and changes nothing`, async () => {
      const path = seededPath(contract.path.includes('{linkId}') ? contract.path.replace('{linkId}', await wallLinkId()) : contract.path);
      for (const headers of [{}, { 'If-Match': '' }, { 'If-Match': '  ' }] as Record<string, string>[]) {
        // Super-only routes (templates) would refuse staff before looking at If-Match.
        const caller = contract.access === 'super' ? 'super' : contract.access === 'visitor' ? 'anonymous' : 'staff';
        if (contract.access === 'visitor') headers.Authorization = `Bearer ${await personToken()}`;
        const answer = await call(caller, contract.method, path, { body: contract.method === 'DELETE' ? undefined : { title: 'x' }, headers });
        expect(answer.status).toBe(428);
        expect(answer.body.error.message).toMatch(/If-Match/);
      }
    });
  }

  it('sends the ETag with every single document it answers', async () => {
    for (const path of [
      `/v1/clients/${CLIENT_A}`,
      `/v1/clients/${CLIENT_A}/locations/l0000000-0000-4000-8000-000000000101`,
      `/v1/users/${EXT_A_USER}`,
      `/v1/leases/${LEASE_A1}`,
      `/v1/brokerings/${BROKERING_A}`,
      `/v1/templates/${TEMPLATE_1}`,
    ]) {
      const answer = await call('super', 'GET', path);
      expect(answer.headers.get('etag'), path).toBeTruthy();
      expect(answer.body.etag, path).toBe(answer.headers.get('etag'));
    }
  });

  it("makes a user's client change conditional: the ETag read is needed, a stale one is 412", async () => {
    const path = `/v1/users/${EXT_A_USER}`;
    const read = await call('staff', 'GET', path);
    const first = await call('staff', 'PATCH', path, { body: { clientId: CLIENT_A }, headers: ifMatch(read.headers.get('etag')) });
    expect(first.status).toBe(200);
    const stale = await call('super', 'PATCH', path, { body: { clientId: CLIENT_A }, headers: ifMatch(read.headers.get('etag')) });
    expect(stale.status).toBe(412);
  });
});

describe('If-Match: * (RFC 9110: any current version)', () => {
  const ANY = { 'If-Match': '*' };
  const MOVE = `${CLIENT_A}_l0000000-0000-4000-8000-000000000101`;
  const LOCATION = 'l0000000-0000-4000-8000-000000000101';
  const asPerson = async (method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
    call('anonymous', method, `/v1/visit/aurora-hq/${path}`, { ...options, headers: { ...options.headers, Authorization: `Bearer ${await personToken()}` } });

  it("changes a template's availability, order and text and deletes it, whatever its version", async () => {
    const made = await call('super', 'POST', '/v1/templates', { body: templateBody('Any version', '<p>x</p>') });
    expect(made.status).toBe(201);
    const path = `/v1/templates/${made.body.id}`;
    const internal = await call('super', 'POST', `${path}/availableForInternal`, { body: { availableForInternal: false }, headers: ANY });
    expect(internal.status, JSON.stringify(internal.body)).toBe(200);
    expect((await call('super', 'POST', `${path}/availableForCustomer`, { body: { availableForCustomer: true }, headers: ANY })).status).toBe(200);
    expect((await call('super', 'POST', `${path}/position`, { body: { position: 0 }, headers: ANY })).status).toBe(200);
    expect((await call('super', 'PUT', path, { body: templateBody('Any version, again', '<p>y</p>'), headers: ANY })).status).toBe(200);
    expect((await call('super', 'DELETE', path, { headers: ANY })).status).toBe(204);
    // Nothing current to match: gone.
    expect((await call('super', 'DELETE', path, { headers: ANY })).status).toBe(404);
  });

  it('answers, mails and deletes a feedback item whatever its version', async () => {
    const made = await call('staff', 'POST', `/v1/moves/${MOVE}/feedback`, {
      body: { feedbackType: 'question', question: 'Any version?', name: null, email: 'any.version@client-a.test', phone: null },
    });
    expect(made.status).toBe(201);
    const path = `/v1/feedback/${made.body.id}`;
    const answered = await call('staff', 'PATCH', path, { body: { status: 'answered', response: 'Yes' }, headers: ANY });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect((await call('staff', 'POST', `${path}/mail`, { body: { status: 'answered', response: 'Yes, mailed' }, headers: ANY })).status).toBe(200);
    expect((await call('staff', 'DELETE', path, { headers: ANY })).status).toBe(204);
  });

  it("changes a move-day report, replaces and revokes a movers' pass, and deletes a move's document whatever their version", async () => {
    const report = await asPerson('POST', 'reports', { body: { category: 'it', text: 'Any version' } });
    expect(report.status).toBe(201);
    const changed = await call('staff', 'PATCH', `/v1/reports/${report.body.id}`, { body: { status: 'inProgress' }, headers: ANY });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const pass = `/v1/moves/${MOVE}/movers-pass`;
    expect((await call('staff', 'POST', pass, { body: {}, headers: ANY })).status).toBe(201);
    const replaced = await call('staff', 'POST', pass, { body: {}, headers: ANY });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(201);
    expect((await call('staff', 'DELETE', pass, { headers: ANY })).status).toBe(204);

    const stack = inject('stack');
    const form = new FormData();
    form.append('document', new Blob(['any version'], { type: 'application/octet-stream' }), 'Any version.txt');
    const base = `/v1/locations/${LOCATION}/moves/${MOVE}`;
    const uploaded = await fetch(`${stack.apiOrigin}/api${base}/document`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.tokens.staff}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };
    expect((await call('staff', 'DELETE', `${base}/documents/${id}`, { headers: ANY })).status).toBe(204);
  });

  it('is written in the document: every operation that needs If-Match declares the header with the rule', async () => {
    const document = (await call('anonymous', 'GET', '/openapi.json')).body;
    const changes = routes.map((r) => r.contract).filter((c) => c.method === 'PUT' || c.method === 'PATCH' || c.method === 'DELETE' || c.conditional);
    const undeclared = changes.filter((c) => {
      const header = document.paths[`/${c.path}`][c.method.toLowerCase()].parameters?.find(
        (p: { in: string; name: string }) => p.in === 'header' && p.name === 'If-Match',
      );
      return !header?.required || !/`\*` matches whatever version is current/.test(header.description);
    });
    expect(undeclared.map((c) => c.name)).toEqual([]);
  });

  it("takes back a person's arrival whatever its version; a stale ETag is still 412", async () => {
    expect((await asPerson('POST', 'arrival')).status).toBeLessThan(300);
    expect((await asPerson('DELETE', 'arrival', { headers: { 'If-Match': '"stale"' } })).status).toBe(412);
    expect((await asPerson('DELETE', 'arrival', { headers: ANY })).status).toBe(204);
  });
});
