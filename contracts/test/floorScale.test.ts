import { describe, expect, it } from 'vitest';
import { calibrate, distanceMetres, isFloorScale, rescaled, scaleBar, sizeFromMetres, sizeInMetres, snapGrid, snapPosition } from '../src/floorScale.ts';

const image = { width: 1000, height: 500 };

describe('calibrating a floor', () => {
  it('keeps metres per pixel of a line of known length, across and along the image', () => {
    // 250 px across a 1000 px wide image is 10 m: 0.04 m a pixel.
    expect(calibrate({ positionX: 10, positionY: 50 }, { positionX: 35, positionY: 50 }, 10, image)?.metresPerPixel).toBeCloseTo(0.04);
    // A 3-4-5 diagonal: 300 px across, 400 px down (80 % of 500) is 500 px.
    expect(calibrate({ positionX: 0, positionY: 0 }, { positionX: 30, positionY: 80 }, 5, image)?.metresPerPixel).toBeCloseTo(0.01);
  });
  it('refuses a line of no length and a length that is none', () => {
    expect(calibrate({ positionX: 5, positionY: 5 }, { positionX: 5, positionY: 5 }, 10, image)).toBeNull();
    expect(calibrate({ positionX: 0, positionY: 0 }, { positionX: 10, positionY: 0 }, 0, image)).toBeNull();
    expect(calibrate({ positionX: 0, positionY: 0 }, { positionX: 10, positionY: 0 }, Number.NaN, image)).toBeNull();
  });
  it('takes scales from 0.1 mm to 10 m per pixel', () => {
    expect(isFloorScale(0.02)).toBe(true);
    expect(isFloorScale(0)).toBe(false);
    expect(isFloorScale(-1)).toBe(false);
    expect(isFloorScale(Number.POSITIVE_INFINITY)).toBe(false);
    expect(isFloorScale(11)).toBe(false);
    expect(isFloorScale(0.00001)).toBe(false);
  });
  it('keeps the scale of a floor whose image comes at another resolution', () => {
    // Half the pixels across the same building: each pixel is twice as many metres.
    expect(rescaled({ metresPerPixel: 0.02 }, 2000, 1000).metresPerPixel).toBeCloseTo(0.04);
  });
  it('measures straight-line distances and marker sizes in metres', () => {
    const scale = { metresPerPixel: 0.02 };
    expect(distanceMetres({ positionX: 0, positionY: 0 }, { positionX: 30, positionY: 80 }, image, scale)).toBeCloseTo(10);
    const metres = sizeInMetres({ width: 10, height: 20 }, image, scale);
    expect(metres.width).toBeCloseTo(2);
    expect(metres.height).toBeCloseTo(2);
    const back = sizeFromMetres(metres, image, scale);
    expect(back.width).toBeCloseTo(10);
    expect(back.height).toBeCloseTo(20);
  });
});

describe('the scale bar', () => {
  it('is the longest round length (1, 2, 5 × 10ⁿ m) that fits', () => {
    expect(scaleBar(0.05, 120)).toEqual({ metres: 5, pixels: 100 });
    expect(scaleBar(0.1, 120)).toEqual({ metres: 10, pixels: 100 });
    expect(scaleBar(0.2, 120).metres).toBe(20);
    expect(scaleBar(0.5, 120).metres).toBe(50);
    expect(scaleBar(1, 120).metres).toBe(100);
    expect(scaleBar(0.004, 120).metres).toBe(0.2);
    expect(scaleBar(1 / 12, 120).metres).toBe(10);
  });
  it('follows the zoom: zoomed in, a shorter length', () => {
    const far = scaleBar(0.04, 120);
    const near = scaleBar(0.04 / 4, 120);
    expect(near.metres).toBeLessThan(far.metres);
    for (const bar of [far, near]) {
      expect(bar.pixels).toBeLessThanOrEqual(120);
      expect(bar.pixels).toBeGreaterThan(120 / 2.5 - 1e-9);
    }
  });
});

describe('snapping', () => {
  const loose = { grid: { x: 1, y: 1 }, tolerance: { x: 1.5, y: 1.5 } };
  it("snaps to another marker's centre line within the tolerance", () => {
    const at = snapPosition({ positionX: 31.2, positionY: 60.4 }, [{ positionX: 30.33, positionY: 20 }], loose);
    expect(at.positionX).toBe(30.33);
    expect(at.snapped).toEqual({ x: 'marker', y: 'grid' });
    expect(at.positionY).toBe(60);
  });
  it("snaps to another marker's edges, and the placed marker's own edges to them", () => {
    const other = { positionX: 50, positionY: 50, size: { width: 10, height: 10 } };
    expect(snapPosition({ positionX: 55.8, positionY: 10.2 }, [other], loose).positionX).toBe(55);
    // A 4 % wide marker whose left edge is near the other's right edge: placed edge to edge.
    expect(snapPosition({ positionX: 57.6, positionY: 10 }, [other], { ...loose, size: { width: 4, height: 4 } }).positionX).toBe(57);
  });
  it('falls back to the grid, on a calibrated floor in metres', () => {
    const grid = snapGrid(image, { metresPerPixel: 0.01 });
    // 0.5 m is 50 px: 5 % across, 10 % down.
    expect(grid.x).toBeCloseTo(5);
    expect(grid.y).toBeCloseTo(10);
    const at = snapPosition({ positionX: 12.4, positionY: 16 }, [], { grid, tolerance: loose.tolerance });
    expect(at).toMatchObject({ positionX: 10, positionY: 20 });
    expect(snapGrid(image, null)).toEqual({ x: 1, y: 1 });
  });
  it('stays within the image', () => {
    expect(snapPosition({ positionX: 99.9, positionY: 0.1 }, [], { grid: { x: 6, y: 6 }, tolerance: loose.tolerance })).toMatchObject({
      positionX: 100,
      positionY: 0,
    });
  });
});
