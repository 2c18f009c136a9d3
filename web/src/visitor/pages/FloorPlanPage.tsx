import type { VisitFloor, VisitFloorPlan, VisitMarker } from '@movers/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { type ReactZoomPanPinchContentRef, TransformComponent, TransformWrapper } from 'react-zoom-pan-pinch';
import { visitApi } from '../api.ts';
import { useSite } from '../context.ts';
import type { Strings } from '../i18n.ts';
import { nameMatches, searchWords } from '@movers/contracts/src/nameSearch.ts';
import { distanceMetres } from '@movers/contracts/src/floorScale.ts';
import type { ContentLocale } from '@movers/contracts/src/locales.ts';
import { ScaleBar } from '../../common/ScaleBar.tsx';
import { useLoad } from '../useLoad.ts';
import { useMediaQuery } from '../../common/useMediaQuery.ts';
import { Failed, Loading } from './states.tsx';

/**
 * The floor plan (loaded on its own, with the zoom library): the floors, their spaces and tables as
 * buttons, who sits where, and a search by name that opens the person's floor on their highlighted
 * spot. `/{path}/seat/{personId}` (beyond the spec) opens straight on a person's spot.
 */
export default function FloorPlanPage() {
  const { path, t, signedOut } = useSite();
  const plan = useLoad(`floors:${path}`, (early) => visitApi.floors(path, early), signedOut);
  return (
    <>
      <h1>{t.floorPlan}</h1>
      {plan.state === 'loading' && <Loading t={t} />}
      {plan.state === 'failed' && <Failed t={t} retry={plan.reload} />}
      {plan.state === 'ready' && (plan.data.floors.length === 0 ? <p className="v-empty">{t.noItems}</p> : <FloorPlan plan={plan.data} />)}
    </>
  );
}

/** A person where they sit: their floor, space and table. */
interface Seat {
  id: string;
  name: string;
  floor: VisitFloor;
  marker: VisitMarker;
  space: string;
  table: string | null;
}

function seatsOf(plan: VisitFloorPlan): Seat[] {
  return plan.floors.flatMap((floor) =>
    floor.markers.flatMap((marker) => {
      const space = marker.type === 'table' ? (floor.markers.find((m) => m.id === marker.spaceId)?.title ?? '') : marker.title;
      const table = marker.type === 'table' ? marker.title : null;
      return marker.people.map((person) => ({ ...person, floor, marker, space, table }));
    }),
  );
}

const placeOf = (t: Strings, space: string, table: string | null) => `${t.space} ${space}${table ? ` · ${t.table} ${table}` : ''}`;

