import { DefaultButton, Dialog, DialogFooter, DialogType, Dropdown, Label, SearchBox, Stack, Text } from '@fluentui/react';
import {
  api as routes,
  floorZoom,
  type MoveDayMap,
  type MoveDayMapFloor,
  type MoveDayMapSeat,
  nameMatches,
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
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type ReactZoomPanPinchRef, TransformComponent, TransformWrapper } from 'react-zoom-pan-pinch';
import { keyOf } from '../../../common/api/route.ts';
import { useBlobUrl } from '../../../common/api/useBlobUrl.ts';
import { useMoveDayMap } from './api.ts';
import { ReportCard, type TeamMember } from './ReportCard.tsx';
import { seatLook, seatMarkStyle, seatSignStyle } from './seatLook.ts';
import type { BoardText } from './text.ts';
import { clockTime, fill, type WallText } from './wallText.ts';

const PAN_STEP = 60;
/** The narrowest the plan is drawn (as the planner's): on a phone it pans instead of piling seats on each other. */
const PLAN_MIN_WIDTH = 720;
const SEAT_SIZE = 20;
/** How many people a search lists to choose from. */
const SEARCH_SHOWN = 8;

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
 */
export function MoveDayMapSection({ moveId, wave, ...rest }: { moveId: string; wave?: string } & Omit<Parameters<typeof MoveDayMapView>[0], 'map'>) {
  const map = useMoveDayMap(moveId, wave);
  return map.data && map.data.floors.length > 0 ? <MoveDayMapView map={map.data} {...rest} /> : null;
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
  const [floorId, setFloorId] = useState(map.floors[0]?.floorId);
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

  const words = searchWords(query);
  const found = useMemo(() => {
    const words = searchWords(query);
    if (words.length === 0) return [];
    const list: { personId: string; name: string; seat: MoveDayMapSeat; floor: MoveDayMapFloor }[] = [];
    for (const f of map.floors)
      for (const seat of f.seats)
        for (const p of seat.people) if (nameMatches(p.name, words)) list.push({ personId: p.personId, name: p.name, seat, floor: f });
    return list;
  }, [map, query]);

  const show = (markerId: string, onFloor: string) => {
    setFloorId(onFloor);
    setLit(markerId);
    // A filter that hides the seat is let go: the person asked for is always shown.
    setFilter((f) => (f.state || f.category ? {} : f));
  };
  const openSeat = useCallback((markerId: string) => setOpen(markerId), []);
  const openedSeat = open ? map.floors.flatMap((f) => f.seats).find((s) => s.markerId === open) : undefined;

  if (!floor) return null;
  const counts = stateCounts(floor.seats);
  const shownCount = floor.seats.filter((s) => seatMatches(s, filter)).length;
  const all = { key: 'all', text: t.all };

  return (
    <section aria-labelledby="move-day-map">
      <Stack tokens={{ childrenGap: 12 }}>
        <Text as="h2" variant="xLarge" id="move-day-map">
          {t.map}
        </Text>
        <Stack horizontal wrap verticalAlign="end" tokens={{ childrenGap: 12 }}>
          <Dropdown
            label={t.mapFloor}
            selectedKey={floor.floorId}
            options={map.floors.map((f) => ({ key: f.floorId, text: f.floor }))}
            onChange={(_, o) => o && setFloorId(o.key as string)}
            styles={{ root: { minWidth: 240 } }}
          />
          <Dropdown
            label={t.seatState}
            selectedKey={filter.state ?? 'all'}
            options={[all, ...seatStates.map((s) => ({ key: s, text: w.states[s] }))]}
            onChange={(_, o) => setFilter((f) => ({ ...f, state: o?.key === 'all' ? undefined : (o?.key as SeatState) }))}
            styles={{ root: { minWidth: 180 } }}
          />
          <Dropdown
            label={t.openCategory}
            selectedKey={filter.category ?? 'all'}
            options={[all, ...reportCategories.map((c) => ({ key: c, text: t.categories[c] }))]}
            onChange={(_, o) => setFilter((f) => ({ ...f, category: o?.key === 'all' ? undefined : (o?.key as ReportCategory) }))}
            styles={{ root: { minWidth: 220 } }}
          />
          <Stack tokens={{ childrenGap: 4 }} styles={{ root: { minWidth: 240 } }}>
            <Label htmlFor="move-day-map-search">{t.findPerson}</Label>
            <SearchBox
              id="move-day-map-search"
              value={query}
              onChange={(_, v) => setQuery(v ?? '')}
              onSearch={() => found[0] && show(found[0].seat.markerId, found[0].floor.floorId)}
            />
          </Stack>
        </Stack>
        {words.length > 0 && (
          <div role="status">
            {found.length === 0 ? (
              <Text>{fill(t.noPersonMatches, { query })}</Text>
            ) : (
              <Stack horizontal wrap tokens={{ childrenGap: 8 }}>
                {found.slice(0, SEARCH_SHOWN).map((p) => (
                  <DefaultButton
                    key={p.personId}
                    text={`${p.name} · ${fill(w.floor, { floor: p.floor.floor })} · ${placeName(p.seat)}`}
                    ariaLabel={fill(t.showSeat, { name: p.name, seat: `${fill(w.floor, { floor: p.floor.floor })}, ${placeName(p.seat)}` })}
                    onClick={() => show(p.seat.markerId, p.floor.floorId)}
                  />
                ))}
              </Stack>
            )}
          </div>
        )}
        <ul
          aria-label={w.legend}
          data-testid="move-day-legend"
          style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: '4px 20px' }}
        >
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
          <li>
            <Text>{fill(t.floorPeople, { arrived: floor.arrived, expected: floor.expected })}</Text>
          </li>
          <li>
            <Text>{fill(t.seatsShown, { shown: shownCount, count: floor.seats.length })}</Text>
          </li>
        </ul>
        <FloorPlan key={floor.floorId} floor={floor} filter={filter} lit={lit} onSeat={openSeat} zoom={zoom} t={t} w={w} />
      </Stack>
      {openedSeat && <SeatDialog seat={openedSeat} reports={map.reports} t={t} language={language} team={team} onClose={() => setOpen(null)} w={w} />}
    </section>
  );
});

