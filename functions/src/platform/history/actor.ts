import { AsyncLocalStorage } from 'node:async_hooks';

/** Who made a change and by which route, as history records it. */
export interface Actor {
  /** The user's id, or 'system' / 'import' / 'visitor' where no signed-in person acted. */
  by: { id: string; name: string };
  /** The route's name (`planner-people-update`), or what ran it ('system'). */
  route: string;
}

const SYSTEM: Actor = { by: { id: 'system', name: 'system' }, route: 'system' };
const storage = new AsyncLocalStorage<Actor>();

/**
 * Runs `work` as `actor`: every write it makes records them. The route pipeline sets it once per request,
 * so no handler or store passes its caller down to the history.
 */
export const actingAs = <T>(actor: Actor, work: () => T): T => storage.run(actor, work);

/** Who is acting now: the request's caller, else the system (a timer, a queue). */
export const currentActor = (): Actor => storage.getStore() ?? SYSTEM;
