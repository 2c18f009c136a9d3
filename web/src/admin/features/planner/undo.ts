/**
 * The planner's undo and redo (issue 50): the user's own changes since the planner was opened, each undone
 * as a restore from the history (issue 37) on the record's current ETag, refused by the server when someone
 * else changed the record since. The stack knows nothing of the API: `perform` does the call and says
 * whether it was done or refused.
 */

import type { Marker } from '@movers/contracts';

/** What a change did, in the words of the buttons' tooltips ('Undo move of 304 A'). */
export type UndoAction = 'place' | 'move' | 'resize' | 'rename' | 'change' | 'remove' | 'assign' | 'unassign';

export interface UndoStep {
  kind: 'marker' | 'person';
  recordId: string;
  /** A marker's floor: the floor's cache is read again after an undo. */
  layoutId: string | null;
  action: UndoAction;
  /** What the record is called ('304 A', a person's name), for the tooltip and the messages. */
  title: string;
  /**
   * The history entry to restore: the change's own (an update, a removal), or, for a placing undone, the
   * removal that undid it (brought back on redo). Null for a placing not undone: it is undone by removing.
   */
  entryId: string | null;
}

export type Direction = 'undo' | 'redo';

/** What a call did: done (with the entry the step is to restore next, when that changed), or refused. */
export type Outcome = { done: true; entryId?: string | null } | { done: false };

export type Perform = (step: UndoStep, direction: Direction) => Promise<Outcome>;

export interface UndoState {
  undo: UndoStep | null;
  redo: UndoStep | null;
}

export function undoHistory() {
  let past: UndoStep[] = [];
  let future: UndoStep[] = [];
  const listeners = new Set<() => void>();
  let state: UndoState = { undo: null, redo: null };
  let tail: Promise<unknown> = Promise.resolve();

  const tell = () => {
    state = { undo: past.at(-1) ?? null, redo: future.at(-1) ?? null };
    for (const listener of listeners) listener();
  };

  /** Runs one undo or redo after the ones asked before it, on the top of the stack when its turn comes. */
  function step(direction: Direction, perform: Perform): Promise<{ step: UndoStep; outcome: Outcome } | null> {
    const run = async () => {
      const from = direction === 'undo' ? past : future;
      const to = direction === 'undo' ? future : past;
      const top = from.at(-1);
      if (!top) return null;
      const outcome = await perform(top, direction);
      from.pop();
      if (outcome.done) {
        to.push(outcome.entryId !== undefined ? { ...top, entryId: outcome.entryId } : top);
      } else {
        // Refused: the record is someone else's change now, and no step of it can be undone or redone
        // without overwriting that change, so its steps leave both stacks.
        past = past.filter((s) => s.recordId !== top.recordId);
        future = future.filter((s) => s.recordId !== top.recordId);
      }
      tell();
      return { step: top, outcome };
    };
    const result = tail.then(run, run);
    tail = result.catch(() => undefined);
    return result;
  }

  return {
    /** A change of the user's own: it can be undone; what was undone before cannot be redone any more. */
    record(change: UndoStep) {
      past.push(change);
      future = [];
      tell();
    },
    undo: (perform: Perform) => step('undo', perform),
    redo: (perform: Perform) => step('redo', perform),
    /** The planner opened again: its steps are of an earlier visit. */
    clear() {
      past = [];
      future = [];
      tell();
    },
    state: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type UndoHistory = ReturnType<typeof undoHistory>;

/** What an update of a marker did, for the buttons' words; null when it changed nothing. */
export function markerChange(before: Marker, after: Marker): UndoAction | null {
  const { etag: _b, users: _bu, ...was } = before;
  const { etag: _a, users: _au, ...is } = after;
  if (JSON.stringify(was) === JSON.stringify(is)) return null;
  if (before.title !== after.title) return 'rename';
  const { positionX, positionY } = before.coordinates;
  if (positionX !== after.coordinates.positionX || positionY !== after.coordinates.positionY) return 'move';
  // A marker's size, in whatever fields it is kept (issue 50's metres): a resize, undone as any change is.
  const earlier = was as Record<string, unknown>;
  const resized = Object.entries(is).some(([field, value]) => /size/i.test(field) && JSON.stringify(value) !== JSON.stringify(earlier[field]));
  return resized ? 'resize' : 'change';
}
