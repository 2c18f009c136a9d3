import * as yup from '../../yup.ts';
import type { Move, MoveColors, MoveImageKind, MoveOverview } from '../../move.ts';
import { colorSchema, movePatchSchema, moveSchema } from '../../move.ts';
import { defineRoute, fileReply, jsonReply, noReply } from '../contract.ts';
import { idShapes } from '../ids.ts';
import { moveAnswerSchema, moveColorsSchema, moveImageSchema, moveOverviewSchema } from '../answers/moves.ts';
import { arrayOf, str } from '../answers/shape.ts';

// Creating a move service and its settings are 'not external' (the create and edit screens are); the
// move itself is read by every signed-in user of its client ('signed-in' screens), checked per client.
export const moveRoutes = {
  create: defineRoute({
    name: 'moves-create',
    method: 'POST',
    path: 'v1/locations/{locationId}/moves',
    access: 'internal',
    errors: { 409: 'the path is taken by another move, or the move exists' },
    summary: 'Create the move service of a location (one per location; the path unique across moves)',
    params: { locationId: idShapes.id },
    body: moveSchema,
    status: 201,
    response: jsonReply<Move>('the new move, with its ETag', moveAnswerSchema),
  }),
  getOfLocation: defineRoute({
    name: 'moves-get-of-location',
    method: 'GET',
    path: 'v1/locations/{locationId}/moves/{moveId}',
    access: 'signedIn',
    summary: "A location's move service with its settings (never the password)",
    params: { locationId: idShapes.id, moveId: idShapes.move },
    response: jsonReply<Move>('the move, with its ETag', moveAnswerSchema),
  }),
  update: defineRoute({
    name: 'moves-update',
    method: 'PUT',
    path: 'v1/locations/{locationId}/moves/{moveId}',
    access: 'internal',
    errors: { 409: 'the new path is taken by another move' },
    summary: "Edit a move service's settings; a new password ends the visitor sessions made with the old one",
    params: { locationId: idShapes.id, moveId: idShapes.move },
    body: moveSchema,
    response: jsonReply<Move>('the saved move, with its new ETag', moveAnswerSchema),
  }),
  get: defineRoute({
    name: 'moves-get',
    method: 'GET',
    path: 'v1/moves/{moveId}',
    access: 'signedIn',
    summary: "A move's name, company, general information, language, sticker default and path (the planner)",
    params: { moveId: idShapes.move },
    response: jsonReply<MoveOverview>('the move overview, with its ETag', moveOverviewSchema),
  }),
  patch: defineRoute({
    name: 'moves-patch',
    method: 'PATCH',
    path: 'v1/moves/{moveId}',
    access: 'signedIn',
    summary: "Set a move's default sticker count (0-999) or its unassigned people (the planner)",
    params: { moveId: idShapes.move },
    body: movePatchSchema,
    response: jsonReply<MoveOverview>('the move overview, with its new ETag', moveOverviewSchema),
  }),
  unassignedPeople: defineRoute({
    name: 'moves-unassigned-people',
    method: 'GET',
    path: 'v1/moves/{moveId}/unassigned-people',
    access: 'signedIn',
    summary: 'The people of a move not yet placed on a floor',
    params: { moveId: idShapes.move },
    response: jsonReply<string[]>('names', arrayOf(str)),
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
    // The colours exist with the move, so a POST changes them: it needs the ETag read, as PUT does.
    conditional: true,
    body: colorSchema,
    response: jsonReply<MoveColors & { etag?: string }>("the move's colours", moveColorsSchema),
  }),
  update: defineRoute({
    name: 'colors-update',
    method: 'PUT',
    path: 'v1/colors',
    access: 'internal',
    summary: 'Change colours of a move (each #rrggbb; an empty value clears one)',
    params: {},
    body: colorSchema,
    response: jsonReply<MoveColors & { etag?: string }>("the move's colours", moveColorsSchema),
  }),
  get: defineRoute({
    name: 'colors-get',
    method: 'GET',
    path: 'v1/colors/{moveId}',
    access: 'internal',
    summary: "A move's colours",
    params: { moveId: idShapes.move },
    response: jsonReply<MoveColors & { etag?: string }>("the move's colours", moveColorsSchema),
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

/** The largest move image (logo, login logo, background). */
export const MOVE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const moveImageTypes = ['image/jpeg', 'image/png', 'image/svg+xml'] as const;

const imageQueryFields = {
  /**
   * A preview uploaded while the form is open, kept apart from the image itself; empty (as the spec's
   * client sends it on the form's submit) is the image, so the document's pattern takes it too.
   */
  discriminator: yup
    .string()
    .transform((value: string) => (value === '' ? undefined : value))
    .matches(/^(?:[A-Za-z0-9-]{1,40})?$/, 'not a valid discriminator')
    .optional(),
  /** The cache-buster: the image's version, so a changed image is a new address. */
  v: yup.string().max(100).optional(),
};
const imageQuery = yup.object(imageQueryFields).noUnknown(true, 'unknown parameter: ${unknown}');
/** Reading an image, any other parameter is a cache-buster of the caller's own (the spec names none): ignored. */
const imageReadQuery = yup.object(imageQueryFields).meta({ otherParameters: 'ignored' });

/** What an image upload answers: the kind and the version that addresses it from now on. */
export interface MoveImage {
  kind: MoveImageKind;
  version: string;
  discriminator: string | null;
}

/** The image routes of one kind: upload (multipart, the form field is the kind), read, remove. */
function imageRoutes(kind: MoveImageKind) {
  return {
    upload: defineRoute({
      name: `moves-${kind}-upload`,
      method: 'POST',
      path: `v1/locations/{locationId}/moves/{moveId}/${kind}`,
      access: 'internal',
      summary: `Upload the move's ${kind} (JPEG, PNG or SVG by content, at most 5 MB; SVG is sanitised); with a discriminator, a preview (empty, as the spec's client sends it: the image itself)`,
      params: { locationId: idShapes.id, moveId: idShapes.move },
      query: imageQuery,
      upload: { field: kind, maxBytes: MOVE_IMAGE_MAX_BYTES, types: moveImageTypes },
      response: jsonReply<MoveImage>('the image and its version', moveImageSchema),
    }),
    get: defineRoute({
      name: `moves-${kind}-get`,
      method: 'GET',
      path: `v1/moves/{moveId}/${kind}`,
      access: 'signedIn',
      cached: true,
      summary: `The move's ${kind} (or a preview, by discriminator), served so that it cannot run: sandboxed, not sniffed`,
      params: { moveId: idShapes.move },
      query: imageReadQuery,
      response: fileReply(moveImageTypes, `the ${kind}`),
    }),
    remove: defineRoute({
      name: `moves-${kind}-remove`,
      method: 'DELETE',
      path: `v1/locations/{locationId}/moves/{moveId}/${kind}`,
      access: 'internal',
      summary: `Remove the move's ${kind} (If-Match: its version)`,
      params: { locationId: idShapes.id, moveId: idShapes.move },
      response: noReply('removed'),
    }),
  };
}

export const moveImageRoutes = {
  logo: imageRoutes('logo'),
  loginlogo: imageRoutes('loginlogo'),
  background: imageRoutes('background'),
};
