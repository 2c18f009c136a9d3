import { type MoveDayWall, seatStates, stateCounts } from '@movers/contracts';
import { memo, useEffect, useState } from 'react';
import { seatLook, seatMarkStyle, seatSignStyle } from './seatLook.ts';
import { clockTime } from './moveClock.ts';
import { fill, type WallText, wallTexts } from './wallText.ts';

export type WallFloor = MoveDayWall['floors'][number];

export interface WallProps {
  /** The figures to show; undefined before the first read. */
  wall: MoveDayWall | undefined;
  /** When the figures shown were last read (an answer, or a 304 that confirmed them), ISO; null before the first. */
  figuresAt: string | null;
  /** The last read failed (the network dropped): the figures stay, and say how old they are. */
  offline: boolean;
  language: 'en' | 'no';
  /** The move's time zone, whose clock every time on the wall is on (said beside the figures' time); undefined until known, the times wait. */
  timeZone: string | undefined;
  /** A floor's plan as an image address (undefined while it loads): the team's wall reads it with its token, the wall link by its own address. */
  imageOf: (floor: WallFloor) => string | undefined;
  /** How long each set of floors stays before the next (ms). */
  turnMs?: number;
  /** Given: a button (and Esc) leaves the wall. */
  onExit?: () => void;
}

export const WALL_TURN_MS = 15_000;
/** A floor needs about this much width (px) to be read from across a hall: wider screens show floors side by side. */
const FLOOR_MIN_WIDTH = 900;

const floorsAtOnce = () => (typeof window === 'undefined' ? 1 : Math.max(1, Math.min(3, Math.floor(window.innerWidth / FLOOR_MIN_WIDTH))));

/**
 * Move day on a large display (issue 49): the totals, the floors in turn (side by side where the screen is
 * wide enough), each seat marked by its state with a legend in words, and the newest reports. Data in,
 * nothing fetched here: the team's wall mode and the wall link's page give it their figures. It holds no
 * list that grows, and its one timer and listener go with it, so it can run all day.
 */
