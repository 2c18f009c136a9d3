import { api, type Country, type Location, type LocationListItem } from '@movers/contracts';
import { assertClientAccess } from '../../platform/auth/policies.ts';
import { notFound } from '../../platform/http/errors.ts';
import { ok, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { getClientDoc, listClientDocs, setLocationCounts, type ClientDoc } from '../clients/index.ts';
import { listCountries, withKnownCountry } from '../countries/index.ts';
import {
  countLocations,
  createLocationDoc,
  getLocationDoc,
  listLocationDocs,
  locationsOfClient,
  updateLocationDoc,
  type LocationDoc,
} from './locations.data.ts';

async function existingClient(clientId: string): Promise<ClientDoc> {
  const client = await getClientDoc(clientId);
  if (!client) throw notFound('client not found');
  return client;
}

const countryOf = (id: string, countries: Country[]): Country => countries.find((c) => c.id === id) ?? { id, name: id };

function toLocation(doc: LocationDoc & { etag?: string }, client: ClientDoc, countries: Country[]): Location {
  return { ...doc, country: countryOf(doc.country.id, countries), client: { id: client.id, name: client.name } };
}

/** Keeps countOfLocations and countOfActiveLocations of the client true after a location write. */
export async function recount(clientId: string) {
  await setLocationCounts(clientId, await countLocations(clientId));
}

export const locationRoutes: BoundRoute[] = [
  bind(api.locations.list, async () => {
    const [docs, clients, countries] = await Promise.all([listLocationDocs(), listClientDocs(), listCountries()]);
    const byId = new Map(clients.map((c) => [c.id, c]));
    const rows: LocationListItem[] = docs.map(({ createdAt: _a, createdBy: _b, updatedAt: _c, updatedBy: _d, ...doc }) => {
      const client = byId.get(doc.clientId);
      return {
        ...doc,
        country: countryOf(doc.country.id, countries),
        client: { id: doc.clientId, name: client?.name ?? '', country: countryOf(client?.countryId ?? '', countries) },
      };
    });
    // The screen's default sort: client name ascending, then location name.
    rows.sort((a, b) => a.client.name.localeCompare(b.client.name, 'en') || a.name.localeCompare(b.name, 'en'));
    return ok(rows);
  }),
  bind(api.locations.listOfClient, async ({ principal, params }) => {
    await assertClientAccess(principal, params.clientId);
    await existingClient(params.clientId);
    const countries = await listCountries();
    return ok((await locationsOfClient(params.clientId)).map((l) => ({ ...l, country: countryOf(l.country.id, countries) })));
  }),
  bind(api.locations.create, async ({ body, principal, params }) => {
    const client = await existingClient(params.clientId);
    const input = await withKnownCountry(body);
    const doc = await createLocationDoc(client.id, input, principal.userId);
    await recount(client.id);
    return withEtag(toLocation(doc, client, await listCountries()), 201);
  }),
  bind(api.locations.get, async ({ principal, params }) => {
    await assertClientAccess(principal, params.clientId);
    const client = await existingClient(params.clientId);
    const doc = await getLocationDoc(client.id, params.locationId);
    if (!doc) throw notFound('location not found');
    return withEtag(toLocation(doc, client, await listCountries()));
  }),
  bind(api.locations.update, async ({ body, principal, params, ifMatch }) => {
    const client = await existingClient(params.clientId);
    const input = await withKnownCountry(body);
    const doc = await updateLocationDoc(client.id, params.locationId, input, principal.userId, ifMatch());
    if (!doc) throw notFound('location not found');
    await recount(client.id);
    return withEtag(toLocation(doc, client, await listCountries()));
  }),
];
