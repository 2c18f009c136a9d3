import { floorImageTypes } from '../../planner.ts';
import { type WallBoard, type WallLink, type WallLinkCreated, WALL_LINKS_MAX, WALL_TOKEN_HEADER, wallLinkCreateSchema } from '../../wallLink.ts';
import * as yup from '../../yup.ts';
import { defineRoute, fileReply, jsonReply, noReply } from '../contract.ts';
import { idShapes } from '../ids.ts';
import { wallBoardSchema, wallLinkCreatedSchema, wallLinkSchema } from '../answers/wallLink.ts';
import { arrayOf } from '../answers/shape.ts';

const imageVersionQuery = yup.object({ v: yup.string().max(100).optional() }).noUnknown(true, 'unknown parameter: ${unknown}');
const wallToken = { [WALL_TOKEN_HEADER]: { description: "The wall link's token (the part of its address after '#')", required: true } } as const;
const refused = {
  401: 'no token, or one that is not a live wall link of this move (revoked, expired, never made, or of another move)',
  429: 'too many wrong tokens from this address or for this move: wait (Retry-After)',
} as const;

/**
 * The wall link (issue 49). The move team makes, lists and revokes a move's links as they read its board
 * (the planner's access: staff and the move's client's own External users); the wall reads the board
 * without signing in, by the token in its header.
 */
export const wallLinkRoutes = {
  list: defineRoute({
    name: 'wall-links-list',
    method: 'GET',
    path: 'v1/moves/{moveId}/wall-links',
    access: 'signedIn',
    summary: "The move's wall links (never their tokens: only their hashes are kept), newest first, each with when it ends",
    params: { moveId: idShapes.move },
    response: jsonReply<WallLink[]>('the links', arrayOf(wallLinkSchema)),
  }),
  create: defineRoute({
    name: 'wall-links-create',
    method: 'POST',
    path: 'v1/moves/{moveId}/wall-links',
    access: 'signedIn',
    summary: `Make a wall link showing names or seat numbers only; its token is in this answer only (only its hash is kept). It ends the day after the timeline's last date (else in 7 days); at most ${WALL_LINKS_MAX} a move (400)`,
    params: { moveId: idShapes.move },
    body: wallLinkCreateSchema,
    answersSecret: true,
    status: 201,
    response: jsonReply<WallLinkCreated>('the link with its token', wallLinkCreatedSchema),
  }),
  revoke: defineRoute({
    name: 'wall-links-revoke',
    method: 'DELETE',
    path: 'v1/wall-links/{linkId}',
    access: 'signedIn',
    summary: 'Revoke a wall link (If-Match: its ETag): the wall showing it is refused from its next call',
    params: { linkId: idShapes.moveItem },
    response: noReply('revoked'),
  }),
  board: defineRoute({
    name: 'wall-board',
    method: 'GET',
    path: 'v1/wall/{moveId}',
    access: 'public',
    cached: true,
    requestHeaders: wallToken,
    errors: refused,
    summary:
      "The board for the wall, read-only: counts by floor, each seat with its state, open reports' categories and position, and the newest open reports (no photo, no text; names only when the link shows names, else seats). ETag; 304 on If-None-Match: poll it",
    params: { moveId: idShapes.move },
    response: jsonReply<WallBoard>('the board', wallBoardSchema),
  }),
  floorImage: defineRoute({
    name: 'wall-floor-image',
    method: 'GET',
    path: 'v1/wall/{moveId}/floors/{layoutId}/image',
    access: 'public',
    cached: true,
    requestHeaders: wallToken,
    errors: refused,
    summary: "A published floor's image for the wall (sandboxed; `v` = its version)",
    params: { moveId: idShapes.move, layoutId: idShapes.plannerItem },
    query: imageVersionQuery,
    // A floor's image as the planner keeps it: a floor drawn from a PDF is WebP (issue 50).
    response: fileReply(floorImageTypes, 'the image'),
  }),
};
