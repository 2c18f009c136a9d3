import { DefaultButton, Stack, Text } from '@fluentui/react';
import { type Floor, floorZoom, format, type Marker, type MarkerSize, snapGrid, zoomOutStep } from '@movers/contracts';
import { memo, type ReactNode, useRef, useState } from 'react';
import { type ReactZoomPanPinchRef, TransformComponent, TransformWrapper } from 'react-zoom-pan-pinch';
import { ScaleBar } from '../../../common/ScaleBar.tsx';
import { useFloorImage } from './FloorImage.tsx';
import { labelSwatch, usePlannerText } from './text.ts';

const PAN_STEP = 60;
const CROSSHAIR_STEP = 1;
/** A press that moved more than this (px) was a pan, not a click on the plan. */
const CLICK_SLOP = 5;

export interface FloorViewProps {
  floor: Floor;
  markers: Marker[];
  /** The accessible name of each marker: its title and the people there. */
  nameOf: (marker: Marker) => string;
  shortTitleOf: (marker: Marker) => string;
  /** The plan was clicked (or Enter pressed on the crosshair) at a position in percent; `free` with Alt held (no snapping). */
  onPlace: (x: number, y: number, free: boolean) => void;
  onMarker: (marker: Marker) => void;
  /** A marker's element id, for the popup to point at; the pending position's id. */
  markerElementId: (marker: Marker) => string;
  pending: { x: number; y: number; id: string } | null;
  /** Markers with a move-day report not resolved (issue 36): a badge on each. */
  openReports?: ReadonlySet<string>;
  /** Drawn over the plan, positioned in percent of it (a calibration line, the entrance). */
  overlay?: ReactNode;
  /** A sized marker's new size, resized on the plan (issue 50). */
  onResize?: (marker: Marker, size: MarkerSize) => void;
  /** A marker dragged to a position in percent; `free` with Alt held (no snapping). */
  onMove?: (marker: Marker, x: number, y: number, free: boolean) => void;
}

const round = (n: number) => Math.round(Math.min(100, Math.max(0, n)) * 100) / 100;

/**
 * A floor's plan with its markers, zoomed and panned by react-zoom-pan-pinch: buttons, pinch, and the
 * mouse wheel only with Ctrl held (the page scrolls otherwise, as embedded maps do). By keyboard: arrow
 * keys pan, + and − zoom, Shift+arrows move a crosshair and Enter places a marker there.
 */
