import type { Location, LocationListItem, LocationSummary } from '../../entities.ts';
import { locationSchema } from '../../schemas/location.ts';
import { defineRoute, jsonReply } from '../contract.ts';
import { idShapes } from '../ids.ts';
import { locationAnswerSchema, locationListItemSchema, locationSummarySchema } from '../answers/clients.ts';
import { arrayOf } from '../answers/shape.ts';

const clientLocation = { clientId: idShapes.id, locationId: idShapes.id };

export const locationRoutes = {
  list: defineRoute({
    name: 'locations-list',
    method: 'GET',
    path: 'v1/locations',
    access: 'internal',
    summary: 'Every location of every client',
    params: {},
    response: jsonReply<LocationListItem[]>('the locations with their clients', arrayOf(locationListItemSchema)),
  }),
  listOfClient: defineRoute({
    name: 'client-locations-list',
    method: 'GET',
    path: 'v1/clients/{clientId}/locations',
    access: 'signedIn',
    summary: "A client's locations",
    params: { clientId: idShapes.id },
    response: jsonReply<LocationSummary[]>('the locations', arrayOf(locationSummarySchema)),
  }),
  create: defineRoute({
    name: 'client-locations-create',
    method: 'POST',
    path: 'v1/clients/{clientId}/locations',
    access: 'internal',
    summary: 'Add a location to a client',
    params: { clientId: idShapes.id },
    body: locationSchema,
    status: 201,
    response: jsonReply<Location>('the new location, with its ETag', locationAnswerSchema),
  }),
  get: defineRoute({
    name: 'client-locations-get',
    method: 'GET',
    path: 'v1/clients/{clientId}/locations/{locationId}',
    access: 'signedIn',
    summary: 'A location of a client',
    params: clientLocation,
    response: jsonReply<Location>('the location, with its ETag', locationAnswerSchema),
  }),
  update: defineRoute({
    name: 'client-locations-update',
    method: 'PUT',
    path: 'v1/clients/{clientId}/locations/{locationId}',
    access: 'internal',
    summary: 'Edit a location',
    params: clientLocation,
    body: locationSchema,
    response: jsonReply<Location>('the saved location, with its new ETag', locationAnswerSchema),
  }),
};
