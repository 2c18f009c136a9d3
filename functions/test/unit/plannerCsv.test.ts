import { describe, expect, it } from 'vitest';
import { labelSheet, neutralise, parseAllocation } from '../../src/features/planner/csv.ts';

describe('label sheet', () => {
  it('starts with a BOM, separates with semicolons and keeps Æ, Ø, Å', () => {
    const text = labelSheet([['Ærlig Øye Åse', '2', '201', 'A', 'blue', 3, '201A', 'Aurora']]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.split('\r\n')[1]).toBe('Ærlig Øye Åse;2;201;A;blue;3;201A;Aurora');
  });
  it('neutralises cells a spreadsheet would run', () => {
    for (const bad of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(neutralise(bad)).toBe(`'${bad}`);
    expect(neutralise('Ola')).toBe('Ola');
    const text = labelSheet([['=HYPERLINK("x")', '1', '1', '', '', 1, '', 'A;B']]);
    expect(text.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")";1;1;;;1;;"A;B"`);
  });
});

describe('allocation import', () => {
  it('skips the header and lines without a name, reads space and table', () => {
    const { lines, skipped } = parseAllocation('\uFEFFSpace;Name\n101A;Ola Nordmann\n102;\n;Kari\n"103";"Åse; Ø"\r\n');
    expect(lines.map((l) => [l.space, l.table, l.name])).toEqual([
      ['101', 'A', 'Ola Nordmann'],
      ['103', null, 'Åse; Ø'],
    ]);
    expect(skipped.map((s) => [s.line, s.reason])).toEqual([
      [3, 'no name'],
      [4, 'no space'],
    ]);
  });

  it('skips a name longer than a person may have', () => {
    const { lines, skipped } = parseAllocation(`Space;Name\n101;${'x'.repeat(201)}\n`);
    expect(lines).toEqual([]);
    expect(skipped.map((s) => s.reason)).toEqual(['a name has at most 200 characters']);
  });
});
