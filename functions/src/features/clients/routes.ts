import { api, type ClientDetail } from '@movers/contracts';
import { assertClientAccess } from '../../platform/auth/policies.ts';
import { notFound } from '../../platform/http/errors.ts';
import { ok, withEtag } from '../../platform/http/responses.ts';
import { bind, type BoundRoute } from '../../platform/http/route.ts';
import { listCountries, withKnownCountry } from '../countries/index.ts';
import { createClientDoc, getClientDoc, listClientDocs, toClient, updateClientDoc } from './clients.data.ts';

/**
 * What a client's detail shows of the features above clients (its locations and brokering projects).
 * Those features read clients, so clients cannot import them back: the route table passes them in.
 */
export interface ClientDetailParts {
  locationsOfClient(clientId: string): Promise<ClientDetail['locations']>;
  brokeringsOfClient(clientId: string): Promise<ClientDetail['brokerings']>;
}

export const clientRoutes = ({ locationsOfClient, brokeringsOfClient }: ClientDetailParts): BoundRoute[] => [
  bind(api.clients.list, async () => {
    const [docs, countries] = await Promise.all([listClientDocs(), listCountries()]);
    return ok(docs.map((d) => toClient(d, countries)).sort((a, b) => a.name.localeCompare(b.name, 'en')));
  }),
  bind(api.clients.create, async ({ body, principal }) => {
    const doc = await createClientDoc(await withKnownCountry(body), principal.userId);
    return withEtag(toClient(doc, await listCountries()), 201);
  }),
  bind(api.clients.get, async ({ principal, params }) => {
    await assertClientAccess(principal, params.clientId);
    const doc = await getClientDoc(params.clientId);
    if (!doc) throw notFound('client not found');
    const [countries, locations, brokerings] = await Promise.all([listCountries(), locationsOfClient(doc.id), brokeringsOfClient(doc.id)]);
    const detail: ClientDetail = { ...toClient(doc, countries), locations, brokerings };
    return withEtag(detail);
  }),
  bind(api.clients.update, async ({ body, principal, params, ifMatch }) => {
    const doc = await updateClientDoc(params.clientId, await withKnownCountry(body), principal.userId, ifMatch());
    if (!doc) throw notFound('client not found');
    return withEtag(toClient(doc, await listCountries()));
  }),
];
