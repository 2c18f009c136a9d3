import type { Client, ClientDetail, Country } from '../../entities.ts';
import { clientSchema } from '../../schemas/client.ts';
import { defineRoute, jsonReply } from '../contract.ts';
import { idShapes } from '../ids.ts';
import { clientAnswerSchema, clientDetailSchema, countrySchema } from '../answers/clients.ts';
import { arrayOf } from '../answers/shape.ts';

export const countryRoutes = {
  list: defineRoute({
    name: 'countries-list',
    method: 'GET',
    path: 'v1/countries',
    access: 'signedIn',
    summary: 'The countries a client or location can be in',
    params: {},
    response: jsonReply<Country[]>('countries by name', arrayOf(countrySchema)),
  }),
};

export const clientRoutes = {
  list: defineRoute({
    name: 'clients-list',
    method: 'GET',
    path: 'v1/clients',
    access: 'internal',
    summary: 'Every client company, by name',
    params: {},
    response: jsonReply<Client[]>('the clients', arrayOf(clientAnswerSchema)),
  }),
  create: defineRoute({
    name: 'clients-create',
    method: 'POST',
    path: 'v1/clients',
    access: 'internal',
    summary: 'Add a client company',
    params: {},
    body: clientSchema,
    status: 201,
    response: jsonReply<Client>('the new client, with its ETag', clientAnswerSchema),
  }),
  get: defineRoute({
    name: 'clients-get',
    method: 'GET',
    path: 'v1/clients/{clientId}',
    access: 'signedIn',
    summary: 'A client with its locations and brokering projects (External users: their own client only)',
    params: { clientId: idShapes.id },
    response: jsonReply<ClientDetail>('the client, with its ETag', clientDetailSchema),
  }),
  update: defineRoute({
    name: 'clients-update',
    method: 'PUT',
    path: 'v1/clients/{clientId}',
    access: 'internal',
    summary: 'Edit a client company',
    params: { clientId: idShapes.id },
    body: clientSchema,
    response: jsonReply<Client>('the saved client, with its new ETag', clientAnswerSchema),
  }),
};
