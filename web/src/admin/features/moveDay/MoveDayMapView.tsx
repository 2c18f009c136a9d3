import { DefaultButton, Dialog, DialogFooter, DialogType, SearchBox, Stack, Text } from '@fluentui/react';
import {
  api as routes,
  floorZoom,
  type MoveDayMap,
  type MoveDayMapFloor,
  type MoveDayMapSeat,
  nameMatches,
  openingFloor,
  placeName,
  type ReportCategory,
  reportCategories,
  type SeatFilter,
  type SeatState,
  searchWords,
  seatMatches,
  seatStates,
  stateCounts,
  zoomOutStep,
} from '@movers/contracts';
import { createContext, memo, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { type ReactZoomPanPinchRef, TransformComponent, TransformWrapper } from 'react-zoom-pan-pinch';
import { PlainButton, PlainLabeledSelect } from '../../../common/PlainControls.tsx';
import { PlainColumn, PlainHeading, PlainRow } from '../../../common/PlainLayout.tsx';
import { keyOf } from '../../../common/api/route.ts';
import { useBlobUrl } from '../../../common/api/useBlobUrl.ts';
import { useMoveDayMap } from './api.ts';
import { ReportCard, type TeamMember } from './ReportCard.tsx';
import { seatLook, seatMarkStyle, seatSignStyle } from './seatLook.ts';
import type { BoardText } from './text.ts';
import { clockTime, useMoveZone } from './moveClock.ts';
import { fill, type WallText } from './wallText.ts';
import { namesKey, optionsOf } from './namedOptions.ts';

const PAN_STEP = 60;

/** The narrowest the plan is drawn (as the planner's): on a phone it pans instead of piling seats on each other. */
const PLAN_MIN_WIDTH = 720;
const SEAT_SIZE = 20;
/** How many people a search lists to choose from. */
const SEARCH_SHOWN = 8;
/** No one found: the same list at each read of the map, so the controls need not be drawn again. */
const NO_ONE: readonly Found[] = [];

interface Found {
  personId: string;
  name: string;
  seat: MoveDayMapSeat;
  floor: MoveDayMapFloor;
}

export const seatElementId = (markerId: string) => `move-day-seat-${markerId}`;

/** A seat's accessible name: where, who, and its state in words (with its open reports' categories). */
function seatName(where: string, who: string, state: SeatState, categories: string, t: BoardText, w: WallText) {
  const words =
    state === 'reported'
      ? `${w.states.reported}: ${categories
          .split(' ')
          .map((c) => t.categories[c as ReportCategory])
          .join(', ')}`
      : w.states[state];
  return `${where}: ${who} (${words})`;
}

/**
 * The map with its own read of the map's answer: a refresh draws the map again, not the whole board around it.
 * `wave`: the board's chosen wave (issue 48), so one choice narrows the board, the map and who is not here.
 * Mounted with the board (issue 56), so that its hook takes the map the board asked for as it opened: a
 * hook mounted later found that read dropped and asked again, a second read of 2,000 people.
 */
export function MoveDayMapSection({
  moveId,
  wave,
  drawn = true,
  ...rest
}: {
  moveId: string;
  wave?: string;
  /** False: the map is read (its hook takes the read the board asked for as it opened) but not drawn yet. */
  drawn?: boolean;
} & Omit<Parameters<typeof MoveDayMapView>[0], 'map'>) {
  const map = useMoveDayMap(moveId, wave);
  return drawn && map.data && map.data.floors.length > 0 ? <MoveDayMapView map={map.data} {...rest} /> : null;
}

/**
 * Move day on the plan (issue 49): one floor at a time, every seat marked by its state (a shape and a sign
 * as well as a colour; the legend in words with the floor's counts), filtered by state and by an open
 * report's category; a person searched is lit, focused and brought into view. A click or Enter on a seat
 * opens it: who, when they arrived, their reports to answer. Each read of the map changes the seats in
 * place: the plan and its zoom stay as the user left them.
 */
// Memoised: each successful read sets when the figures were read, which draws the section again; the map
// itself, when nothing changed, is the same object, and its 600 seats need not be gone over.
export const MoveDayMapView = memo(function MoveDayMapView({
  map,
  t,
  w,
  language,
  team,
}: {
  map: MoveDayMap;
  t: BoardText;
  w: WallText;
  language: 'en' | 'no';
  team: TeamMember[];
}) {
  // Where the people are (issue 55): the floor with the most people expected, not the first floor listed.
  const [floorId, setFloorId] = useState(() => openingFloor(map.floors)?.floorId);
  const [filter, setFilter] = useState<SeatFilter>({});
  const [query, setQuery] = useState('');
  const [lit, setLit] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const floor = map.floors.find((f) => f.floorId === floorId) ?? map.floors[0];
  const zoom = useRef<ReactZoomPanPinchRef | null>(null);

  // A person searched: their seat is lit once the floor it is on is drawn, then focused and brought to the middle.
  // biome-ignore lint/correctness/useExhaustiveDependencies: again when the floor changes, as the seat is drawn only then
  useEffect(() => {
    if (!lit) return;
    const element = document.getElementById(seatElementId(lit));
    if (!element) return;
    element.focus({ preventScroll: true });
    zoom.current?.zoomToElement(element, Math.max(zoom.current.instance.state.scale, 1.5), 200);
    element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [lit, floor?.floorId]);

  const found = useMemo(() => {
    const words = searchWords(query);
    if (words.length === 0) return NO_ONE;
    const list: Found[] = [];
    for (const f of map.floors)
      for (const seat of f.seats)
        for (const p of seat.people) if (nameMatches(p.name, words)) list.push({ personId: p.personId, name: p.name, seat, floor: f });
    return list;
  }, [map, query]);

  const show = useCallback((markerId: string, onFloor: string) => {
    setFloorId(onFloor);
    setLit(markerId);
    // A filter that hides the seat is let go: the person asked for is always shown.
    setFilter((f) => (f.state || f.category ? {} : f));
  }, []);
  const openSeat = useCallback((markerId: string) => setOpen(markerId), []);
  const openedSeat = open ? map.floors.flatMap((f) => f.seats).find((s) => s.markerId === open) : undefined;
  // The floors' names change seldom, the seats at each read: the choosers and the search are drawn again
  // only when what they show changed, not at each read of the map.
  const floorNames = namesKey(map.floors.map((f) => ({ id: f.floorId, name: f.floor })));
  const shownFloorId = floor?.floorId;
  const controls = useMemo(() => {
    const all = { key: 'all', text: t.all };
    const floorOptions = optionsOf(floorNames);
    return (
      <>
        <PlainRow gap={12}>
          <PlainLabeledSelect label={t.mapFloor} value={shownFloorId} options={floorOptions} onChange={setFloorId} minWidth={240} />
          <PlainLabeledSelect
            label={t.seatState}
            value={filter.state ?? 'all'}
            options={[all, ...seatStates.map((s) => ({ key: s, text: w.states[s] }))]}
            onChange={(key) => setFilter((f) => ({ ...f, state: key === 'all' ? undefined : (key as SeatState) }))}
            minWidth={180}
          />
          <PlainLabeledSelect
            label={t.openCategory}
            value={filter.category ?? 'all'}
            options={[all, ...reportCategories.map((c) => ({ key: c, text: t.categories[c] }))]}
            onChange={(key) => setFilter((f) => ({ ...f, category: key === 'all' ? undefined : (key as ReportCategory) }))}
            minWidth={220}
          />
          <div style={{ minWidth: 240 }}>
            <label htmlFor="move-day-map-search" className="plain-label">
              {t.findPerson}
            </label>
            <SearchBox
              id="move-day-map-search"
              value={query}
              onChange={(_, v) => setQuery(v ?? '')}
              onSearch={() => found[0] && show(found[0].seat.markerId, found[0].floor.floorId)}
            />
          </div>
        </PlainRow>
        {searchWords(query).length > 0 && (
          <div role="status">
            {found.length === 0 ? (
              <span>{fill(t.noPersonMatches, { query })}</span>
            ) : (
              <PlainRow gap={8}>
                {found.slice(0, SEARCH_SHOWN).map((p) => (
                  <PlainButton
                    key={p.personId}
                    text={`${p.name} · ${fill(w.floor, { floor: p.floor.floor })} · ${placeName(p.seat)}`}
                    aria-label={fill(t.showSeat, { name: p.name, seat: `${fill(w.floor, { floor: p.floor.floor })}, ${placeName(p.seat)}` })}
                    onClick={() => show(p.seat.markerId, p.floor.floorId)}
                  />
                ))}
              </PlainRow>
            )}
          </div>
        )}
      </>
    );
  }, [floorNames, shownFloorId, filter, query, found, show, t, w]);

  if (!floor) return null;
  const counts = stateCounts(floor.seats);
  const shownCount = floor.seats.filter((s) => seatMatches(s, filter)).length;

  return (
    <section aria-labelledby="move-day-map">
      <PlainColumn gap={12}>
        <PlainHeading id="move-day-map">{t.map}</PlainHeading>
        {controls}
        <ul
          aria-label={w.legend}
          data-testid="move-day-legend"
          // Its top margin is the column's gap.
          style={{ listStyle: 'none', marginBottom: 0, marginInline: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: '4px 20px' }}
        >
          {/* What it counts is said (issue 55): seats by state, then the floor's people. */}
          <li style={{ fontWeight: 600 }}>{w.legend}:</li>
          {seatStates.map((state) => (
            <li key={state} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
              <span aria-hidden="true" style={seatMarkStyle(state, 18)}>
                <span style={seatSignStyle(state)}>{seatLook[state].sign}</span>
              </span>
              <span>
                {w.states[state]}: <strong data-state-count={state}>{counts[state]}</strong>
              </span>
            </li>
          ))}
          <li>{fill(t.floorPeople, { arrived: floor.arrived, expected: floor.expected })}</li>
          <li>{fill(t.seatsShown, { shown: shownCount, count: floor.seats.length })}</li>
        </ul>
        <FloorPlan key={floor.floorId} floor={floor} filter={filter} lit={lit} onSeat={openSeat} zoom={zoom} t={t} w={w} />
      </PlainColumn>
      {openedSeat && <SeatDialog seat={openedSeat} reports={map.reports} t={t} language={language} team={team} onClose={() => setOpen(null)} w={w} />}
    </section>
  );
});

/** What the seats on the plan are drawn from: handed down past the zoom wrapper (see `FloorPlan`). */
interface SeatsShown {
  seats: readonly MoveDayMapSeat[];
  filter: SeatFilter;
  lit: string | null;
  onSeat: (markerId: string) => void;
  t: BoardText;
  w: WallText;
}
const SeatsContext = createContext<SeatsShown | null>(null);

/**
 * The plan of one floor, zoomed and panned as the planner's; kept mounted across reads, so its zoom stays.
 * The seats reach the plan through a context, not as children: the zoom wrapper, drawn again, measures
 * the plan's boxes (a layout forced at each read of the map), so a read draws the seats and not it.
 */
function FloorPlan({
  floor,
  filter,
  lit,
  onSeat,
  zoom,
  t,
  w,
}: {
  floor: MoveDayMapFloor;
  filter: SeatFilter;
  lit: string | null;
  onSeat: (markerId: string) => void;
  zoom: React.MutableRefObject<ReactZoomPanPinchRef | null>;
  t: BoardText;
  w: WallText;
}) {
  const url = useBlobUrl(keyOf(routes.planner.image, { layoutId: floor.floorId }, { v: floor.image.version }));
  const shown = useMemo<SeatsShown>(() => ({ seats: floor.seats, filter, lit, onSeat, t, w }), [floor.seats, filter, lit, onSeat, t, w]);
  const { floor: floorName, image } = floor;
  const plan = useMemo(() => {
    function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
      if (event.target !== event.currentTarget || !zoom.current) return;
      const { positionX, positionY, scale } = zoom.current.instance.state;
      const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      const move = moves[event.key];
      if (move) void zoom.current.setTransform(positionX - move[0] * PAN_STEP, positionY - move[1] * PAN_STEP, scale, 100);
      else if (event.key === '+' || event.key === '=') void zoom.current.zoomIn(floorZoom.step);
      else if (event.key === '-' || event.key === '−') void zoom.current.zoomOut(zoomOutStep(scale));
      else return;
      event.preventDefault();
    }
    return (
      <TransformWrapper
        onInit={(controls) => {
          zoom.current = controls;
        }}
        initialScale={floorZoom.initial}
        minScale={floorZoom.min}
        maxScale={floorZoom.max}
        wheel={{ step: floorZoom.step, activationKeys: ['Control'] }}
        doubleClick={{ disabled: true }}
        panning={{ velocityDisabled: true }}
        centerZoomedOut={false}
        limitToBounds={false}
      >
        <PlainColumn gap={8}>
          <PlainRow gap={8}>
            <PlainButton
              text="−"
              aria-label={t.zoomOut}
              onClick={() => zoom.current && void zoom.current.zoomOut(zoomOutStep(zoom.current.instance.state.scale))}
            />
            <PlainButton text="+" aria-label={t.zoomIn} onClick={() => void zoom.current?.zoomIn(floorZoom.step)} />
            <PlainButton text={t.resetZoom} onClick={() => void zoom.current?.resetTransform()} />
          </PlainRow>
          <div
            role="application"
            aria-label={fill(t.planKeys, { floor: floorName })}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the plan pans and zooms by its own keys
            tabIndex={0}
            data-testid="move-day-plan"
            onKeyDown={onKeyDown}
            style={{
              border: '1px solid #8a8886',
              height: '70vh',
              minHeight: 320,
              overflow: 'hidden',
              background: '#faf9f8',
              position: 'relative',
              // Its size is its own (70vh, the page's width) and nothing in it shows outside: a seat turned
              // lays out and paints the plan, not the page around it.
              contain: 'strict',
            }}
          >
            <TransformComponent wrapperStyle={{ width: '100%', height: '100%' }} contentStyle={{ width: '100%', minWidth: PLAN_MIN_WIDTH }}>
              <div style={{ position: 'relative', width: '100%', minWidth: PLAN_MIN_WIDTH, contain: 'layout style' }}>
                {url ? (
                  <img
                    src={url}
                    alt=""
                    draggable={false}
                    data-testid="move-day-plan-image"
                    style={{ display: 'block', width: '100%', height: 'auto', userSelect: 'none' }}
                  />
                ) : (
                  <div style={{ width: '100%', aspectRatio: `${image.width} / ${image.height}` }} />
                )}
                <Seats />
              </div>
            </TransformComponent>
          </div>
        </PlainColumn>
      </TransformWrapper>
    );
  }, [floorName, image.width, image.height, url, t, zoom]);

  return <SeatsContext.Provider value={shown}>{plan}</SeatsContext.Provider>;
}

/** How many seats are gone over together: a read changes a few seats, and only their blocks are drawn again. */
const SEAT_BLOCK = 50;

/** The seats of the floor shown, drawn inside the plan from `SeatsContext`, in blocks. */
function Seats() {
  const shown = useContext(SeatsContext);
  if (!shown) return null;
  const { seats, ...rest } = shown;
  const blocks: React.ReactNode[] = [];
  for (let from = 0; from < seats.length; from += SEAT_BLOCK) blocks.push(<SeatBlock key={from} seats={seats.slice(from, from + SEAT_BLOCK)} {...rest} />);
  return blocks;
}

/**
 * A block of seats, drawn again only when one of its seats changed (a read of the map keeps the seats it did
 * not change, the same objects) or the filter, the seat lit or the language did: at each read the other
 * blocks' 550 seats are not gone over.
 */
const SeatBlock = memo(
  function SeatBlock({ seats, filter, lit, onSeat, t, w }: SeatsShown) {
    // A layer of its own over the whole plan (contained: a stacking context), so a seat turned lays out and
    // paints its block, not the 600 seats; the block of the seat lit is above the others, as the seat was.
    // It lets clicks through to the plan; its seats take them.
    const litHere = lit !== null && seats.some((seat) => seat.markerId === lit);
    return (
      <div style={{ position: 'absolute', inset: 0, contain: 'layout style', pointerEvents: 'none', zIndex: litHere ? 1 : undefined }}>
        {seats.map((seat) => (
          <SeatMark
            key={seat.markerId}
            markerId={seat.markerId}
            x={seat.positionX}
            y={seat.positionY}
            state={seat.state}
            where={placeName(seat)}
            who={seat.people.map((p) => p.name).join(', ')}
            categories={seat.categories.join(' ')}
            t={t}
            w={w}
            hidden={lit !== seat.markerId && !seatMatches(seat, filter)}
            lit={lit === seat.markerId}
            onSeat={onSeat}
          />
        ))}
      </div>
    );
  },
  (before, after) =>
    before.filter === after.filter &&
    before.lit === after.lit &&
    before.onSeat === after.onSeat &&
    before.t === after.t &&
    before.w === after.w &&
    before.seats.length === after.seats.length &&
    before.seats.every((seat, i) => seat === after.seats[i]),
);

/** A seat on the plan: drawn again only when its own state, name or visibility changes. */
const SeatMark = memo(function SeatMark({
  markerId,
  x,
  y,
  state,
  where,
  who,
  categories,
  t,
  w,
  hidden,
  lit,
  onSeat,
}: {
  markerId: string;
  x: number;
  y: number;
  state: SeatState;
  where: string;
  who: string;
  /** The open reports' categories, space-separated: a string, so an unchanged seat compares equal. */
  categories: string;
  t: BoardText;
  w: WallText;
  hidden: boolean;
  lit: boolean;
  onSeat: (markerId: string) => void;
}) {
  const name = seatName(where, who, state, categories, t, w);
  return (
    <button
      type="button"
      id={seatElementId(markerId)}
      data-state={state}
      data-lit={lit ? 'true' : undefined}
      aria-label={name}
      title={name}
      hidden={hidden}
      onClick={(event) => {
        event.stopPropagation();
        onSeat(markerId);
      }}
      style={{
        ...seatMarkStyle(state, SEAT_SIZE),
        position: 'absolute',
        left: `${x}%`,
        top: `${y}%`,
        marginLeft: -SEAT_SIZE / 2,
        marginTop: -SEAT_SIZE / 2,
        cursor: 'pointer',
        pointerEvents: 'auto',
        display: hidden ? 'none' : 'inline-flex',
        outline: lit ? '4px solid #ffb900' : undefined,
        outlineOffset: lit ? 3 : undefined,
        boxShadow: lit ? '0 0 0 10px rgba(255, 185, 0, 0.45)' : undefined,
        zIndex: lit ? 1 : undefined,
      }}
    >
      <span aria-hidden="true" style={seatSignStyle(state)}>
        {seatLook[state].sign}
      </span>
    </button>
  );
});

/** A seat opened: who sits there and when they arrived, and their reports to answer (the board's own cards). */
function SeatDialog({
  seat,
  reports,
  t,
  w,
  language,
  team,
  onClose,
}: {
  seat: MoveDayMapSeat;
  reports: MoveDayMap['reports'];
  t: BoardText;
  w: WallText;
  language: 'en' | 'no';
  team: TeamMember[];
  onClose: () => void;
}) {
  const people = new Set(seat.people.map((p) => p.personId));
  const mine = reports.filter((r) => people.has(r.personId));
  const zone = useMoveZone();
  return (
    <Dialog
      hidden={false}
      onDismiss={onClose}
      dialogContentProps={{ type: DialogType.normal, title: `${placeName(seat)} · ${w.states[seat.state]}` }}
      modalProps={{ isBlocking: false }}
      minWidth={360}
      maxWidth={720}
    >
      <Stack tokens={{ childrenGap: 12 }} data-testid="move-day-seat-popup">
        <ul style={{ margin: 0, paddingLeft: 20 }}>
          {seat.people.map((p) => (
            <li key={p.personId}>
              <strong>{p.name}</strong>: {p.arrivedAt ? (zone ? fill(t.arrivedAt, { time: clockTime(p.arrivedAt, zone, language) }) : '') : t.notYet}
            </li>
          ))}
        </ul>
        <Text as="h3" variant="mediumPlus">
          {t.seatReports}
        </Text>
        {mine.length === 0 ? (
          <Text>{t.noSeatReports}</Text>
        ) : (
          <ul aria-label={t.seatReports} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
            {mine.map((report) => (
              <ReportCard key={report.id} report={report} t={t} team={team} />
            ))}
          </ul>
        )}
      </Stack>
      <DialogFooter>
        <DefaultButton text={t.close} onClick={onClose} />
      </DialogFooter>
    </Dialog>
  );
}
