import { brokeringSchema, type Brokering, type BrokeringInput } from '@movers/contracts';
import type { Principal } from '../../platform/auth/principal.ts';
import { assertClientAccess } from '../../platform/auth/policies.ts';
import { ifMatch, readValid } from '../../platform/http/body.ts';
import { notFound, unauthorized } from '../../platform/http/errors.ts';
import { ok, withEtag } from '../../platform/http/responses.ts';
import type { RouteDefinition } from '../../platform/http/route.ts';
import { getClientDoc } from '../clients/index.ts';
import { clientIdOfBrokering, createBrokeringDoc, getBrokeringDoc, updateBrokeringDoc, type BrokeringDoc } from './brokerings.data.ts';
import { DOCUMENT_STORE_TOKEN_HEADER, listProjectDocuments } from './documents.ts';
import { assertBrokeringPeople, withPeople } from './people.ts';

type Request = Parameters<RouteDefinition['handler']>[0]['request'];

async function toBrokering(doc: BrokeringDoc & { etag?: string }): Promise<Brokering> {
  return { ...doc, ...(await withPeople(doc)) };
}

const uniqueById = (refs: { id: string }[]) => [...new Map(refs.map((r) => [r.id, { id: r.id }])).values()];

async function readBrokeringInput(request: Request, clientId: string): Promise<BrokeringInput> {
  const input = (await readValid(request, brokeringSchema)) as BrokeringInput;
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

export const brokeringRoutes: RouteDefinition[] = [
  {
    name: 'brokerings-create',
    methods: ['POST'],
    route: 'v1/clients/{clientId}/brokerings',
    access: 'internal',
    handler: async ({ request, principal, params }) => {
      if (!(await getClientDoc(params.clientId))) throw notFound('client not found');
      const input = await readBrokeringInput(request, params.clientId);
      const doc = await createBrokeringDoc(params.clientId, input, principal.userId);
      return withEtag(await toBrokering(doc), 201);
    },
  },
  {
    name: 'brokerings-get',
    methods: ['GET'],
    route: 'v1/brokerings/{brokeringId}',
    access: 'signedIn',
    handler: async ({ principal, params }) => withEtag(await toBrokering(await readableBrokering(principal, params.brokeringId))),
  },
  {
    name: 'brokerings-update',
    methods: ['PUT'],
    route: 'v1/brokerings/{brokeringId}',
    access: 'internal',
    handler: async ({ request, principal, params }) => {
      const current = await readableBrokering(principal, params.brokeringId);
      const input = await readBrokeringInput(request, current.clientId);
      const doc = await updateBrokeringDoc(params.brokeringId, input, principal.userId, ifMatch(request));
      if (!doc) throw notFound('brokering project not found');
      return withEtag(await toBrokering(doc));
    },
  },
  {
    name: 'brokerings-documents',
    methods: ['GET'],
    route: 'v1/brokerings/{brokeringId}/documents',
    access: 'signedIn',
    handler: async ({ request, principal, params }) => {
      const doc = await readableBrokering(principal, params.brokeringId);
      const token = /^Bearer (.+)$/i.exec(request.headers.get(DOCUMENT_STORE_TOKEN_HEADER) ?? '')?.[1] ?? request.headers.get(DOCUMENT_STORE_TOKEN_HEADER);
      if (!token) throw unauthorized('the document-store token is missing');
      return ok(await listProjectDocuments(token, doc.documentPrefix, doc.documentProjectId));
    },
  },
];