export function FloorView({
  floor,
  markers,
  nameOf,
  shortTitleOf,
  onPlace,
  onMarker,
  markerElementId,
  pending,
  openReports,
  overlay: drawn,
  onResize,
  onMove,
}: FloorViewProps) {
  const t = usePlannerText();
  const url = useFloorImage(floor);
  // Taken from onInit, not a `ref`: the library reads `props.ref`, which React warns about in development.
  const zoom = useRef<ReactZoomPanPinchRef | null>(null);
  const image = useRef<HTMLImageElement | null>(null);
  const pressed = useRef<{ x: number; y: number } | null>(null);
  const [crosshair, setCrosshair] = useState({ x: 50, y: 50 });
  const [loaded, setLoaded] = useState(false);
  // What the scale bar follows: the zoom, and the plan's drawn width before it (the box's width changes it).
  const [zoomScale, setZoomScale] = useState<number>(floorZoom.initial);
  const [planWidth, setPlanWidth] = useState(0);
  const observed = useRef<ResizeObserver | null>(null);
  const imageRef = (element: HTMLImageElement | null) => {
    image.current = element;
    observed.current?.disconnect();
    if (!element) return;
    observed.current = new ResizeObserver(() => setPlanWidth(element.offsetWidth));
    observed.current.observe(element);
  };

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget) return;
    const controls = zoom.current;
    if (!controls) return;
    const { positionX, positionY, scale } = controls.instance.state;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const move = moves[event.key];
    if (move && event.shiftKey) {
      setCrosshair((c) => ({ x: round(c.x + move[0] * CROSSHAIR_STEP), y: round(c.y + move[1] * CROSSHAIR_STEP) }));
    } else if (move) {
      void controls.setTransform(positionX - move[0] * PAN_STEP, positionY - move[1] * PAN_STEP, scale, 100);
    } else if (event.key === '+' || event.key === '=') {
      void controls.zoomIn(floorZoom.step);
    } else if (event.key === '-' || event.key === '−') {
      void controls.zoomOut(zoomOutStep(scale));
    } else if (event.key === 'Enter' || event.key === ' ') {
      onPlace(crosshair.x, crosshair.y, event.altKey);
    } else return;
    event.preventDefault();
  }

  function onClick(event: React.MouseEvent<HTMLDivElement>) {
    const start = pressed.current;
    pressed.current = null;
    if (!start || Math.hypot(event.clientX - start.x, event.clientY - start.y) > CLICK_SLOP || !image.current) return;
    if ((event.target as HTMLElement).closest('button')) return;
    const box = image.current.getBoundingClientRect();
    onPlace(round(((event.clientX - box.left) / box.width) * 100), round(((event.clientY - box.top) / box.height) * 100), event.altKey);
  }

  return (
    <TransformWrapper
      onInit={(controls) => {
        zoom.current = controls;
      }}
      onTransform={(_, state) => setZoomScale(state.scale)}
      initialScale={floorZoom.initial}
      minScale={floorZoom.min}
      maxScale={floorZoom.max}
      wheel={{ step: floorZoom.step, activationKeys: ['Control'] }}
      doubleClick={{ disabled: true }}
      panning={{ velocityDisabled: true, excluded: onMove ? [RESIZE_HANDLE, MARKER_BUTTON] : [RESIZE_HANDLE] }}
      centerZoomedOut={false}
      limitToBounds={false}
    >
      <Stack tokens={{ childrenGap: 8 }}>
        <Stack horizontal wrap verticalAlign="center" tokens={{ childrenGap: 8 }}>
          <DefaultButton
            text="−"
            ariaLabel={t.zoomOut}
            onClick={() => zoom.current && void zoom.current.zoomOut(zoomOutStep(zoom.current.instance.state.scale))}
          />
          <DefaultButton text="+" ariaLabel={t.zoomIn} onClick={() => void zoom.current?.zoomIn(floorZoom.step)} />
          <DefaultButton text={t.resetZoom} onClick={() => void zoom.current?.resetTransform()} />
          <Text aria-live="polite">{format(t.crosshairAt, { x: crosshair.x, y: crosshair.y })}</Text>
        </Stack>
        <div
          role="application"
          aria-label={t.floorView}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the plan is one focusable application with its own keys (pan, zoom, crosshair)
          tabIndex={0}
          id={FLOOR_VIEW_ID}
          data-testid="floor-view"
          className="floor-view"
          onKeyDown={onKeyDown}
          onPointerDown={(event) => {
            pressed.current = { x: event.clientX, y: event.clientY };
          }}
          onClick={onClick}
          // `contain: inline-size`: the plan's minimum width stays inside this box (which pans) instead of
          // widening the page through the flex items around it.
          style={{
            border: '1px solid #8a8886',
            height: '70vh',
            minHeight: 320,
            overflow: 'hidden',
            background: '#faf9f8',
            position: 'relative',
            contain: 'inline-size',
          }}
        >
          <TransformComponent wrapperStyle={{ width: '100%', height: '100%' }} contentStyle={{ width: '100%', minWidth: PLAN_MIN_WIDTH }}>
            <div style={{ position: 'relative', width: '100%', minWidth: PLAN_MIN_WIDTH }}>
              {url ? (
                <img
                  ref={imageRef}
                  src={url}
                  alt=""
                  data-testid="floor-image"
                  data-loaded={loaded}
                  onLoad={() => setLoaded(true)}
                  draggable={false}
                  style={{ display: 'block', width: '100%', height: 'auto', userSelect: 'none' }}
                />
              ) : (
                <div style={{ width: '100%', aspectRatio: `${floor.image.width} / ${floor.image.height}` }} />
              )}
              <MarkerLayer
                markers={markers}
                nameOf={nameOf}
                shortTitleOf={shortTitleOf}
                onMarker={onMarker}
                markerElementId={markerElementId}
                color={floor.label_color}
                openReports={openReports}
                openReportText={t.openReport}
                resizeText={t.resize}
                onResize={onResize}
                onMove={onMove}
                moveStep={snapGrid(floor.image, floor.scale)}
                planBox={() => image.current?.getBoundingClientRect() ?? null}
              />
              {drawn}
              {pending && <span id={pending.id} style={{ ...overlay(pending.x, pending.y), width: 12, height: 12, borderRadius: 6, background: '#a4262c' }} />}
              <span aria-hidden="true" className="floor-crosshair" style={{ ...overlay(crosshair.x, crosshair.y), width: 24, height: 24 }}>
                <span style={{ position: 'absolute', left: 11, top: 0, width: 2, height: 24, background: '#a4262c' }} />
                <span style={{ position: 'absolute', top: 11, left: 0, height: 2, width: 24, background: '#a4262c' }} />
              </span>
            </div>
          </TransformComponent>
          {floor.scale && planWidth > 0 && (
            <ScaleBar
              metresPerScreenPixel={(floor.scale.metresPerPixel * floor.image.width) / (planWidth * zoomScale)}
              label={t.scaleBar}
              locale={t.numberLocale}
            />
          )}
        </div>
      </Stack>
    </TransformWrapper>
  );
}

