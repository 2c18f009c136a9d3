import { decodeJwt } from 'jose';
import { api, type Brokering, type BrokeringInput } from '@movers/contracts';
import type { Principal } from '../../platform/auth/principal.ts';
import { assertClientAccess } from '../../platform/auth/policies.ts';
import { notFound, unauthorized } from '../../platform/http/errors.ts';
import { ok, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { getClientDoc } from '../clients/index.ts';
import { clientIdOfBrokering, createBrokeringDoc, getBrokeringDoc, updateBrokeringDoc, type BrokeringDoc } from './brokerings.data.ts';
import { DOCUMENT_STORE_TOKEN_HEADER, listProjectDocuments } from './documents.ts';
import { assertBrokeringPeople, withPeople } from './people.ts';

/** The user a document-store token was issued to (its signature is the store's to check). */
function tokenUser(token: string): string | undefined {
  try {
    const claims = decodeJwt(token);
    return typeof claims.oid === 'string' ? claims.oid : claims.sub;
  } catch {
    return undefined;
  }
}

async function toBrokering(doc: BrokeringDoc & { etag?: string }): Promise<Brokering> {
  return { ...doc, ...(await withPeople(doc)) };
}

const uniqueById = (refs: { id: string }[]) => [...new Map(refs.map((r) => [r.id, { id: r.id }])).values()];

async function checkedBrokering(input: BrokeringInput, clientId: string): Promise<BrokeringInput> {
  const clean: BrokeringInput = { ...input, teamMembers: uniqueById(input.teamMembers), externalTeamMembers: uniqueById(input.externalTeamMembers) };
  await assertBrokeringPeople(clientId, clean);
  return clean;
}

/**
 * Finds a brokering project the caller may read: the client id comes from the brokering id, so an
 * External user of another client gets 403 before anything is read; a missing project is 404.
 */
export async function readableBrokering(principal: Principal, brokeringId: string) {
  const clientId = clientIdOfBrokering(brokeringId);
  if (!clientId) throw notFound('brokering project not found');
  await assertClientAccess(principal, clientId);
  const doc = await getBrokeringDoc(brokeringId);
  if (!doc) throw notFound('brokering project not found');
  return doc;
}

export const brokeringRoutes: BoundRoute[] = [
  bind(api.brokerings.create, async ({ body, principal, params }) => {
    if (!(await getClientDoc(params.clientId))) throw notFound('client not found');
    const input = await checkedBrokering(body, params.clientId);
    const doc = await createBrokeringDoc(params.clientId, input, principal.userId);
    return withEtag(await toBrokering(doc), 201);
  }),
  bind(api.brokerings.get, async ({ principal, params }) => withEtag(await toBrokering(await readableBrokering(principal, params.brokeringId)))),
  bind(api.brokerings.update, async ({ body, principal, params, ifMatch }) => {
    const current = await readableBrokering(principal, params.brokeringId);
    // Asked for once the caller's access to the record is settled: a stranger gets 403/404, not 428.
    const etag = ifMatch();
    const input = await checkedBrokering(body, current.clientId);
    const doc = await updateBrokeringDoc(params.brokeringId, input, principal.userId, etag);
    if (!doc) throw notFound('brokering project not found');
    return withEtag(await toBrokering(doc));
  }),
  bind(api.brokerings.documents, async ({ request, principal, params }) => {
    const doc = await readableBrokering(principal, params.brokeringId);
    const token = /^Bearer (.+)$/i.exec(request.headers.get(DOCUMENT_STORE_TOKEN_HEADER) ?? '')?.[1] ?? request.headers.get(DOCUMENT_STORE_TOKEN_HEADER);
    if (!token) throw unauthorized('the document-store token is missing');
    // The store checks the token itself; here it must be the caller's own, not someone else's.
    if (tokenUser(token) !== principal.userId) throw unauthorized('the document-store token is not yours');
    return ok(await listProjectDocuments(token, doc.documentPrefix, doc.documentProjectId));
  }),
];
