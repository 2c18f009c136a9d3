/**
 * A floor drawn to scale (issue 50): calibration from a line of known length, the scale bar's round
 * lengths, distances, and where a marker snaps. Pure functions for the planner, the visitor site and the
 * server. Positions and sizes are in percent of the floor's image, as markers are stored.
 */

/** A floor's scale: how many metres one pixel of its image (at its natural size) is. */
export interface FloorScale {
  metresPerPixel: number;
}

/** A point on the plan in percent of the image. */
export interface PlanPoint {
  positionX: number;
  positionY: number;
}

/** A marker's size in percent of the image's width and height. */
export interface MarkerSize {
  width: number;
  height: number;
}

/**
 * The scales a floor may have: 0.1 mm to 10 m per pixel. Smaller is a drawing of a screw, larger a map of
 * a city; either is a line drawn or a length typed wrong.
 */
export const METRES_PER_PIXEL = { min: 0.0001, max: 10 } as const;

/** The grid markers snap to on a calibrated floor (metres), and on one that is not (percent of the image). */
export const SNAP_GRID_METRES = 0.5;
export const SNAP_GRID_PERCENT = 1;

interface ImageSize {
  width: number;
  height: number;
}

/** The length in image pixels of a line between two points given in percent. */
export function linePixels(a: PlanPoint, b: PlanPoint, image: ImageSize): number {
  return Math.hypot(((b.positionX - a.positionX) / 100) * image.width, ((b.positionY - a.positionY) / 100) * image.height);
}

/** The scale of a line of `metres` drawn between two points; null for a line of no length or a length that is none. */
export function calibrate(a: PlanPoint, b: PlanPoint, metres: number, image: ImageSize): FloorScale | null {
  const pixels = linePixels(a, b, image);
  if (!(pixels > 0) || !(metres > 0) || !Number.isFinite(metres)) return null;
  return { metresPerPixel: metres / pixels };
}

/** Whether a scale is one a floor may keep (positive, finite, within `METRES_PER_PIXEL`). */
export const isFloorScale = (metresPerPixel: number) =>
  Number.isFinite(metresPerPixel) && metresPerPixel >= METRES_PER_PIXEL.min && metresPerPixel <= METRES_PER_PIXEL.max;

/**
 * A new image of the same floor (same shape, perhaps another resolution) keeps its scale: the same
 * building across fewer or more pixels, so metres per pixel grows as the width shrinks.
 */
export const rescaled = (scale: FloorScale, oldWidth: number, newWidth: number): FloorScale => ({
  metresPerPixel: (scale.metresPerPixel * oldWidth) / newWidth,
});

/** The straight-line distance in metres between two points of a calibrated floor. */
export const distanceMetres = (a: PlanPoint, b: PlanPoint, image: ImageSize, scale: FloorScale) => linePixels(a, b, image) * scale.metresPerPixel;

/**
 * The scale bar: the longest round length (1, 2 or 5 times a power of ten metres) that is drawn no longer
 * than `maxPixels` on screen, and its length there. `metresPerScreenPixel` is the floor's scale divided by
 * how many screen pixels one image pixel is drawn as now (it follows the zoom).
 */
export function scaleBar(metresPerScreenPixel: number, maxPixels: number): { metres: number; pixels: number } {
  const most = metresPerScreenPixel * maxPixels;
  let power = 10 ** Math.floor(Math.log10(most));
  // Floating-point: log10(1000) may come out a hair under 3.
  if (power * 10 <= most) power *= 10;
  const metres = [5, 2, 1].map((n) => n * power).find((length) => length <= most * (1 + 1e-9)) ?? power;
  const rounded = Number(metres.toPrecision(1));
  return { metres: rounded, pixels: rounded / metresPerScreenPixel };
}

/** A marker's size in metres on a calibrated floor, and back (percent of the image). */
export const sizeInMetres = (size: MarkerSize, image: ImageSize, scale: FloorScale) => ({
  width: (size.width / 100) * image.width * scale.metresPerPixel,
  height: (size.height / 100) * image.height * scale.metresPerPixel,
});
export const sizeFromMetres = (metres: { width: number; height: number }, image: ImageSize, scale: FloorScale): MarkerSize => ({
  width: (metres.width / scale.metresPerPixel / image.width) * 100,
  height: (metres.height / scale.metresPerPixel / image.height) * 100,
});

/** Another marker a position may snap to: its centre and, when it has a size, its edges. */
export interface SnapTarget {
  positionX: number;
  positionY: number;
  size?: MarkerSize | null;
}

export interface SnapOptions {
  /** The grid's step along each axis in percent of the image; 0: no grid. */
  grid: { x: number; y: number };
  /** How near (percent of the image, each axis) a marker's line must be to be snapped to. */
  tolerance: { x: number; y: number };
  /** The size of the marker being placed: its edges snap to others' lines too. */
  size?: MarkerSize | null;
}

/** What a position snapped to along one axis. */
export type SnapKind = 'marker' | 'grid' | null;

/** The grid of a floor in percent of its image: `SNAP_GRID_METRES` once calibrated, else `SNAP_GRID_PERCENT`. */
export function snapGrid(image: ImageSize, scale: FloorScale | null | undefined): { x: number; y: number } {
  if (!scale) return { x: SNAP_GRID_PERCENT, y: SNAP_GRID_PERCENT };
  return { x: (SNAP_GRID_METRES / scale.metresPerPixel / image.width) * 100, y: (SNAP_GRID_METRES / scale.metresPerPixel / image.height) * 100 };
}

const clamp = (n: number) => Math.min(100, Math.max(0, n));
const round2 = (n: number) => Math.round(n * 100) / 100;

function snapAxis(value: number, half: number, lines: number[], grid: number, tolerance: number): { value: number; kind: SnapKind } {
  // The placed marker's centre, and its edges when it has a size, each try every line of the others.
  const offsets = half > 0 ? [0, -half, half] : [0];
  let best: { value: number; distance: number } | null = null;
  for (const offset of offsets) {
    for (const line of lines) {
      const distance = Math.abs(value + offset - line);
      if (distance <= tolerance && (!best || distance < best.distance)) best = { value: line - offset, distance };
    }
  }
  if (best) return { value: clamp(best.value), kind: 'marker' };
  if (grid > 0) return { value: clamp(Math.round(value / grid) * grid), kind: 'grid' };
  return { value: clamp(value), kind: null };
}

/**
 * Where a marker placed at `point` lands: along each axis on the nearest centre or edge line of another
 * marker within the tolerance, else on the grid. Rounded to hundredths of a percent, as positions are kept.
 */
export function snapPosition(point: PlanPoint, others: SnapTarget[], options: SnapOptions): PlanPoint & { snapped: { x: SnapKind; y: SnapKind } } {
  const linesX = others.flatMap((o) => (o.size ? [o.positionX, o.positionX - o.size.width / 2, o.positionX + o.size.width / 2] : [o.positionX]));
  const linesY = others.flatMap((o) => (o.size ? [o.positionY, o.positionY - o.size.height / 2, o.positionY + o.size.height / 2] : [o.positionY]));
  const x = snapAxis(point.positionX, (options.size?.width ?? 0) / 2, linesX, options.grid.x, options.tolerance.x);
  const y = snapAxis(point.positionY, (options.size?.height ?? 0) / 2, linesY, options.grid.y, options.tolerance.y);
  return { positionX: round2(x.value), positionY: round2(y.value), snapped: { x: x.kind, y: y.kind } };
}
