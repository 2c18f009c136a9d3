import { describe, expect, it } from 'vitest';
import { attempts, MAX_PIXELS, MIN_LONG_SIDE, MIN_SCALE, posterize, RENDER_LONG_SIDE, renderSize } from '../src/admin/features/planner/pdfPages.ts';

// Issue 50: the size a page of an architect's PDF is drawn to for a floor's plan, and when it is refused.

const mm = (millimetres: number) => (millimetres / 25.4) * 72;
const A0 = { width: mm(1189), height: mm(841) };
const A4 = { width: mm(210), height: mm(297) };

describe('a PDF page drawn as a floor plan', () => {
  it('draws an A0 sheet as large as a phone can show it, its small print still legible', () => {
    const size = renderSize(A0.width, A0.height)!;
    expect(size.width * size.height).toBeLessThanOrEqual(MAX_PIXELS);
    // Close to the pixel limit, its long side near the 5,000 px aimed at.
    expect(size.width * size.height).toBeGreaterThan(MAX_PIXELS * 0.99);
    expect(size.width).toBeGreaterThan(4800);
    expect(size.width / size.height).toBeCloseTo(A0.width / A0.height, 2);
    // 8 pt room numbers are over 11 px high.
    expect(size.scale * 8).toBeGreaterThan(11);
  });

  it('draws an A4 page as sharp as an A0 sheet, and a narrow strip to the long side aimed at', () => {
    const a4 = renderSize(A4.height, A4.width)!;
    const a0 = renderSize(A0.width, A0.height)!;
    expect(Math.abs(a4.width - a0.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(a4.height - a0.height)).toBeLessThanOrEqual(1);
    const strip = renderSize(mm(4000), mm(300))!;
    expect(strip.width).toBe(RENDER_LONG_SIDE);
    expect(strip.width * strip.height).toBeLessThan(MAX_PIXELS);
  });

  it('refuses a page that would pass the pixel limit even at the least legible scale', () => {
    // Just within: exactly MAX_PIXELS points at one pixel per point.
    const side = Math.sqrt(MAX_PIXELS / MIN_SCALE ** 2);
    expect(renderSize(side, side)).not.toBeNull();
    expect(renderSize(side * 1.01, side)).toBeNull();
    // Four A0 sheets side by side (a site plan on one page).
    expect(renderSize(A0.width * 2, A0.height * 2)).toBeNull();
  });

  it('refuses a page without a size', () => {
    expect(renderSize(0, 100)).toBeNull();
    expect(renderSize(100, Number.NaN)).toBeNull();
    expect(renderSize(-5, 100)).toBeNull();
    expect(renderSize(Number.POSITIVE_INFINITY, 100)).toBeNull();
  });

  it('tries fewer colours, then smaller images, down to a floor of legibility, to meet the budget', () => {
    const tried = [...attempts(5000)];
    expect(tried[0]).toEqual({ longSide: 5000, levels: 4 });
    expect(tried[1]).toEqual({ longSide: 5000, levels: 2 });
    const sides = tried.map((a) => a.longSide);
    expect(sides).toEqual([...sides].sort((a, b) => b - a));
    expect(Math.min(...sides)).toBeGreaterThanOrEqual(MIN_LONG_SIDE);
    expect(tried.length).toBeLessThan(10);
  });

  it('keeps a drawing to a few colours: black, white and the greys of its lines, its alpha untouched', () => {
    const pixels = Uint8ClampedArray.from([0, 40, 90, 255, 200, 255, 128, 7, 250, 251, 252, 255]);
    posterize(pixels, 4);
    expect([...pixels]).toEqual([0, 0, 85, 255, 170, 255, 170, 7, 255, 255, 255, 255]);
    posterize(pixels, 2);
    expect([...pixels]).toEqual([0, 0, 0, 255, 255, 255, 255, 7, 255, 255, 255, 255]);
  });
});
