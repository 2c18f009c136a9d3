import { scaleBar } from '@movers/contracts/src/floorScale.ts';

/** The longest the bar is drawn (screen pixels): a round length at most this long is chosen. */
const MOST_PIXELS = 140;

/** A length as the scale bar writes it: '5 m', '0,5 m' in Norwegian. */
export const lengthText = (metres: number, locale: string) => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(metres)} m`;

/**
 * A floor plan's scale bar (issue 50): a round length (1, 2, 5 × 10ⁿ m) drawn as long as the plan shows it
 * at the zoom now. Plain markup, no Fluent UI: the admin planner and the visitor site both draw it, in a
 * corner of the plan's frame over the plan. `label` is the accessible name with `{{length}}` in it.
 */
export function ScaleBar({ metresPerScreenPixel, label, locale }: { metresPerScreenPixel: number; label: string; locale: string }) {
  if (!(metresPerScreenPixel > 0) || !Number.isFinite(metresPerScreenPixel)) return null;
  const bar = scaleBar(metresPerScreenPixel, MOST_PIXELS);
  const length = lengthText(bar.metres, locale);
  return (
    <div
      role="img"
      aria-label={label.replace('{{length}}', length)}
      data-testid="scale-bar"
      data-metres={bar.metres}
      style={{
        position: 'absolute',
        left: 8,
        bottom: 8,
        padding: '2px 6px 4px',
        background: 'rgba(255, 255, 255, 0.9)',
        color: '#201f1e',
        font: '600 12px/1.3 system-ui, sans-serif',
        pointerEvents: 'none',
        zIndex: 1,
      }}
    >
      <div aria-hidden="true">{length}</div>
      <div
        aria-hidden="true"
        data-testid="scale-bar-line"
        style={{ width: bar.pixels, height: 6, boxSizing: 'border-box', border: '2px solid #201f1e', borderTop: 'none' }}
      />
    </div>
  );
}
