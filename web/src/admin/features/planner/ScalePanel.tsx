import { DefaultButton, PrimaryButton, Stack, Text, TextField } from '@fluentui/react';
import { calibrate, type Floor, format, isFloorScale, linePixels, type PlanPoint } from '@movers/contracts';
import { useEffect, useRef, useState } from 'react';
import { lengthText } from '../../../common/ScaleBar.tsx';
import { usePlannerText } from './text.ts';

/** What a click (or Enter on the crosshair) on the plan does: place a marker, set an end of the calibration line, or mark the entrance. */
export type PlanMode = 'markers' | 'calibrate' | 'entrance';

/** The calibration line's ends as they are drawn or typed. */
export interface CalibrationLine {
  a: PlanPoint | null;
  b: PlanPoint | null;
}

/** A click on the plan while calibrating: the first end, then the second; a third starts a new line. */
export const nextLine = (line: CalibrationLine, point: PlanPoint): CalibrationLine => (!line.a || line.b ? { a: point, b: null } : { a: line.a, b: point });

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));
const shown = (n: number | undefined) => (n === undefined ? '' : String(n));
const textsOf = (l: CalibrationLine) => ({ ax: shown(l.a?.positionX), ay: shown(l.a?.positionY), bx: shown(l.b?.positionX), by: shown(l.b?.positionY) });
const inPlan = (n: number) => Number.isFinite(n) && n >= 0 && n <= 100;

/**
 * The floor's scale (issue 50): how it is calibrated now, and the calibration: a line between two points
 * the coordinator knows, drawn by clicking the plan or by the crosshair and Enter, or typed as the points'
 * positions (the keyboard's way), and its length in metres. Also the floor's entrance, which the visitor
 * site measures a seat's walk from.
 */
