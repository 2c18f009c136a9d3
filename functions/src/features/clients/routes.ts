import { clientSchema, messages, type ClientDetail, type ClientInput } from '@movers/contracts';
import { assertClientAccess } from '../../platform/auth/policies.ts';
import { ifMatch, readValid } from '../../platform/http/body.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { ok, withEtag } from '../../platform/http/responses.ts';
import type { RouteDefinition } from '../../platform/http/route.ts';
import { countryById, listCountries } from '../countries/index.ts';
import { locationsOfClient } from '../locations/index.ts';
import { brokeringsOfClient } from '../brokerings/index.ts';
import { createClientDoc, getClientDoc, listClientDocs, toClient, updateClientDoc } from './clients.data.ts';

async function readClientInput(request: Parameters<RouteDefinition['handler']>[0]['request']): Promise<ClientInput> {
  const input = (await readValid(request, clientSchema)) as ClientInput;
  if (!(await countryById(input.countryId))) throw badRequest('validation failed', { countryId: messages.validation.pleaseSelect });
  return input;
}

export const clientRoutes: RouteDefinition[] = [
  {
    name: 'clients-list',
    methods: ['GET'],
    route: 'v1/clients',
    access: 'internal',
    handler: async () => {
      const [docs, countries] = await Promise.all([listClientDocs(), listCountries()]);
      const clients = docs.map((d) => toClient(d, countries)).sort((a, b) => a.name.localeCompare(b.name, 'en'));
      return ok(clients);
    },
  },
  {
    name: 'clients-create',
    methods: ['POST'],
    route: 'v1/clients',
    access: 'internal',
    handler: async ({ request, principal }) => {
      const input = await readClientInput(request);
      const doc = await createClientDoc(input, principal.userId);
      return withEtag(toClient(doc, await listCountries()), 201);
    },
  },
  {
    name: 'clients-get',
    methods: ['GET'],
    route: 'v1/clients/{clientId}',
    access: 'signedIn',
    handler: async ({ principal, params }) => {
      await assertClientAccess(principal, params.clientId);
      const doc = await getClientDoc(params.clientId);
      if (!doc) throw notFound('client not found');
      const [countries, locations, brokerings] = await Promise.all([listCountries(), locationsOfClient(doc.id), brokeringsOfClient(doc.id)]);
      const detail: ClientDetail = { ...toClient(doc, countries), locations, brokerings };
      return withEtag(detail);
    },
  },
  {
    name: 'clients-update',
    methods: ['PUT'],
    route: 'v1/clients/{clientId}',
    access: 'internal',
    handler: async ({ request, principal, params }) => {
      const input = await readClientInput(request);
      const doc = await updateClientDoc(params.clientId, input, principal.userId, ifMatch(request));
      if (!doc) throw notFound('client not found');
      return withEtag(toClient(doc, await listCountries()));
    },
  },
];