/** The plan of one floor, zoomed and panned as the planner's; kept mounted across reads, so its zoom stays. */
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
      <Stack tokens={{ childrenGap: 8 }}>
        <Stack horizontal wrap tokens={{ childrenGap: 8 }}>
          <DefaultButton
            text="−"
            ariaLabel={t.zoomOut}
            onClick={() => zoom.current && void zoom.current.zoomOut(zoomOutStep(zoom.current.instance.state.scale))}
          />
          <DefaultButton text="+" ariaLabel={t.zoomIn} onClick={() => void zoom.current?.zoomIn(floorZoom.step)} />
          <DefaultButton text={t.resetZoom} onClick={() => void zoom.current?.resetTransform()} />
        </Stack>
        <div
          role="application"
          aria-label={fill(t.planKeys, { floor: floor.floor })}
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
            contain: 'inline-size',
          }}
        >
          <TransformComponent wrapperStyle={{ width: '100%', height: '100%' }} contentStyle={{ width: '100%', minWidth: PLAN_MIN_WIDTH }}>
            <div style={{ position: 'relative', width: '100%', minWidth: PLAN_MIN_WIDTH }}>
              {url ? (
                <img
                  src={url}
                  alt=""
                  draggable={false}
                  data-testid="move-day-plan-image"
                  style={{ display: 'block', width: '100%', height: 'auto', userSelect: 'none' }}
                />
              ) : (
                <div style={{ width: '100%', aspectRatio: `${floor.image.width} / ${floor.image.height}` }} />
              )}
              {floor.seats.map((seat) => (
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
          </TransformComponent>
        </div>
      </Stack>
    </TransformWrapper>
  );
}

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
              <strong>{p.name}</strong>: {p.arrivedAt ? fill(t.arrivedAt, { time: clockTime(p.arrivedAt, language) }) : t.notYet}
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
