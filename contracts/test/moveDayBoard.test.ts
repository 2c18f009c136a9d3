import { describe, expect, it } from 'vitest';
import { applyBoardAnswer, type MoveDayBoard } from '../src/index.ts';

const person = (personId: string, name: string) => ({ personId, name, space: '101', table: null, email: null, phone: null, waveId: null });
const board: MoveDayBoard = {
  expected: 4,
  arrived: 0,
  floors: [
    { floorId: 'f1', floor: '1', expected: 2, arrived: 0, notArrived: [person('a', 'Ann'), person('b', 'Bo')] },
    { floorId: 'f2', floor: '2', expected: 2, arrived: 0, notArrived: [person('c', 'Cy'), person('d', 'Di')] },
  ],
  withoutSeat: [{ personId: 'e', name: 'Ed', email: null, phone: null, waveId: null, arrived: false }],
  reports: { new: 0, inProgress: 0, resolved: 0 },
  openReportSeats: [],
  lastChange: null,
  version: 'v1',
  changesOnly: false,
  arrivedSince: [],
};

describe('the move-day board after an answer of changes (issue 56: a refresh reads who arrived, not the whole board)', () => {
  it('takes who arrived off their floor, marks the unseated who came, takes the counts, and keeps what it did not touch as it was', () => {
    const next = applyBoardAnswer(board, {
      ...board,
      expected: 4,
      arrived: 2,
      floors: [
        { floorId: 'f1', floor: '1', expected: 2, arrived: 1, notArrived: [] },
        { floorId: 'f2', floor: '2', expected: 2, arrived: 0, notArrived: [] },
      ],
      withoutSeat: [{ personId: 'e', name: 'Ed', email: null, phone: null, waveId: null, arrived: true }],
      reports: { new: 1, inProgress: 0, resolved: 0 },
      version: 'v2',
      changesOnly: true,
      arrivedSince: ['a', 'e'],
    });
    expect(next.floors[0]).toEqual({ floorId: 'f1', floor: '1', expected: 2, arrived: 1, notArrived: [person('b', 'Bo')] });
    expect(next.floors[0]!.notArrived[0]).toBe(board.floors[0]!.notArrived[1]);
    expect(next.floors[1]).toBe(board.floors[1]);
    expect(next.withoutSeat).toEqual([expect.objectContaining({ personId: 'e', arrived: true })]);
    expect(next).toMatchObject({ arrived: 2, reports: { new: 1 }, version: 'v2', changesOnly: false, arrivedSince: [] });
  });

  it('is the board held when nothing changed, and the answer itself when it is a whole board', () => {
    expect(applyBoardAnswer(board, { ...board, changesOnly: true, floors: board.floors.map((f) => ({ ...f, notArrived: [] })) })).toBe(board);
    const whole = { ...board, version: 'v3' };
    expect(applyBoardAnswer(board, whole)).toBe(whole);
    expect(() => applyBoardAnswer(undefined, { ...board, changesOnly: true })).toThrow();
  });
});
