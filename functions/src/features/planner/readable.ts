import type { Principal } from '../../platform/auth/principal.ts';
import { notFound } from '../../platform/http/errors.ts';
import { readableMove } from '../moves/index.ts';
import { moveIdOfItem, readItem } from './planner.data.ts';

/** An item of the planner the caller may read: its move's client first (403), then the item (404). */
export async function readable<T extends { type: string }>(principal: Principal, id: string, type: T['type'], what: string) {
  const moveId = moveIdOfItem(id);
  if (!moveId) throw notFound(`${what} not found`);
  const move = await readableMove(principal, moveId);
  const doc = await readItem<T>(id, type);
  if (!doc) throw notFound(`${what} not found`);
  return { move, doc };
}
