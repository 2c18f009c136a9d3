import { describe, expect, it } from 'vitest';
import { includesText, paginate, sortRows } from '../src/common/list/sortRows.ts';

describe('sortRows', () => {
  const rows = [{ v: 'beta' }, { v: '' }, { v: 'Alpha' }, { v: null }, { v: 'gamma' }];

  it('sorts ascending case-insensitively with empty values last', () => {
    expect(sortRows(rows, (r) => r.v, 'asc').map((r) => r.v)).toEqual(['Alpha', 'beta', 'gamma', '', null]);
  });

  it('keeps empty values last when descending', () => {
    expect(sortRows(rows, (r) => r.v, 'desc').map((r) => r.v)).toEqual(['gamma', 'beta', 'Alpha', '', null]);
  });

  it('sorts numbers numerically', () => {
    expect(sortRows([{ n: 10 }, { n: 2 }, { n: 33 }], (r) => r.n, 'asc').map((r) => r.n)).toEqual([2, 10, 33]);
  });
});

describe('paginate', () => {
  const rows = Array.from({ length: 23 }, (_, i) => i);
  it('cuts pages and counts them', () => {
    expect(paginate(rows, 2, 10)).toEqual({ rows: [20, 21, 22], page: 2, pageCount: 3 });
  });
  it('clamps a page past the end to the last page', () => {
    expect(paginate(rows, 9, 10).page).toBe(2);
  });
  it("shows every row for 'all'", () => {
    expect(paginate(rows, 3, 'all').rows).toHaveLength(23);
  });
});

describe('includesText', () => {
  it('matches case-insensitively and treats an empty filter as a match', () => {
    expect(includesText('Aurora Shipping', 'SHIP')).toBe(true);
    expect(includesText('Aurora', '  ')).toBe(true);
    expect(includesText(undefined, 'x')).toBe(false);
  });
});
