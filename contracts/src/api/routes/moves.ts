import type { Move, MoveColors, MoveOverview } from '../../move.ts';
import { colorSchema, movePatchSchema, moveSchema } from '../../move.ts';
import { defineRoute, jsonReply, noReply } from '../contract.ts';
import { idShapes } from '../ids.ts';

// Creating a move service and its settings are 'not external' (the create and edit screens are); the
// move itself is read by every signed-in user of its client ('signed-in' screens), checked per client.
export const moveRoutes = {
  create: defineRoute({
    name: 'moves-create',
    method: 'POST',
    path: 'v1/locations/{locationId}/moves',
    access: 'internal',
    summary: 'Create the move service of a location (one per location; the path unique across moves)',
    params: { locationId: idShapes.id },
    body: moveSchema,
    status: 201,
    response: jsonReply<Move>('the new move, with its ETag'),
  }),
  getOfLocation: defineRoute({
    name: 'moves-get-of-location',
    method: 'GET',
    path: 'v1/locations/{locationId}/moves/{moveId}',
    access: 'signedIn',
    summary: "A location's move service with its settings (never the password)",
    params: { locationId: idShapes.id, moveId: idShapes.move },
    response: jsonReply<Move>('the move, with its ETag'),
  }),
  update: defineRoute({
    name: 'moves-update',
    method: 'PUT',
    path: 'v1/locations/{locationId}/moves/{moveId}',
    access: 'internal',
    summary: "Edit a move service's settings; a new password ends the visitor sessions made with the old one",
    params: { locationId: idShapes.id, moveId: idShapes.move },
    body: moveSchema,
    response: jsonReply<Move>('the saved move, with its new ETag'),
  }),
  get: defineRoute({
    name: 'moves-get',
    method: 'GET',
    path: 'v1/moves/{moveId}',
    access: 'signedIn',
    summary: "A move's name, company, general information, language, sticker default and path (the planner)",
    params: { moveId: idShapes.move },
    response: jsonReply<MoveOverview>('the move overview, with its ETag'),
  }),
  patch: defineRoute({
    name: 'moves-patch',
    method: 'PATCH',
    path: 'v1/moves/{moveId}',
    access: 'signedIn',
    summary: "Set a move's default sticker count (0-999) or its unassigned people (the planner)",
    params: { moveId: idShapes.move },
    body: movePatchSchema,
    response: jsonReply<MoveOverview>('the move overview, with its new ETag'),
  }),
  unassignedPeople: defineRoute({
    name: 'moves-unassigned-people',
    method: 'GET',
    path: 'v1/moves/{moveId}/unassigned-people',
    access: 'signedIn',
    summary: 'The people of a move not yet placed on a floor',
    params: { moveId: idShapes.move },
    response: jsonReply<string[]>('names'),
  }),
};

// Colours are settings of the move: 'not external'. The colour id is the move's id.
export const colorRoutes = {
  create: defineRoute({
    name: 'colors-create',
    method: 'POST',
    path: 'v1/colors',
    access: 'internal',
    summary: 'Set colours of a move (each #rrggbb; an empty value clears one)',
    params: {},
    body: colorSchema,
    response: jsonReply<MoveColors & { etag?: string }>("the move's colours"),
  }),
  update: defineRoute({
    name: 'colors-update',
    method: 'PUT',
    path: 'v1/colors',
    access: 'internal',
    summary: 'Change colours of a move (each #rrggbb; an empty value clears one)',
    params: {},
    body: colorSchema,
    response: jsonReply<MoveColors & { etag?: string }>("the move's colours"),
  }),
  get: defineRoute({
    name: 'colors-get',
    method: 'GET',
    path: 'v1/colors/{moveId}',
    access: 'internal',
    summary: "A move's colours",
    params: { moveId: idShapes.move },
    response: jsonReply<MoveColors & { etag?: string }>("the move's colours"),
  }),
  clear: defineRoute({
    name: 'colors-clear',
    method: 'DELETE',
    path: 'v1/colors/{moveId}',
    access: 'internal',
    summary: "Clear all of a move's colours",
    params: { moveId: idShapes.move },
    response: noReply('cleared'),
  }),
};
