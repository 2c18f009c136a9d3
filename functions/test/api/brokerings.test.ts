import { describe, expect, inject, it } from 'vitest';
import { call, CLIENT_A, CLIENT_B, type AnyCaller, ANY_ETAG } from './call.ts';

const SUPER = 'u0000000-0000-4000-8000-000000000001';
const STAFF = 'u0000000-0000-4000-8000-000000000002';
const EXT_A = 'u0000000-0000-4000-8000-000000000003';
const EXT_B = 'u0000000-0000-4000-8000-000000000004';
const INGRID = 'u0000000-0000-4000-8000-000000000006';
const WITH_DOCUMENTS = `${CLIENT_A}_b0000000-0000-4000-8000-000000000001`;
const WITHOUT_FOLDER = `${CLIENT_A}_b0000000-0000-4000-8000-000000000002`;
const RESTRICTED = `${CLIENT_A}_b0000000-0000-4000-8000-000000000003`;

const valid = {
  name: 'Aurora storage tender',
  clientContact: { id: EXT_A },
  projectManager: { id: STAFF },
  teamMembers: [{ id: STAFF }, { id: INGRID }],
  externalTeamMembers: [{ id: EXT_A }],
  documentPrefix: 'Brokering',
  documentProjectId: 'P-2001',
};

const documents = (caller: AnyCaller, id: string, token?: string) => {
  const tokens = inject('stack').documentStoreTokens as Record<string, string>;
  const value = token ?? tokens[caller];
  return call(caller, 'GET', `/v1/brokerings/${id}/documents`, { headers: value ? { 'X-Document-Store-Token': value } : {} });
};

