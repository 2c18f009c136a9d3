/**
 * The visitor access kinds (`visitorEntry`, `visitor`): the pipeline opens the move named by the route's
 * `{path}` through a gate the moves feature supplies (pipeline deps), once for every visitor route.
 */
export interface Visit<Move = unknown> {
  moveId: string;
  /** Whether the move's content needs a visitor session. */
  isProtected: boolean;
  /** The signed-in visitor (an e-mail, or '' for password only); null without a session. */
  visitor: string | null;
  /** The move as its feature stores it (read once per request). */
  move: Move;
}

export interface VisitorGate {
  /**
   * The enabled move with this path (404 for an unknown or disabled one, the same answer); with
   * `sessionNeeded`, a protected move also needs a valid session of it in `authorization` (401).
   */
  open(path: string, authorization: string | null, sessionNeeded: boolean): Promise<Visit>;
}