export function ScalePanel({
  floor,
  mode,
  onMode,
  line,
  onLine,
  busy,
  onSaveScale,
  onRemoveEntrance,
}: {
  floor: Floor;
  mode: PlanMode;
  onMode: (mode: PlanMode) => void;
  line: CalibrationLine;
  onLine: (line: CalibrationLine) => void;
  busy: boolean;
  onSaveScale: (scale: Floor['scale']) => void;
  onRemoveEntrance: () => void;
}) {
  const t = usePlannerText();
  const [length, setLength] = useState('');
  const [error, setError] = useState<string>();
  const image = floor.image;
  const pixels = line.a && line.b && [line.a, line.b].every((p) => inPlan(p.positionX) && inPlan(p.positionY)) ? linePixels(line.a, line.b, image) : 0;
  // The fields' text: what is typed stays as typed ('12,' on its way to '12,5'); a line drawn on the plan
  // (not one this panel sent) writes its ends into them.
  const [texts, setTexts] = useState(() => textsOf(line));
  const sent = useRef<CalibrationLine>(line);
  useEffect(() => {
    if (line !== sent.current) setTexts(textsOf(line));
  }, [line]);

  function setEnd(key: keyof typeof texts, text: string) {
    const next = { ...texts, [key]: text };
    setTexts(next);
    const point = (x: string, y: string) => (x.trim() === '' && y.trim() === '' ? null : { positionX: number(x), positionY: number(y) });
    // Half-typed points are kept as NaN and drawn once both are numbers within the plan.
    const typed = { a: point(next.ax, next.ay), b: point(next.bx, next.by) };
    sent.current = typed;
    onLine(typed);
  }

  function save() {
    const a = line.a;
    const b = line.b;
    const metres = number(length);
    const scale = a && b && [a.positionX, a.positionY, b.positionX, b.positionY].every(inPlan) ? calibrate(a, b, metres, image) : null;
    if (!scale) return setError(t.scaleInvalid);
    if (!isFloorScale(scale.metresPerPixel)) return setError(format(t.scaleOutOfBounds, { metres: scale.metresPerPixel.toPrecision(2) }));
    setError(undefined);
    onSaveScale({ metresPerPixel: scale.metresPerPixel });
  }

  const status = floor.scale
    ? format(t.calibratedAs, { metres: new Intl.NumberFormat(t.numberLocale, { maximumSignificantDigits: 3 }).format(floor.scale.metresPerPixel) })
    : t.notCalibrated;
  const field = (label: string, key: keyof typeof texts) => (
    <TextField
      label={label}
      inputMode="decimal"
      value={texts[key]}
      disabled={busy}
      onChange={(_, v) => setEnd(key, v ?? '')}
      styles={{ root: { width: 110 } }}
    />
  );

  return (
    <Stack tokens={{ childrenGap: 8 }} aria-label={t.scaleHeading} role="group">
      <Stack horizontal wrap verticalAlign="center" tokens={{ childrenGap: 8 }}>
        <Text styles={{ root: { fontWeight: 600 } }}>{t.scaleHeading}:</Text>
        <Text data-testid="floor-scale-status">{status}</Text>
        <DefaultButton
          text={t.calibrate}
          aria-pressed={mode === 'calibrate'}
          checked={mode === 'calibrate'}
          disabled={busy}
          onClick={() => onMode(mode === 'calibrate' ? 'markers' : 'calibrate')}
        />
        {floor.scale && <DefaultButton text={t.removeScale} disabled={busy} onClick={() => onSaveScale(null)} />}
        <DefaultButton
          text={t.markEntrance}
          aria-pressed={mode === 'entrance'}
          checked={mode === 'entrance'}
          disabled={busy}
          onClick={() => onMode(mode === 'entrance' ? 'markers' : 'entrance')}
        />
        {floor.entrance && <DefaultButton text={t.removeEntrance} disabled={busy} onClick={onRemoveEntrance} />}
      </Stack>
      {mode === 'entrance' && <Text>{t.markEntranceHelp}</Text>}
      {mode === 'markers' && <Text variant="small">{t.snapHint}</Text>}
      {mode === 'calibrate' && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Stack tokens={{ childrenGap: 8 }}>
            <Text>{t.calibrateHelp}</Text>
            <Stack horizontal wrap verticalAlign="end" tokens={{ childrenGap: 8 }}>
              {field(t.lineFromX, 'ax')}
              {field(t.lineFromY, 'ay')}
              {field(t.lineToX, 'bx')}
              {field(t.lineToY, 'by')}
              <TextField
                label={t.lineLength}
                inputMode="decimal"
                value={length}
                disabled={busy}
                errorMessage={error}
                onChange={(_, v) => setLength(v ?? '')}
                styles={{ root: { width: 110 } }}
              />
              <PrimaryButton type="submit" text={t.saveScale} disabled={busy} />
              <DefaultButton text={t.cancel} disabled={busy} onClick={() => onMode('markers')} />
            </Stack>
            {pixels > 0 && (
              <Text aria-live="polite">
                {format(t.linePixels, { pixels: Math.round(pixels) })}
                {floor.scale ? ` (${lengthText(Math.round(pixels * floor.scale.metresPerPixel * 100) / 100, t.numberLocale)})` : ''}
              </Text>
            )}
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** The calibration line and the entrance, drawn over the plan in percent of it. */
export function ScaleOverlay({ line, entrance, entranceLabel }: { line: CalibrationLine | null; entrance: PlanPoint | null; entranceLabel: string }) {
  const ends = line ? [line.a, line.b].filter((p): p is PlanPoint => p !== null && inPlan(p.positionX) && inPlan(p.positionY)) : [];
  return (
    <>
      {ends.length === 2 && (
        <svg
          aria-hidden="true"
          data-testid="calibration-line"
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none', overflow: 'visible' }}
        >
          <line
            x1={ends[0].positionX}
            y1={ends[0].positionY}
            x2={ends[1].positionX}
            y2={ends[1].positionY}
            stroke="#a4262c"
            strokeWidth={3}
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      )}
      {ends.map((p, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the line's two ends, first and second
          key={i}
          aria-hidden="true"
          data-calibration-end={i}
          style={{
            position: 'absolute',
            left: `${p.positionX}%`,
            top: `${p.positionY}%`,
            width: 10,
            height: 10,
            borderRadius: 5,
            background: '#a4262c',
            transform: 'translate(-50%, -50%)',
            pointerEvents: 'none',
          }}
        />
      ))}
      {entrance && (
        <span
          role="img"
          aria-label={entranceLabel}
          data-testid="floor-entrance"
          style={{
            position: 'absolute',
            left: `${entrance.positionX}%`,
            top: `${entrance.positionY}%`,
            transform: 'translate(-50%, -50%)',
            padding: '1px 4px',
            background: '#107c10',
            color: '#ffffff',
            font: '700 11px/1.2 system-ui, sans-serif',
            borderRadius: 3,
            pointerEvents: 'none',
          }}
        >
          {entranceLabel}
        </span>
      )}
    </>
  );
}
