import {
  api,
  type Move,
  type WallBoard,
  type WallLink,
  type WallLinkCreated,
  type WallLinkShows,
  WALL_LINKS_MAX,
  WALL_TOKEN_HEADER,
  wallLinkEnd,
  wallLinkMessages,
  wallOf,
} from '@movers/contracts';
import type { HttpRequest } from '@azure/functions';
import { cachedJson } from '../../platform/http/conditional.ts';
import { badRequest, notFound, unauthorized } from '../../platform/http/errors.ts';
import { callerAddress } from '../../platform/http/callerAddress.ts';
import { assertUnderLimit, countAttempt, type Limit } from '../../platform/http/rateLimit.ts';
import { created, noContent, ok } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { userFile } from '../../platform/http/userFiles.ts';
import { getMoveDoc, readableMove } from '../moves/index.ts';
import { publishedFloorImage } from '../planner/index.ts';
import { getLocationDoc } from '../locations/index.ts';
import { timeZoneOfCountry } from '../../platform/time/localTime.ts';
import { listSections, ownerIdOf } from '../timeline/index.ts';
import { moveIdOfReport } from './moveDay.data.ts';
import { moveDayMapOf } from './map.ts';
import {
  createWallLink,
  deleteWallLink,
  hashOfWallToken,
  listWallLinks,
  newWallToken,
  readWallLink,
  type WallLinkDoc,
  wallLinkByHash,
} from './wallLink.data.ts';

const MINUTES = 60;
/**
 * Wrong tokens, as wrong visitor passwords: per move and address slowed after 5 in 15 minutes and refused
 * after 10; per move from every address together refused after 300. A wall with its right token polls
 * freely: only a wrong one counts.
 */
export const wallLimits = {
  perAddress: { kind: 'wall-token-address', windowSeconds: 15 * MINUTES, max: 10, slowAfter: 5, delayMs: 400, message: wallLinkMessages.tooMany },
  perMove: { kind: 'wall-token-move', windowSeconds: 15 * MINUTES, max: 300, message: wallLinkMessages.tooMany },
} satisfies Record<string, Limit>;

type MoveOfLink = Pick<Move, 'id' | 'clientId' | 'locationId'>;

/** The move's dates are its timeline's, on its location's clock: a link ends as the day after the last of them ends there. */
async function moveDates(move: MoveOfLink) {
  const [sections, location] = await Promise.all([
    listSections(ownerIdOf('move', move.id)),
    getLocationDoc(move.clientId, move.locationId).catch(() => undefined),
  ]);
  const dates = sections.flatMap((s) => [s.date, ...s.events.flatMap((e) => [e.startDate, e.endDate])]);
  return { dates, location, timeZone: timeZoneOfCountry(location?.country.id) };
}

const toWallLink = (doc: WallLinkDoc & { etag?: string }, expiresAt: string): WallLink => ({
  id: doc.id,
  moveId: doc.moveId,
  shows: doc.shows,
  expiresAt,
  createdAt: doc.createdAt,
  createdBy: doc.createdBy,
  ...(doc.etag ? { etag: doc.etag } : {}),
});

/** The wall's link of this move, or 401: no token, a wrong one (counted), revoked, expired, the move gone. */
async function openWall(moveId: string, request: HttpRequest) {
  const token = request.headers.get(WALL_TOKEN_HEADER)?.trim();
  if (!token) throw unauthorized(wallLinkMessages.invalid);
  const keys = [
    { limit: wallLimits.perAddress, key: `${moveId}|${callerAddress(request)}` },
    { limit: wallLimits.perMove, key: moveId },
  ];
  await assertUnderLimit(keys);
  const link = token.length <= 100 ? await wallLinkByHash(moveId, hashOfWallToken(token)) : undefined;
  const move = link ? await getMoveDoc(moveId) : undefined;
  // The wall's answer names the location and its clock: read once here, with the dates the link ends by.
  const { dates, location, timeZone } = move ? await moveDates(move) : { dates: [], location: undefined, timeZone: '' };
  const expiresAt = link && move ? wallLinkEnd(dates, link.createdAt, timeZone) : '';
  if (!link || !move || Date.parse(expiresAt) <= Date.now()) {
    // Only a token of no link at all is a guess; a revoked or expired one is a wall left running.
    if (!link) await countAttempt(keys);
    throw unauthorized(wallLinkMessages.invalid);
  }
  return { link, move, expiresAt, location, timeZone };
}

