import { describe, expect, it } from 'vitest';
import { nextLine } from '../src/admin/features/planner/ScalePanel.tsx';

describe('drawing the calibration line', () => {
  it('takes the first click as its start, the second as its end, and a third as a new start', () => {
    const a = { positionX: 10, positionY: 20 };
    const b = { positionX: 60, positionY: 20 };
    const c = { positionX: 5, positionY: 5 };
    const first = nextLine({ a: null, b: null }, a);
    expect(first).toEqual({ a, b: null });
    const second = nextLine(first, b);
    expect(second).toEqual({ a, b });
    expect(nextLine(second, c)).toEqual({ a: c, b: null });
  });
});
