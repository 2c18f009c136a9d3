import { describe, expect, it } from 'vitest';
import type { Marker } from '@movers/contracts';
import { type Direction, markerChange, type Outcome, type UndoStep, undoHistory } from '../src/admin/features/planner/undo.ts';

const move = (recordId: string, entryId: string, title = recordId): UndoStep => ({
  kind: 'marker',
  recordId,
  layoutId: 'floor',
  action: 'move',
  title,
  entryId,
});

/** A server that takes every call, and remembers what it was asked, in order. */
function recorder(answer: (step: UndoStep, direction: Direction) => Outcome = () => ({ done: true })) {
  const calls: string[] = [];
  return {
    calls,
    perform: async (step: UndoStep, direction: Direction) => {
      calls.push(`${direction} ${step.entryId}`);
      return answer(step, direction);
    },
  };
}

describe("the planner's undo stack", () => {
  it('undoes the latest change first and redoes in the order undone', async () => {
    const history = undoHistory();
    for (const n of [1, 2, 3]) history.record(move('a', `e${n}`));
    const server = recorder();
    await history.undo(server.perform);
    await history.undo(server.perform);
    expect(history.state().undo?.entryId).toBe('e1');
    expect(history.state().redo?.entryId).toBe('e2');
    await history.redo(server.perform);
    await history.redo(server.perform);
    expect(server.calls).toEqual(['undo e3', 'undo e2', 'redo e2', 'redo e3']);
    expect(history.state()).toEqual({ undo: move('a', 'e3'), redo: null });
  });

  it('runs presses made at once one after another, each on the top of the stack when its turn comes', async () => {
    const history = undoHistory();
    for (const n of [1, 2, 3]) history.record(move('a', `e${n}`));
    const server = recorder();
    await Promise.all([history.undo(server.perform), history.undo(server.perform), history.redo(server.perform)]);
    expect(server.calls).toEqual(['undo e3', 'undo e2', 'redo e2']);
  });

  it('forgets what was undone once a new change is made', async () => {
    const history = undoHistory();
    history.record(move('a', 'e1'));
    await history.undo(recorder().perform);
    expect(history.state().redo).not.toBeNull();
    history.record(move('b', 'e2'));
    expect(history.state().redo).toBeNull();
    expect(await history.redo(recorder().perform)).toBeNull();
  });

  it('keeps the entry a redo needs: a placing undone is brought back from the removal that undid it', async () => {
    const history = undoHistory();
    history.record({ ...move('a', ''), action: 'place', entryId: null });
    await history.undo(async () => ({ done: true, entryId: 'removal' }));
    expect(history.state().redo).toMatchObject({ action: 'place', entryId: 'removal' });
  });

  it("drops a refused record's steps from both stacks, and keeps the others in order", async () => {
    const history = undoHistory();
    history.record(move('a', 'a1'));
    history.record(move('b', 'b1'));
    history.record(move('a', 'a2'));
    history.record(move('b', 'b2'));
    const server = recorder((step) => (step.recordId === 'b' ? { done: false } : { done: true }));
    const first = await history.undo(server.perform);
    expect(first?.outcome.done).toBe(false);
    expect(history.state().undo?.entryId).toBe('a2');
    await history.undo(server.perform);
    await history.undo(server.perform);
    expect(server.calls).toEqual(['undo b2', 'undo a2', 'undo a1']);
    expect(history.state().undo).toBeNull();
  });

  it('keeps the step where it was when the call fails for another reason (the network), so it can be tried again', async () => {
    const history = undoHistory();
    history.record(move('a', 'e1'));
    await expect(history.undo(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(history.state().undo?.entryId).toBe('e1');
    await history.undo(recorder().perform);
    expect(history.state()).toMatchObject({ undo: null, redo: { entryId: 'e1' } });
  });

  it('tells its listeners of each change, and forgets everything when the planner is opened again', async () => {
    const history = undoHistory();
    let told = 0;
    const stop = history.subscribe(() => {
      told += 1;
    });
    history.record(move('a', 'e1'));
    await history.undo(recorder().perform);
    history.clear();
    stop();
    history.record(move('a', 'e2'));
    expect(told).toBe(3);
    expect(history.state().redo).toBeNull();
  });
});

describe("a marker's change in the buttons' words", () => {
  const marker = {
    id: 'm',
    move_layout_id: 'floor',
    marker_type: 'room',
    title: '304',
    coordinates: { positionX: 10, positionY: 20 },
    openSpace: false,
    spaceId: null,
    users: [],
    etag: '"1"',
  } as unknown as Marker;

  it('names a rename, a move, a resize (any field of its size) and another change; nothing changed is no step', () => {
    expect(markerChange(marker, { ...marker, title: '305', etag: '"2"' })).toBe('rename');
    expect(markerChange(marker, { ...marker, coordinates: { positionX: 11, positionY: 20 } })).toBe('move');
    expect(markerChange(marker, { ...marker, sizeMetres: { width: 2, height: 1 } } as Marker)).toBe('resize');
    expect(markerChange(marker, { ...marker, openSpace: true })).toBe('change');
    expect(markerChange(marker, { ...marker, etag: '"3"', users: [{ id: 'p' }] } as unknown as Marker)).toBeNull();
  });
});
