import type { HistoryDoc } from './recordedWrite.ts';

type Doc = { id: string } & Record<string, unknown>;

/**
 * What a record's own feature adds to a restore, passed in where the route table is made (routes.ts), so
 * this feature knows none of them: the planner keeps a person off a taken seat, an ordered list puts an
 * item back in its place.
 */
export interface RestoreHooks {
  /** Before a deleted record comes back: may change it (a person loses a seat taken since) and say so. */
  beforeUndelete?(doc: Doc): Promise<{ doc: Doc; notice?: string }>;
  /** Once it is back: put it where it was (its place in an ordered list). */
  afterUndelete?(doc: Doc, entry: HistoryDoc): Promise<void>;
  /** Before fields are put back: throw to refuse what cannot be (a seat that is taken now). */
  beforeRestore?(current: Doc, next: Doc): Promise<void>;
  /** The write after `beforeRestore` failed (a stale ETag): give back what it took (a title claimed). */
  restoreFailed?(current: Doc, next: Doc): Promise<void>;
  /**
   * Once fields are put back: what the record's own writes do after a change (a move's location and its
   * client's counts), and the answer as the API may show it (no password hash); undefined keeps `restored`.
   */
  afterRestore?(restored: Doc & { etag: string }, before: Doc): Promise<(Doc & { etag: string }) | undefined>;
}