function FloorPlan({ plan }: { plan: VisitFloorPlan }) {
  const { path, t } = useSite();
  const { personId } = useParams();
  const [query, setQuery] = useState('');
  // The people index and the search are built once something is asked of them (a seat link's person, a
  // typed name), not before the plan is first shown: folding every name compiles Unicode tables and
  // sorting by name makes a collator, the main thread's longest work on a phone while the page loads (issue 40).
  const searching = query.trim() !== '';
  const indexed = Boolean(personId) || searching;
  const seats = useMemo(() => (indexed ? seatsOf(plan) : []), [plan, indexed]);
  const linked = personId ? seats.find((s) => s.id === personId) : undefined;
  const [floorId, setFloorId] = useState(() => linked?.floor.id ?? (plan.floors.find((f) => f.isDefault) ?? plan.floors[0]).id);
  /** The marker shown (its people listed) and, when it was asked for, centred on the plan. */
  const [selected, setSelected] = useState<{ markerId: string; centre: boolean } | null>(linked ? { markerId: linked.marker.id, centre: true } : null);
  const [copied, setCopied] = useState<{ id: string; text: string } | null>(null);
  const floor = plan.floors.find((f) => f.id === floorId) ?? plan.floors[0];
  const marker = floor.markers.find((m) => m.id === selected?.markerId);

  const open = (seat: Seat) => {
    setFloorId(seat.floor.id);
    setSelected({ markerId: seat.marker.id, centre: true });
  };
  const copy = async (seat: Seat) => {
    const link = `${window.location.origin}/${encodeURIComponent(path)}/seat/${encodeURIComponent(seat.id)}`;
    try {
      await navigator.clipboard.writeText(link);
      setCopied({ id: seat.id, text: t.linkCopied });
    } catch {
      setCopied({ id: seat.id, text: `${t.copyThis} ${link}` });
    }
  };
  const words = searching ? searchWords(query) : [];
  const found = words.length === 0 ? [] : seats.filter((s) => nameMatches(s.name, words)).sort((a, b) => a.name.localeCompare(b.name));

  return (
    <>
      <div className="v-card">
        <label className="v-field" htmlFor="v-seat-search">
          {t.searchName}
          <input id="v-seat-search" type="search" autoComplete="off" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        {/* The number of results is announced as it changes (a live region that is always there). */}
        <p className={words.length === 0 ? undefined : found.length === 0 ? 'v-empty' : 'v-muted'} role="status">
          {words.length === 0 ? '' : found.length === 0 ? t.noMatch : t.resultCount.replace('{count}', String(found.length))}
        </p>
        {found.length > 0 && (
          <ul className="v-results">
            {found.map((seat) => (
              <li key={seat.id}>
                <button type="button" className="v-link-button v-result-name" onClick={() => open(seat)}>
                  {seat.name}
                </button>
                <span className="v-muted">
                  {t.floor} {seat.floor.title} · {placeOf(t, seat.space, seat.table)}
                </span>
                <button type="button" className="v-link-button" onClick={() => copy(seat)}>
                  {t.copySeatLink}
                </button>
                {copied?.id === seat.id && (
                  <span role="status" className="v-success v-copied">
                    {copied.text}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {personId && !linked && <p className="v-error">{t.seatGone}</p>}
      {!plan.hideFloorSelection && plan.floors.length > 1 && (
        <label className="v-floor-select">
          {t.floor}{' '}
          <select
            value={floor.id}
            onChange={(e) => {
              setFloorId(e.target.value);
              setSelected(null);
            }}
          >
            {plan.floors.map((f) => (
              <option key={f.id} value={f.id}>
                {f.title}
              </option>
            ))}
          </select>
        </label>
      )}
      <h2>
        {t.floor} {floor.title}
      </h2>
      <FloorImage key={floor.id} floor={floor} selected={selected} onSelect={(markerId) => setSelected({ markerId, centre: false })} />
      <div className="v-card v-spot" aria-live="polite">
        {marker && (
          <>
            <h3>{markerName(t, floor, marker)}</h3>
            <WalkFromEntrance floor={floor} marker={marker} />
            {marker.people.length === 0 ? (
              <p className="v-empty">{t.nobody}</p>
            ) : (
              <ul>
                {marker.people.map((p) => (
                  <li key={p.id}>{p.name}</li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </>
  );
}

/** Number formatting for a site language: 'no' is Bokmål and 'se' Swedish here, not Northern Sami. */
export const numberLocale = (language: ContentLocale) => (({ no: 'nb', se: 'sv' }) as Record<string, string>)[language] ?? language;

/**
 * How far a seat is from where people come onto its floor (issue 50), on a calibrated floor with a marked
 * entrance: the straight-line distance, rounded to a metre and said to be one (walls and corridors make
 * the walk longer; the plan holds no paths to measure).
 */
export function WalkFromEntrance({ floor, marker }: { floor: VisitFloor; marker: VisitMarker }) {
  const { t, language } = useSite();
  if (!floor.scale || !floor.entrance) return null;
  const metres = Math.max(1, Math.round(distanceMetres(floor.entrance, marker, floor.image, floor.scale)));
  return (
    <p className="v-muted" data-testid="walk-from-entrance">
      {t.walkFromEntrance.replace('{metres}', new Intl.NumberFormat(numberLocale(language)).format(metres))}
    </p>
  );
}

function markerName(t: Strings, floor: VisitFloor, marker: VisitMarker) {
  if (marker.type === 'room') return `${placeOf(t, marker.title, null)}${marker.openSpace ? ` (${t.openSpace})` : ''}`;
  return placeOf(t, floor.markers.find((m) => m.id === marker.spaceId)?.title ?? '', marker.title);
}

/** A phone or tablet: a touch screen, or a narrow one. Its hint speaks of fingers, not of Ctrl and a mouse wheel. */
const TOUCH = '(pointer: coarse), (max-width: 767.98px)';

export function FloorImage({
  floor,
  selected,
  onSelect,
  only,
}: {
  floor: VisitFloor;
  selected: { markerId: string; centre: boolean } | null;
  onSelect(markerId: string): void;
  /**
   * The one marker to draw (the personal page's small map of the person's seat, issue 55): the plan's other
   * markers covered each other and the room numbers drawn on the plan; undefined draws them all.
   */
  only?: string;
}) {
  const { path, t, language } = useSite();
  const touch = useMediaQuery(TOUCH);
  const zoom = useRef<ReactZoomPanPinchContentRef>(null);
  // The scale bar follows the zoom and the plan's drawn width (issue 50).
  const [zoomScale, setZoomScale] = useState(1);
  const [planWidth, setPlanWidth] = useState(0);
  const content = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const element = content.current;
    if (!element || !floor.scale) return;
    const observer = new ResizeObserver(() => setPlanWidth(element.offsetWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [floor.scale]);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    visitApi.floorImage(path, floor.image.url).then(
      (made) => {
        url = made;
        setSrc(made);
      },
      () => setSrc(null),
    );
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, floor.image.url]);
  // A spot asked for (a search result, a seat link) is zoomed to and centred once the plan is laid out
  // (also a spot near the plan's edge: the plan is not held within its frame; 'Show the whole floor' brings it back).
  // Then the page scrolls so that the plan and the card under it (who sits there) are both in sight: on
  // a phone the notice, header, menu and search fill most of the first screen.
  useEffect(() => {
    if (!selected?.centre) return;
    const frame = requestAnimationFrame(() => {
      zoom.current?.zoomToElement(`v-marker-${selected.markerId}`, 2, 300);
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      document.querySelector('.v-spot')?.scrollIntoView({ block: 'end', behavior: smooth ? 'smooth' : 'auto' });
    });
    return () => cancelAnimationFrame(frame);
  }, [selected]);
  const ratio = floor.image.width / floor.image.height;

  return (
    <div className="v-plan">
      <TransformWrapper
        ref={zoom}
        onTransform={(_, state) => setZoomScale(state.scale)}
        limitToBounds={false}
        minScale={0.5}
        maxScale={6}
        wheel={{ activationKeys: ['Control'] }}
        doubleClick={{ disabled: true }}
      >
        {({ zoomIn, zoomOut, resetTransform }) => (
          <>
            <div className="v-zoom">
              <button type="button" className="v-button" onClick={() => zoomIn(0.3)} aria-label={t.zoomIn}>
                +
              </button>
              <button type="button" className="v-button" onClick={() => zoomOut(0.3)} aria-label={t.zoomOut}>
                −
              </button>
              <button type="button" className="v-button" onClick={() => resetTransform()}>
                {t.zoomReset}
              </button>
              <span className="v-muted">{touch ? t.zoomHintTouch : t.zoomHint}</span>
            </div>
            <TransformComponent wrapperClass="v-plan-frame" wrapperStyle={{ width: '100%' }} contentStyle={{ width: '100%' }}>
              <div ref={content} className="v-plan-content" style={{ aspectRatio: `${ratio}`, width: `min(100%, ${Math.round(65 * ratio)}vh)` }}>
                {src && <img src={src} alt="" draggable={false} decoding="async" />}
                {(only ? floor.markers.filter((m) => m.id === only) : floor.markers).map((m) => (
                  <button
                    key={m.id}
                    id={`v-marker-${m.id}`}
                    type="button"
                    className={`v-marker v-marker-${m.type}`}
                    style={{ left: `${m.positionX}%`, top: `${m.positionY}%` }}
                    aria-pressed={selected?.markerId === m.id}
                    aria-label={`${markerName(t, floor, m)}${m.people.length ? `: ${m.people.map((p) => p.name).join(', ')}` : ''}`}
                    onClick={() => onSelect(m.id)}
                  >
                    {m.title}
                  </button>
                ))}
                {floor.entrance && (
                  <span
                    className="v-entrance"
                    role="img"
                    aria-label={t.entrance}
                    style={{ left: `${floor.entrance.positionX}%`, top: `${floor.entrance.positionY}%` }}
                  >
                    {t.entrance}
                  </span>
                )}
              </div>
            </TransformComponent>
            {floor.scale && planWidth > 0 && (
              <ScaleBar
                metresPerScreenPixel={(floor.scale.metresPerPixel * floor.image.width) / (planWidth * zoomScale)}
                label={t.scaleBar}
                locale={numberLocale(language)}
              />
            )}
          </>
        )}
      </TransformWrapper>
    </div>
  );
}