export function Wall({ wall, figuresAt, offline, language, timeZone, imageOf, turnMs = WALL_TURN_MS, onExit }: WallProps) {
  const t = wallTexts[language];
  const [atOnce, setAtOnce] = useState(floorsAtOnce);
  const [turn, setTurn] = useState(0);
  const floorCount = wall?.floors.length ?? 0;
  const pages = Math.max(1, Math.ceil(floorCount / atOnce));

  useEffect(() => {
    const resized = () => setAtOnce(floorsAtOnce());
    window.addEventListener('resize', resized);
    return () => window.removeEventListener('resize', resized);
  }, []);

  useEffect(() => {
    if (pages <= 1) return;
    const timer = window.setInterval(() => setTurn((n) => (n + 1) % pages), turnMs);
    return () => window.clearInterval(timer);
  }, [pages, turnMs]);

  useEffect(() => {
    if (!onExit) return;
    const key = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onExit();
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [onExit]);

  const page = turn % pages;
  const shown = wall?.floors.slice(page * atOnce, page * atOnce + atOnce) ?? [];

  return (
    <div
      data-testid="move-day-wall"
      lang={language === 'no' ? 'nb' : 'en'}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 1000,
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        gap: 16,
        padding: 24,
        background: '#ffffff',
        color: '#201f1e',
        font: '400 24px/1.3 "Segoe UI", system-ui, sans-serif',
      }}
    >
      <header style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 24 }}>
        <h1 style={{ margin: 0, font: '700 48px/1.1 "Segoe UI", system-ui, sans-serif' }}>
          {wall ? <span data-testid="wall-arrived">{fill(t.arrivedOf, { arrived: wall.arrived, expected: wall.expected })}</span> : t.waiting}
        </h1>
        <div role="status" data-testid="wall-figures-from" style={{ textAlign: 'right' }}>
          {figuresAt && timeZone && (
            <span style={{ fontWeight: 600 }}>{fill(t.figuresFrom, { time: clockTime(figuresAt, timeZone, language), zone: timeZone })}</span>
          )}
          {offline && (
            <span data-testid="wall-offline" style={{ display: 'block', color: '#a4262c', fontWeight: 700 }}>
              ⚠ {t.offline}
            </span>
          )}
        </div>
        {onExit && (
          <button type="button" onClick={onExit} style={{ font: 'inherit', fontSize: 18, padding: '6px 12px', cursor: 'pointer' }}>
            {t.exitWall}
          </button>
        )}
      </header>
      <div style={{ flex: 1, minHeight: 0, display: 'flex', gap: 24 }}>
        <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
          {pages > 1 && (
            <p style={{ margin: 0, fontSize: 20 }} data-testid="wall-turn">
              {fill(t.floorsShown, { from: page * atOnce + 1, to: page * atOnce + shown.length, count: floorCount })}
            </p>
          )}
          <div style={{ flex: 1, minHeight: 0, display: 'grid', gridTemplateColumns: `repeat(${Math.max(1, shown.length)}, minmax(0, 1fr))`, gap: 24 }}>
            {shown.map((floor) => (
              <WallFloorPlan key={floor.floorId} floor={floor} image={imageOf(floor)} t={t} />
            ))}
          </div>
        </div>
        <aside aria-labelledby="wall-newest" style={{ width: 'min(30%, 520px)', display: 'flex', flexDirection: 'column', gap: 8, overflow: 'hidden' }}>
          <h2 id="wall-newest" style={{ margin: 0, font: '700 32px/1.2 "Segoe UI", system-ui, sans-serif' }}>
            {t.newestReports}
          </h2>
          {wall && wall.newestReports.length === 0 && <p style={{ margin: 0 }}>{t.noOpenReports}</p>}
          <ol data-testid="wall-reports" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
            {wall?.newestReports.map((report) => (
              <li key={report.id} style={{ borderLeft: `8px solid ${seatLook.reported.background}`, paddingLeft: 12 }}>
                {timeZone && (
                  <>
                    <strong>{clockTime(report.createdAt, timeZone, language)}</strong> ·{' '}
                  </>
                )}
                {t.categories[report.category]}
                <br />
                <span>
                  {[report.floor ? fill(t.floor, { floor: report.floor }) : '', report.who].filter(Boolean).join(' · ')} ({t.statuses[report.status]})
                </span>
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </div>
  );
}

/** A floor: its counts and legend in words, its plan with a mark per seat. Drawn again only when its figures change. */
const WallFloorPlan = memo(function WallFloorPlan({ floor, image, t }: { floor: WallFloor; image: string | undefined; t: WallText }) {
  const counts = stateCounts(floor.seats);
  const ratio = floor.image.width / Math.max(1, floor.image.height);
  // Marks shrink as seats crowd a floor, never below what is seen from across a room.
  const size = floor.seats.length > 300 ? 14 : floor.seats.length > 100 ? 18 : 24;
  const titleId = `wall-floor-${floor.floorId}`;
  return (
    <section aria-labelledby={titleId} data-testid="wall-floor" style={{ minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
      <h2 id={titleId} style={{ margin: 0, font: '700 32px/1.2 "Segoe UI", system-ui, sans-serif' }}>
        {fill(t.floorCounts, { floor: floor.floor, arrived: floor.arrived, expected: floor.expected })}
      </h2>
      {/* What the legend counts is said (issue 55): seats, where the heading counts people. */}
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px 20px', fontSize: 22 }}>
        <span id={`${titleId}-legend`} style={{ fontWeight: 600 }}>
          {t.legend}:
        </span>
        <ul aria-labelledby={`${titleId}-legend`} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: '4px 20px' }}>
          {seatStates.map((state) => (
            <li key={state} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <span aria-hidden="true" style={seatMarkStyle(state, 22)}>
                <span style={seatSignStyle(state)}>{seatLook[state].sign}</span>
              </span>
              {t.states[state]}: <strong data-state-count={state}>{counts[state]}</strong>
            </li>
          ))}
        </ul>
      </div>
      <div style={{ flex: 1, minHeight: 0, display: 'flex', justifyContent: 'center', alignItems: 'flex-start' }}>
        <div
          role="img"
          aria-label={fill(t.plan, { floor: floor.floor })}
          style={{
            position: 'relative',
            width: `min(100%, calc((100vh - 300px) * ${ratio.toFixed(4)}))`,
            aspectRatio: `${floor.image.width} / ${floor.image.height}`,
            background: '#f3f2f1',
          }}
        >
          {image && <img src={image} alt="" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }} />}
          {floor.seats.map((seat) => (
            <span
              key={seat.markerId}
              data-seat={seat.markerId}
              data-state={seat.state}
              style={{
                ...seatMarkStyle(seat.state, size),
                position: 'absolute',
                left: `${seat.positionX}%`,
                top: `${seat.positionY}%`,
                marginLeft: -size / 2,
                marginTop: -size / 2,
              }}
            >
              <span style={seatSignStyle(seat.state)}>{seatLook[seat.state].sign}</span>
            </span>
          ))}
        </div>
      </div>
    </section>
  );
});