/** The plan's focusable region, for a caller that gives the keyboard back to it. */
export const FLOOR_VIEW_ID = 'planner-floor-view';

/**
 * The narrowest the plan is drawn: markers keep their size in pixels, so on a phone a plan squeezed to the
 * screen's width would pile them on each other. Narrower boxes show part of the plan and pan to the rest.
 */
const PLAN_MIN_WIDTH = 720;

const pin = (x: number, y: number) => ({ position: 'absolute', left: `${x}%`, top: `${y}%`, transform: 'translate(-50%, -50%)' }) as const;
/** Drawn over the plan, never in the way of a click. */
const overlay = (x: number, y: number) => ({ ...pin(x, y), pointerEvents: 'none' }) as const;

/** The markers, drawn once per change of the markers rather than on every crosshair step. */
const MarkerLayer = memo(function MarkerLayer({
  markers,
  nameOf,
  shortTitleOf,
  onMarker,
  markerElementId,
  color,
  openReports,
  openReportText,
  resizeText,
  onResize,
  onMove,
  moveStep,
  planBox,
}: Pick<FloorViewProps, 'markers' | 'nameOf' | 'shortTitleOf' | 'onMarker' | 'markerElementId' | 'openReports' | 'onResize' | 'onMove'> & {
  color: Floor['label_color'];
  openReportText: string;
  resizeText: string;
  /** The grid a focused marker's arrow keys move it along (percent of the plan). */
  moveStep: { x: number; y: number };
  planBox: () => DOMRect | null;
}) {
  const edge = color && color !== 'white' ? labelSwatch[color] : '#323130';
  // A marker being dragged (issue 50): drawn where the pointer is, sent once it is let go. A press that
  // moved no further than a click's slop is a click (the popup), and the click after a drag is not.
  const drag = useRef<{ id: string; x: number; y: number; moved: boolean } | null>(null);
  const dragged = useRef(false);
  const [dragAt, setDragAt] = useState<{ id: string; x: number; y: number } | null>(null);
  const keyMove = useRef<{ id: string } | null>(null);
  const commitKeyMove = (marker: Marker) => {
    const pending = keyMove.current;
    keyMove.current = null;
    if (pending?.id !== marker.id || dragAt?.id !== marker.id || !onMove) return;
    setDragAt(null);
    // Already on the grid (or placed freely with Alt): snapping to another marker's line within reach
    // would pull a marker stepping away from that line back onto it.
    onMove(marker, dragAt.x, dragAt.y, true);
  };
  const positionOf = (marker: Marker) =>
    dragAt?.id === marker.id ? { x: dragAt.x, y: dragAt.y } : { x: marker.coordinates.positionX, y: marker.coordinates.positionY };
  const pointerAt = (event: React.PointerEvent) => {
    const box = planBox();
    return box ? { x: round(((event.clientX - box.left) / box.width) * 100), y: round(((event.clientY - box.top) / box.height) * 100) } : null;
  };
  return (
    <>
      {markers.map(
        (marker) =>
          marker.size && (
            <span
              key={`area-${marker.id}`}
              aria-hidden="true"
              data-marker-area={marker.id}
              style={{
                ...overlay(positionOf(marker).x, positionOf(marker).y),
                width: `${marker.size.width}%`,
                height: `${marker.size.height}%`,
                border: `2px solid ${edge}`,
                background: 'rgba(255, 244, 206, 0.35)',
                boxSizing: 'border-box',
              }}
            />
          ),
      )}
      {onResize &&
        markers.map(
          (marker) =>
            marker.size && (
              <ResizeHandle
                key={`resize-${marker.id}`}
                marker={marker}
                size={marker.size}
                label={format(resizeText, { title: shortTitleOf(marker) })}
                planBox={planBox}
                onResize={onResize}
              />
            ),
        )}
      {markers.map((marker) => {
        const space = marker.marker_type === 'room';
        const open = openReports?.has(marker.id) === true;
        const name = open ? `${nameOf(marker)} (${openReportText})` : nameOf(marker);
        return (
          <button
            key={marker.id}
            id={markerElementId(marker)}
            type="button"
            data-marker={marker.marker_type}
            data-open-report={open ? 'true' : undefined}
            aria-label={name}
            title={name}
            className={MARKER_BUTTON}
            onPointerDown={(event) => {
              if (!onMove || event.button !== 0) return;
              event.currentTarget.setPointerCapture(event.pointerId);
              drag.current = { id: marker.id, x: event.clientX, y: event.clientY, moved: false };
            }}
            onPointerMove={(event) => {
              const d = drag.current;
              if (!d || d.id !== marker.id) return;
              if (!d.moved && Math.hypot(event.clientX - d.x, event.clientY - d.y) <= CLICK_SLOP) return;
              d.moved = true;
              const at = pointerAt(event);
              if (at) setDragAt({ id: marker.id, ...at });
            }}
            onPointerUp={(event) => {
              const d = drag.current;
              drag.current = null;
              if (!d?.moved || !onMove) return;
              dragged.current = true;
              const at = pointerAt(event);
              setDragAt(null);
              if (at) onMove(marker, at.x, at.y, event.altKey);
            }}
            onKeyDown={(event) => {
              if (!onMove) return;
              // By keyboard: the arrows move the focused marker to the next grid line that way (Alt: a
              // tenth of a percent, free); Enter or leaving it puts it there, Escape takes it back.
              const arrows: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
              const arrow = arrows[event.key];
              const from = positionOf(marker);
              if (arrow) {
                event.preventDefault();
                const next = (value: number, direction: number, grid: number) =>
                  direction === 0
                    ? value
                    : event.altKey || grid <= 0
                      ? round(value + direction * 0.1)
                      : round(direction > 0 ? (Math.floor(value / grid + 1e-6) + 1) * grid : (Math.ceil(value / grid - 1e-6) - 1) * grid);
                keyMove.current = { id: marker.id };
                setDragAt({ id: marker.id, x: next(from.x, arrow[0], moveStep.x), y: next(from.y, arrow[1], moveStep.y) });
              } else if ((event.key === 'Enter' || event.key === ' ') && keyMove.current?.id === marker.id) {
                event.preventDefault();
                commitKeyMove(marker);
              } else if (event.key === 'Escape' && keyMove.current?.id === marker.id) {
                keyMove.current = null;
                setDragAt(null);
              }
            }}
            onBlur={() => commitKeyMove(marker)}
            onClick={(event) => {
              event.stopPropagation();
              if (dragged.current) {
                dragged.current = false;
                return;
              }
              onMarker(marker);
            }}
            style={{
              ...pin(positionOf(marker).x, positionOf(marker).y),
              touchAction: onMove ? 'none' : undefined,
              minWidth: space ? 36 : 24,
              height: space ? 24 : 20,
              padding: '0 4px',
              borderRadius: space ? 12 : 3,
              border: `2px solid ${edge}`,
              background: space ? '#ffffff' : '#fff4ce',
              color: '#201f1e',
              font: '600 12px/1 system-ui, sans-serif',
              cursor: 'pointer',
            }}
          >
            {shortTitleOf(marker)}
            {open && (
              <span
                aria-hidden="true"
                style={{
                  position: 'absolute',
                  top: -7,
                  right: -7,
                  width: 14,
                  height: 14,
                  borderRadius: 7,
                  background: '#a4262c',
                  color: '#fff',
                  font: '700 10px/14px system-ui, sans-serif',
                  textAlign: 'center',
                }}
              >
                !
              </span>
            )}
          </button>
        );
      })}
    </>
  );
});

