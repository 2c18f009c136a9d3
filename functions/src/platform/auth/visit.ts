/**
 * The visitor access kinds (`visitorEntry`, `visitor`): the pipeline opens the move named by the route's
 * `{path}` through a gate the moves feature supplies (pipeline deps), once for every visitor route.
 */
export interface Visit<Move = unknown> {
  moveId: string;
  /** Whether the move's content needs a visitor session. */
  isProtected: boolean;
  /** The signed-in visitor (an e-mail, or '' for password only and a movers' pass); null without a session. */
  visitor: string | null;
  /** The session is a movers' pass's: it opens the floor plans only. */
  moversPass: boolean;
  /**
   * A personal link's session: the person's id and the tag of the token it was signed in with. The
   * feature checks that the person and the token still stand before it acts for them.
   */
  person: { id: string; tokenTag: string } | null;
  /** The move as its feature stores it (read once per request). */
  move: Move;
}

/** What the route being called needs of the session (from its contract). */
export interface VisitNeeds {
  /** A protected move's content route (`visitor`): a valid session of the move, else 401. */
  sessionNeeded: boolean;
  /** The route is one a movers' pass opens; a pass's session is 403 on every other content route. */
  moversPassOpens: boolean;
}

export interface VisitorGate {
  /** The enabled move with this path (404 for an unknown or disabled one, the same answer), and the session as the route needs it. */
  open(path: string, authorization: string | null, needs: VisitNeeds): Promise<Visit>;
}
