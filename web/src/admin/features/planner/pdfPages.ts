// How a page of an architect's PDF becomes a floor's plan (issue 50), apart from the PDF library so that
// the rules are tested without it and the planner's first screen carries none of it.

/** The long side a page is rendered to: room numbers of an A0 drawing stay readable at a phone's largest zoom. */
export const RENDER_LONG_SIDE = 5000;
/**
 * The most pixels a rendered plan may have: 4096², the largest canvas every phone's browser draws (iOS
 * Safari's limit), so the plan a coordinator makes here is one a phone can show.
 */
export const MAX_PIXELS = 4096 * 4096;
/**
 * The least scale, in pixels per PDF point (1/72 inch), at which a drawing's small print (8 pt room
 * numbers) is still 8 px high: a page that needs less to fit within `MAX_PIXELS` is refused, not blurred.
 */
export const MIN_SCALE = 1;
/** The floor image budget on the wire (docs/performance.md): the planner's and the visitor's. */
export const FLOOR_IMAGE_BUDGET_BYTES = 150 * 1024;
/** Below this long side a smaller image is no longer tried to meet the budget. */
export const MIN_LONG_SIDE = 2400;
/** A thumbnail's width in CSS pixels (drawn at twice that for sharp screens). */
export const THUMBNAIL_WIDTH = 160;

export interface RenderSize {
  /** Pixels per PDF point. */
  scale: number;
  width: number;
  height: number;
}

/**
 * The size a page of `width` × `height` points is rendered to: its long side `longSide` px, smaller when
 * that would pass `MAX_PIXELS`; null when the page is so large that even `MIN_SCALE` would pass it.
 */
export function renderSize(width: number, height: number, longSide = RENDER_LONG_SIDE): RenderSize | null {
  if (!(width > 0 && height > 0) || !Number.isFinite(width) || !Number.isFinite(height)) return null;
  const byLongSide = longSide / Math.max(width, height);
  const byPixels = Math.sqrt(MAX_PIXELS / (width * height));
  if (byPixels < MIN_SCALE) return null;
  // Never larger than the drawing's own resolution needs: a letter-sized page is not blown up to 5000 px.
  const scale = Math.min(byLongSide, byPixels, 8);
  return { scale, width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}

/**
 * The encodings tried, in order, until one fits the budget: lossless WebP of the drawing with each colour
 * channel kept to 4 levels (64 colours: the lines' edges stay smooth, a zone's fill keeps its colour), then
 * to 2 (8 colours, crisp lines), then smaller by a fifth down to `MIN_LONG_SIDE`. The last is used even
 * when it does not fit (a drawing that dense is still a plan). Lossless because a plan is lines and text
 * on white: lossy WebP of an A0 sheet at this size was 3-4 times the budget and blurred the small print.
 */
export function* attempts(longSide = RENDER_LONG_SIDE): Generator<{ longSide: number; levels: number }> {
  yield { longSide, levels: 4 };
  for (let side = longSide; side >= MIN_LONG_SIDE; side = Math.round(side * 0.8)) yield { longSide: side, levels: 2 };
}

/**
 * Each colour channel of RGBA pixels rounded to `levels` evenly spaced values, in place (alpha kept): few
 * colours, which lossless WebP stores as a palette of a few bits a pixel.
 */
export function posterize(pixels: Uint8ClampedArray, levels: number): void {
  const step = 255 / (levels - 1);
  const table = new Uint8Array(256);
  for (let value = 0; value < 256; value++) table[value] = Math.round(Math.round(value / step) * step);
  for (let i = 0; i < pixels.length; i += 4) {
    pixels[i] = table[pixels[i]];
    pixels[i + 1] = table[pixels[i + 1]];
    pixels[i + 2] = table[pixels[i + 2]];
  }
}

/** Why a PDF cannot give floors, each said in the user's language. */
export type PdfProblem = 'encrypted' | 'damaged' | 'empty' | 'tooLarge';