/** Each request's opened wall, so the handler does not read again what `authorize` read. */
const opened = new WeakMap<HttpRequest, ReturnType<typeof openWall>>();
const openedWall = (moveId: string, request: HttpRequest) => {
  let wall = opened.get(request);
  if (!wall) {
    wall = openWall(moveId, request);
    opened.set(request, wall);
  }
  return wall;
};

/** A link the caller may touch: its move's client first (403), then the link (404). */
async function readableLink(principal: Parameters<typeof readableMove>[0], linkId: string) {
  const moveId = moveIdOfReport(linkId);
  if (!moveId) throw notFound(wallLinkMessages.notFound);
  const move = await readableMove(principal, moveId);
  const link = await readWallLink(move.id, linkId);
  if (!link) throw notFound(wallLinkMessages.notFound);
  return link;
}

export const wallLinkRoutes: BoundRoute[] = [
  bind(api.wallLinks.list, async ({ principal, params }) => {
    const move = await readableMove(principal, params.moveId);
    const links = (await listWallLinks(move.id)).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    const { dates, timeZone } = await moveDates(move);
    const body: WallLink[] = links.map((link) => toWallLink(link, wallLinkEnd(dates, link.createdAt, timeZone)));
    return ok(body);
  }),

  bind(
    api.wallLinks.create,
    async ({ principal, params, body }) => {
      const move = await readableMove(principal, params.moveId);
      const now = new Date().toISOString();
      const { dates, timeZone } = await moveDates(move);
      const expiresAt = wallLinkEnd(dates, now, timeZone);
      if (Date.parse(expiresAt) <= Date.now()) throw badRequest(wallLinkMessages.moveOver);
      if ((await listWallLinks(move.id)).length >= WALL_LINKS_MAX) throw badRequest(wallLinkMessages.limit);
      const token = newWallToken();
      const link = await createWallLink(move.id, body.shows as WallLinkShows, principal.userId, hashOfWallToken(token), now);
      const answer: WallLinkCreated = { ...toWallLink(link, expiresAt), token };
      return created(answer, { 'Cache-Control': 'no-store' });
    },
    { authorize: ({ principal, params }) => readableMove(principal, params.moveId) },
  ),

  // No `authorize`: it takes no body, and the pipeline refuses another client's link by its path (403).
  bind(api.wallLinks.revoke, async ({ principal, params, ifMatch }) => {
    const link = await readableLink(principal, params.linkId);
    await deleteWallLink(link, ifMatch());
    return noContent();
  }),

  bind(
    api.wallLinks.board,
    async ({ params, request }) => {
      const { link, move, expiresAt, location, timeZone } = await openedWall(params.moveId, request);
      // The wall's figures as the team's wall mode has them (`wallOf`): no photo, no text, names only when chosen.
      const body: WallBoard = {
        name: location?.name ?? move.path,
        shows: link.shows,
        expiresAt,
        // The move's clock, which the wall's times are on whatever the screen's own (issue 55).
        timeZone,
        ...wallOf(await moveDayMapOf(move.id), link.shows),
      };
      const answer = cachedJson(request, body, 'revalidate');
      // The answer depends on the token: no cache hands one wall's board to another caller.
      (answer.headers as Record<string, string>).Vary = `Authorization, ${WALL_TOKEN_HEADER}`;
      return answer;
    },
    { authorize: ({ params, request }) => openedWall(params.moveId, request) },
  ),

  bind(
    api.wallLinks.floorImage,
    async ({ params, query, request }) => {
      const { move } = await openedWall(params.moveId, request);
      const image = await publishedFloorImage(move.id, params.layoutId);
      return userFile(request, image, { cache: query.v ? 'forever' : 'revalidate' });
    },
    { authorize: ({ params, request }) => openedWall(params.moveId, request) },
  ),
];