/** The classes the zoom library leaves alone: a press on a resize handle resizes, on a marker drags it, never pans. */
const RESIZE_HANDLE = 'floor-resize-handle';
const MARKER_BUTTON = 'floor-marker';
/** A keyboard step of a marker's size, in percent of the plan. */
const RESIZE_STEP = 0.5;

/**
 * A sized marker's corner: dragged, the marker grows or shrinks about its centre; focused, the arrow keys
 * change its width and height and Enter (or leaving it) saves. The size is drawn as it changes and sent once.
 */
function ResizeHandle({
  marker,
  size,
  label,
  planBox,
  onResize,
}: {
  marker: Marker;
  size: MarkerSize;
  label: string;
  planBox: () => DOMRect | null;
  onResize: (marker: Marker, size: MarkerSize) => void;
}) {
  const [draft, setDraft] = useState<MarkerSize | null>(null);
  const shown = draft ?? size;
  const { positionX: x, positionY: y } = marker.coordinates;
  const clampSide = (n: number) => Math.round(Math.min(100, Math.max(0.5, n)) * 100) / 100;
  const commit = (next: MarkerSize | null) => {
    setDraft(null);
    if (next && (next.width !== size.width || next.height !== size.height)) onResize(marker, next);
  };
  const fromPointer = (event: React.PointerEvent) => {
    const box = planBox();
    if (!box) return null;
    const px = ((event.clientX - box.left) / box.width) * 100;
    const py = ((event.clientY - box.top) / box.height) * 100;
    return { width: clampSide(2 * Math.abs(px - x)), height: clampSide(2 * Math.abs(py - y)) };
  };
  return (
    <>
      {draft && (
        <span
          aria-hidden="true"
          style={{ ...overlay(x, y), width: `${draft.width}%`, height: `${draft.height}%`, border: '2px dashed #201f1e', boxSizing: 'border-box' }}
        />
      )}
      <button
        type="button"
        className={RESIZE_HANDLE}
        aria-label={label}
        title={label}
        data-resize={marker.id}
        style={{
          position: 'absolute',
          left: `${x + shown.width / 2}%`,
          top: `${y + shown.height / 2}%`,
          transform: 'translate(-50%, -50%)',
          width: 14,
          height: 14,
          padding: 0,
          border: '2px solid #201f1e',
          background: '#ffffff',
          cursor: 'nwse-resize',
          touchAction: 'none',
        }}
        onClick={(event) => event.stopPropagation()}
        onPointerDown={(event) => {
          event.stopPropagation();
          event.currentTarget.setPointerCapture(event.pointerId);
          setDraft(size);
        }}
        onPointerMove={(event) => {
          if (draft) setDraft(fromPointer(event) ?? draft);
        }}
        onPointerUp={(event) => {
          if (draft) commit(fromPointer(event) ?? draft);
        }}
        onKeyDown={(event) => {
          const steps: Record<string, [number, number]> = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
          const step = steps[event.key];
          if (step) {
            event.preventDefault();
            setDraft({ width: clampSide(shown.width + step[0] * RESIZE_STEP), height: clampSide(shown.height + step[1] * RESIZE_STEP) });
          } else if (event.key === 'Enter') {
            event.preventDefault();
            commit(draft);
          } else if (event.key === 'Escape') setDraft(null);
        }}
        onBlur={() => commit(draft)}
      />
    </>
  );
}
