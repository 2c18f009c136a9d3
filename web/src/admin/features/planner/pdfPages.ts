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
 * The encodings tried, in order, until one fits the budget: the quality first, then the size, down to
 * `MIN_LONG_SIDE`. The last is used even when it does not fit (a drawing that dense is still a plan).
 */
export function* attempts(longSide = RENDER_LONG_SIDE): Generator<{ longSide: number; quality: number }> {
  for (let side = longSide; side >= MIN_LONG_SIDE; side = Math.round(side * 0.8)) {
    for (const quality of side === longSide ? [0.8, 0.6] : [0.6]) yield { longSide: side, quality };
  }
}

/** Why a PDF cannot give floors, each said in the user's language. */
export type PdfProblem = 'encrypted' | 'damaged' | 'empty' | 'tooLarge';