describe('brokering projects API', () => {
  it('creates a project for a client, reads it back with the people named, and lists it on the client', async () => {
    const created = await call('staff', 'POST', `/v1/clients/${CLIENT_A}/brokerings`, { body: valid });
    expect(created.status).toBe(201);
    expect(created.body.id.startsWith(`${CLIENT_A}_`)).toBe(true);
    expect(created.headers.get('etag')).toBe(created.body.etag);
    const read = await call('extA', 'GET', `/v1/brokerings/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      name: 'Aurora storage tender',
      clientId: CLIENT_A,
      clientContact: { id: EXT_A, displayName: 'Anna External', mail: 'ext-a@client-a.test' },
      projectManager: { id: STAFF, displayName: 'Stian Staff', mail: 'staff@movers.test' },
      teamMembers: [
        { id: STAFF, displayName: 'Stian Staff' },
        { id: INGRID, displayName: 'Ingrid Hansen' },
      ],
      externalTeamMembers: [{ id: EXT_A }],
      documentPrefix: 'Brokering',
      documentProjectId: 'P-2001',
      createdBy: STAFF,
    });
    const client = await call('extA', 'GET', `/v1/clients/${CLIENT_A}`);
    const names = client.body.brokerings.map((b: { name: string }) => b.name);
    expect(names).toContain('Aurora storage tender');
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    expect(client.body.brokerings.find((b: { name: string }) => b.name === 'Aurora storage tender')).toEqual({
      id: created.body.id,
      name: 'Aurora storage tender',
    });
  });

  it('refuses a project of another client to an External user, and answers 404 for unknown ids', async () => {
    expect((await call('extB', 'GET', `/v1/brokerings/${WITH_DOCUMENTS}`)).status).toBe(403);
    expect((await call('staff', 'GET', `/v1/brokerings/${CLIENT_A}_b0000000-0000-4000-8000-0000000000ff`)).status).toBe(404);
    expect((await call('staff', 'GET', '/v1/brokerings/no-such-project')).status).toBe(404);
    expect((await call('staff', 'PUT', `/v1/brokerings/${CLIENT_A}_b0000000-0000-4000-8000-0000000000ff`, { body: valid, headers: ANY_ETAG })).status).toBe(
      404,
    );
    expect((await call('staff', 'POST', '/v1/clients/no-such-client/brokerings', { body: valid })).status).toBe(404);
  });

  it('requires name, one team member, document prefix and project id, and stores nothing', async () => {
    const before = (await call('staff', 'GET', `/v1/clients/${CLIENT_A}`)).body.brokerings.length;
    const missing = await call('staff', 'POST', `/v1/clients/${CLIENT_A}/brokerings`, {
      body: { name: ' ', teamMembers: [], documentPrefix: '', documentProjectId: '' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({
      name: 'field is required',
      teamMembers: 'minimum amount is 1',
      documentPrefix: 'field is required',
      documentProjectId: 'field is required',
    });
    const traversal = await call('staff', 'POST', `/v1/clients/${CLIENT_A}/brokerings`, {
      body: { ...valid, documentPrefix: 'Brokering/..', documentProjectId: 'a/b' },
    });
    expect(traversal.body.error.fields).toEqual({ documentPrefix: 'invalid folder path', documentProjectId: 'invalid folder path' });
    expect((await call('staff', 'GET', `/v1/clients/${CLIENT_A}`)).body.brokerings.length).toBe(before);
  });

  it('refuses people of the wrong kind or of another client with field errors', async () => {
    const wrong = await call('staff', 'POST', `/v1/clients/${CLIENT_A}/brokerings`, {
      body: {
        ...valid,
        clientContact: { id: EXT_B },
        projectManager: { id: EXT_A },
        teamMembers: [{ id: STAFF }, { id: EXT_A }],
        externalTeamMembers: [{ id: STAFF }],
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({
      clientContact: 'please select',
      projectManager: 'please select',
      teamMembers: 'please select',
      externalTeamMembers: 'please select',
    });
    const unknown = await call('staff', 'POST', `/v1/clients/${CLIENT_A}/brokerings`, { body: { ...valid, teamMembers: [{ id: 'u-nobody' }] } });
    expect(unknown.body.error.fields).toEqual({ teamMembers: 'please select' });
    // Client B's External user is fine on a client B project.
    const clientB = await call('super', 'POST', `/v1/clients/${CLIENT_B}/brokerings`, {
      body: { ...valid, clientContact: { id: EXT_B }, externalTeamMembers: [{ id: EXT_B }] },
    });
    expect(clientB.status).toBe(201);
  });

  it('updates with the current ETag and refuses a stale one with 412', async () => {
    const created = await call('staff', 'POST', `/v1/clients/${CLIENT_A}/brokerings`, { body: { ...valid, name: 'Etag project' } });
    const etag = created.headers.get('etag')!;
    const first = await call('staff', 'PUT', `/v1/brokerings/${created.body.id}`, {
      body: { ...valid, name: 'Etag project renamed', teamMembers: [{ id: SUPER }], clientContact: null, externalTeamMembers: [] },
      headers: { 'If-Match': etag },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ name: 'Etag project renamed', teamMembers: [{ id: SUPER }], clientContact: null, updatedBy: STAFF });
    const stale = await call('super', 'PUT', `/v1/brokerings/${created.body.id}`, { body: { ...valid, name: 'Lost update' }, headers: { 'If-Match': etag } });
    expect(stale.status).toBe(412);
    expect((await call('staff', 'GET', `/v1/brokerings/${created.body.id}`)).body.name).toBe('Etag project renamed');
  });
});

describe("brokering documents (document store through Graph, with the caller's own token)", () => {
  it('lists the project folder as a tree of groups, nested folders and documents, with the base url', async () => {
    const answer = await documents('staff', WITH_DOCUMENTS);
    expect(answer.status).toBe(200);
    expect(answer.body.baseUrl).toBe('https://movers.sharepoint.com/sites/brokering');
    expect(answer.body.filetree.map((g: { title: string }) => g.title)).toEqual(['P-1001', 'Contracts', 'Market survey']);
    const [loose, contracts] = answer.body.filetree;
    expect(loose.nodes.map((n: { title: string }) => n.title)).toEqual(['Minutes kick-off.docx']);
    expect(contracts.nodes.map((n: { title: string }) => n.title)).toEqual(['Appendix', 'Lease agreement draft.pdf']);
    const appendix = contracts.nodes[0];
    expect(appendix).toMatchObject({ id: 'Contracts/Appendix', document: null });
    expect(appendix.children.map((n: { title: string }) => n.title)).toEqual(['Drawings', 'Floor plan level 3.pdf', 'Technical specification.xlsx']);
    expect(appendix.children[0].children[0].id).toBe('Contracts/Appendix/Drawings/Section A-A.pdf');
    expect(appendix.children[1]).toMatchObject({
      id: 'Contracts/Appendix/Floor plan level 3.pdf',
      children: [],
      document: {
        title: 'Floor plan level 3.pdf',
        documentPath: 'Contracts/Appendix/Floor plan level 3.pdf',
        documentOpenPath: 'https://movers.sharepoint.com/sites/brokering/Shared%20Documents/Brokering/P-1001/Contracts/Appendix/Floor%20plan%20level%203.pdf',
        documentModifiedBy: 'Ingrid Hansen',
        documentModifiedDate: '2026-02-03T08:00:00Z',
      },
    });
    // The External user of the client sees the same folder.
    expect((await documents('extA', WITH_DOCUMENTS)).status).toBe(200);
  });

  it('answers 404 when the project folder does not exist', async () => {
    const answer = await documents('staff', WITHOUT_FOLDER);
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('not_found');
  });

  it('answers 502 when the store fails, which the UI shows as failed to fetch documents', async () => {
    const created = await call('staff', 'POST', `/v1/clients/${CLIENT_A}/brokerings`, {
      body: { ...valid, name: 'Outage check', documentProjectId: 'P-OUTAGE' },
    });
    expect(created.status).toBe(201);
    const answer = await documents('staff', created.body.id);
    expect(answer.status).toBe(502);
    expect(answer.body.error.message).toEqual(expect.any(String));
  });

  it('answers 403 when the store refuses this user, while another user may read the folder', async () => {
    const refused = await documents('extA', RESTRICTED);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    expect((await documents('staff', RESTRICTED)).status).toBe(200);
  });

  it('answers 401 without a document-store token or with one the store rejects (the API token alone is not enough)', async () => {
    expect((await call('staff', 'GET', `/v1/brokerings/${WITH_DOCUMENTS}/documents`)).status).toBe(401);
    const stack = inject('stack');
    // The API token is for the API's audience: the store does not accept it.
    expect((await documents('staff', WITH_DOCUMENTS, stack.tokens.staff)).status).toBe(401);
    expect((await documents('staff', WITH_DOCUMENTS, 'not-a-token')).status).toBe(401);
    // Another person's store token is refused, though the store itself would accept it.
    const storeTokens = stack.documentStoreTokens as Record<string, string>;
    expect((await documents('staff', WITH_DOCUMENTS, storeTokens.extA)).status).toBe(401);
    expect((await documents('extA', WITH_DOCUMENTS, storeTokens.staff)).status).toBe(401);
  });
});
