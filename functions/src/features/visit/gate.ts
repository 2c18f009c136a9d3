import type { Visit, VisitorGate } from '../../platform/auth/visit.ts';
import { verifyVisitorSession } from '../../platform/auth/visitorSession.ts';
import { moversPassMessages } from '@movers/contracts';
import { forbidden, HttpError, notFound } from '../../platform/http/errors.ts';
import { findMoveByPath, type MoveDoc } from '../moves/index.ts';
import { getMoversPass, passStands } from '../moversPass/index.ts';

/** The move a visitor route serves, as stored. */
export type VisitedMove = MoveDoc & { etag?: string };

/**
 * A move's content needs a session unless no scheme protects it: e-mail only always does; the password
 * schemes do once a password is set (the settings form requires one).
 */
export const isProtected = (move: MoveDoc) => move.authorizationScheme === 'email' || move.passwordHash !== null;

const noSuchSite = () => notFound('no such site');
const sessionNeeded = () => new HttpError(401, 'unauthorized', 'sign in to the move first');

/**
 * The gate of every visitor route (the pipeline calls it once per request): an unknown and a disabled
 * path get the same 404; a session must be of this move, unexpired, and of its current session version
 * (a new password or disabling the move raises it).
 */
export const visitorGate: VisitorGate = {
  async open(path, authorization, needs): Promise<Visit<VisitedMove>> {
    const move = await findMoveByPath(path);
    if (!move?.isEnabled) throw noSuchSite();
    const guarded = isProtected(move);
    // Sessions cannot be checked while their key is unusable (503): a protected move's content stops;
    // an open move, or a route that needs no session, goes on as without one.
    const claims = authorization
      ? await verifyVisitorSession(authorization).catch((error: unknown) => {
          if (needs.sessionNeeded && guarded) throw error;
          return undefined;
        })
      : undefined;
    let valid = claims?.moveId === move.id && claims.version === move.sessionVersion ? claims : undefined;
    // A movers' pass's session stands while the move's pass is that one and has not ended: revoked or
    // replaced, it is 401 at once. Read only for such a session (every other caller costs nothing more).
    if (valid?.pass && !passStands(await getMoversPass(move), valid.pass)) valid = undefined;
    if (needs.sessionNeeded && guarded && !valid) throw sessionNeeded();
    if (needs.sessionNeeded && valid?.pass && !needs.moversPassOpens) throw forbidden(moversPassMessages.floorPlansOnly);
    return {
      moveId: move.id,
      isProtected: guarded,
      visitor: valid ? valid.visitor : null,
      moversPass: Boolean(valid?.pass),
      person: valid?.person ?? null,
      move,
    };
  },
};

export const visitedMove = (visit: Visit) => visit.move as VisitedMove;
