import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../src/admin/features/moves/contrast.ts';

describe('colour contrast (WCAG 2)', () => {
  it('is 21 for black on white and 1 for a colour on itself, whichever comes first', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#005a9e', '#005a9e')).toBe(1);
  });

  it("tells Fluent's blue on white passes AA and a light grey fails", () => {
    expect(contrastRatio('#0078d4', '#ffffff')).toBeGreaterThan(4.5);
    expect(contrastRatio('#aaaaaa', '#ffffff')).toBeLessThan(4.5);
  });
});
