import * as yup from './yup.ts';
import { messages } from './messages.ts';
import type { MoveDayWall } from './moveDayMap.ts';
import { endOfDayIn } from './waveTimes.ts';

/**
 * The wall link (issue 49): a read-only address of a move's board for the screen on the wall of the hall,
 * opened without anyone signing in. Its token opens this move's board only, is stored as its SHA-256 hash
 * (the team sees it once, when it is made), ends the day after the move's last timeline date, and stops
 * at once when revoked. It shows names only where the team chose so, and never a photo nor what a person
 * wrote (which may hold an address or a number). Routes: `contracts/src/api/routes/wallLinks.ts`.
 */

/** What the wall shows of people: their names, or their seats alone. */
export const wallLinkShows = ['names', 'seats'] as const;
export type WallLinkShows = (typeof wallLinkShows)[number];

/** The header the wall sends its token in: out of the address, so out of every server's and proxy's log. */
export const WALL_TOKEN_HEADER = 'X-Wall-Token';
/** 32 random bytes, base64url: 43 characters. */
export const WALL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A move keeps at most this many live wall links: one per screen, and a few to spare. */
export const WALL_LINKS_MAX = 20;
/** Without a timeline date to end with, a link lasts this many days. */
export const WALL_LINK_DEFAULT_DAYS = 7;

/** A wall link as the move team sees it (never its token: only its hash is kept). */
export interface WallLink {
  /** `{moveId}_{uuid}`. */
  id: string;
  moveId: string;
  shows: WallLinkShows;
  /** When it stops working: the end of the day after the move's last timeline date (that day, UTC). */
  expiresAt: string;
  createdAt: string;
  createdBy: string;
  etag?: string;
}

/** POST's answer: the link with its token, shown this once. */
export interface WallLinkCreated extends WallLink {
  token: string;
}

/**
 * GET /v1/wall/{moveId}: the board for the wall, read-only: the wall's figures (`wallOf` in
 * `moveDayMap.ts`, as the signed-in team's wall mode shows them: no photo, no report text, a seat's label
 * with names only when the link shows names), and what the wall says about itself.
 */
export interface WallBoard extends MoveDayWall {
  /** The move's location's name. */
  name: string;
  shows: WallLinkShows;
  expiresAt: string;
  /** The move's time zone (its location's country's): the wall shows its times on this clock and says so (issue 55). */
  timeZone: string;
}

/** Where the wall reads a floor's plan, with its token header (`v`: the image's version, cached for a year). */
export const wallFloorImagePath = (moveId: string, floorId: string, version: string) =>
  `/v1/wall/${encodeURIComponent(moveId)}/floors/${encodeURIComponent(floorId)}/image?v=${encodeURIComponent(version)}`;

export const wallLinkMessages = {
  invalid: 'This wall link no longer works: ask the move team for a new one',
  tooMany: 'too many wrong wall links: wait {minutes} minutes',
  moveOver: "the move is over: its timeline's last date has passed",
  limit: `a move has at most ${WALL_LINKS_MAX} wall links: revoke one first`,
  notFound: 'wall link not found',
} as const;

/** POST /v1/moves/{moveId}/wall-links. */
export const wallLinkCreateSchema = yup
  .object({
    shows: yup
      .string()
      .oneOf(wallLinkShows, `one of ${wallLinkShows.join(', ')}`)
      .required(messages.validation.required)
      .meta({
        rule: `a new link of the move: 400 '${wallLinkMessages.limit}' when it has ${WALL_LINKS_MAX} already, 400 '${wallLinkMessages.moveOver}' after the move`,
      }),
  })
  .noUnknown(true, 'unknown field: ${unknown}');

/** The address of the wall: the token in the fragment, never sent to a server by the browser. */
export const wallLinkAddress = (origin: string, moveId: string, token: string) =>
  `${origin.replace(/\/$/, '')}/admin/wall/${encodeURIComponent(moveId)}#${token}`;

const DAY_MS = 86_400_000;
/**
 * When a link made `createdAt` ends: the end of the day after the move's last timeline date on the move's
 * clock (`timeZone`; the move's dates are its timeline's), else `WALL_LINK_DEFAULT_DAYS` after it was made.
 * Read from the timeline on each call, so a link follows the move when its dates change.
 */
export function wallLinkEnd(dates: (string | null | undefined)[], createdAt: string, timeZone: string): string {
  const days = dates.flatMap((d) => (d && !Number.isNaN(Date.parse(d.slice(0, 10))) ? [Date.parse(d.slice(0, 10))] : []));
  if (days.length === 0) return new Date(Date.parse(createdAt) + WALL_LINK_DEFAULT_DAYS * DAY_MS).toISOString();
  return endOfDayIn(new Date(Math.max(...days) + DAY_MS).toISOString(), timeZone);
}
