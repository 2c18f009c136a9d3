import { type WallBoard, WALL_TOKEN_HEADER, wallFloorImagePath } from '@movers/contracts';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { loadConfig } from '../../../common/config.ts';
import { type BoardLanguage, boardTexts } from './text.ts';
import { wallLinkTexts } from './wallLinkText.ts';

/** The wall asks again this often; an unchanged board is a 304 with no body. */
export const WALL_REFRESH_MS = 10_000;
const tokenKey = (moveId: string) => `wall-link:${moveId}`;
const languageOfBrowser = (): BoardLanguage => (/^(nb|nn|no)\b/i.test(navigator.language) ? 'no' : 'en');
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
const clock = (iso: string, language: BoardLanguage) =>
  new Date(iso).toLocaleTimeString(language === 'no' ? 'nb-NO' : 'en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

type Floor = WallBoard['floors'][number];

/**
 * The page a wall link opens (issue 49): `/admin/wall/{moveId}#{token}`, without signing in. The token is
 * taken out of the address at once (kept for the tab in sessionStorage, so a reload keeps working) and
 * sent in a header, so it reaches no log. It reads the board every 10 s with If-None-Match; when the
 * network drops the figures stay, saying since when they are old; a revoked or expired link says so.
 */
export default function WallLinkPage() {
  const { moveId = '' } = useParams();
  const { hash, pathname } = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => {
    const given = hash.replace(/^#/, '');
    if (given) sessionStorage.setItem(tokenKey(moveId), given);
    return given || sessionStorage.getItem(tokenKey(moveId));
  });
  const [language] = useState(languageOfBrowser);
  const [wall, setWall] = useState<WallBoard | undefined>(undefined);
  const [figuresAt, setFiguresAt] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const [refused, setRefused] = useState(token === null);
  const images = useFloorImages(moveId, token, wall?.floors);
  const t = wallLinkTexts[language].page;

  useEffect(() => {
    if (hash) navigate(pathname, { replace: true });
  }, [hash, pathname, navigate]);

  useEffect(() => {
    document.documentElement.lang = language === 'no' ? 'nb' : 'en';
  }, [language]);

  useEffect(() => {
    if (!token) return;
    let stopped = false;
    let etag: string | null = null;
    let timer = 0;
    const read = async () => {
      try {
        const base = await apiBase();
        const answer = await fetch(`${base}/v1/wall/${encodeURIComponent(moveId)}`, {
          headers: { [WALL_TOKEN_HEADER]: token, ...(etag ? { 'If-None-Match': etag } : {}) },
          cache: 'no-store',
        });
        if (stopped) return;
        if (answer.status === 401 || answer.status === 404) {
          setRefused(true);
          return;
        }
        if (answer.status === 200) {
          etag = answer.headers.get('ETag');
          const board = (await answer.json()) as WallBoard;
          if (stopped) return;
          setWall(board);
        }
        if (answer.status === 200 || answer.status === 304) {
          setFiguresAt(new Date().toISOString());
          setOffline(false);
        } else setOffline(true);
      } catch {
        if (!stopped) setOffline(true);
      }
      if (!stopped) timer = window.setTimeout(read, WALL_REFRESH_MS);
    };
    void read();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [moveId, token]);

  if (refused)
    return (
      <main lang={language === 'no' ? 'nb' : 'en'} style={page}>
        <h1 style={{ font: '700 40px/1.2 "Segoe UI", system-ui, sans-serif' }}>{wall?.name ?? 'Movers portal'}</h1>
        <p role="alert" data-testid="wall-link-refused" style={{ fontSize: 32 }}>
          {t.refused}
        </p>
      </main>
    );
  return <PlainWall wall={wall} figuresAt={figuresAt} offline={offline} language={language} imageOf={(floor) => images.get(imageKey(floor))} />;
}

const page = {
  minHeight: '100vh',
  boxSizing: 'border-box',
  padding: 32,
  background: '#ffffff',
  color: '#201f1e',
  font: '400 24px/1.3 "Segoe UI", system-ui, sans-serif',
} as const;

let base: Promise<string> | undefined;
const apiBase = () => {
  base ??= loadConfig().then((config) => config.apiBaseUrl.replace(/\/$/, ''));
  // A failed read of the configuration is tried again at the next poll.
  base.catch(() => {
    base = undefined;
  });
  return base;
};

const imageKey = (floor: Floor) => `${floor.floorId}|${floor.image.version}`;

/**
 * The floors' plans read with the token (an <img> cannot send a header) as object addresses, one per
 * floor and version: a new version replaces its address and the old one is freed, so a day of polling
 * holds no more than the floors' plans.
 */
function useFloorImages(moveId: string, token: string | null, floors: Floor[] | undefined) {
  const [images, setImages] = useState<Map<string, string>>(() => new Map());
  const held = useRef(images);
  held.current = images;
  const asked = useRef(new Set<string>());
  // The floors' plans as one text: the figures change every poll, the plans seldom.
  const wanted = floors ? floors.map(imageKey).join(',') : null;
  useEffect(() => {
    if (!token || wanted === null) return;
    const keys = wanted ? wanted.split(',') : [];
    const keep = new Set(keys);
    setImages((current) => {
      const stale = [...current.keys()].filter((key) => !keep.has(key));
      if (stale.length === 0) return current;
      const next = new Map(current);
      for (const key of stale) {
        URL.revokeObjectURL(next.get(key)!);
        next.delete(key);
        asked.current.delete(key);
      }
      return next;
    });
    for (const key of keys) {
      if (asked.current.has(key)) continue;
      asked.current.add(key);
      const [floorId, version] = key.split('|');
      void apiBase()
        .then((b) => fetch(`${b}${wallFloorImagePath(moveId, floorId, version)}`, { headers: { [WALL_TOKEN_HEADER]: token } }))
        .then(async (answer) => {
          if (!answer.ok) throw new Error(String(answer.status));
          const url = URL.createObjectURL(await answer.blob());
          setImages((current) => new Map(current).set(key, url));
        })
        // Asked again with the next figures.
        .catch(() => asked.current.delete(key));
    }
  }, [wanted, moveId, token]);
  // Freed when the page goes.
  useEffect(
    () => () => {
      for (const url of held.current.values()) URL.revokeObjectURL(url);
    },
    [],
  );
  return images;
}

interface WallViewProps {
  wall: WallBoard | undefined;
  figuresAt: string | null;
  offline: boolean;
  language: BoardLanguage;
  imageOf: (floor: Floor) => string | undefined;
}

/** The wall's figures in large type: the totals, each floor's counts and seats by state in words, the newest reports. */
function PlainWall({ wall, figuresAt, offline, language, imageOf }: WallViewProps) {
  const t = wallLinkTexts[language].page;
  const words = boardTexts[language];
  return (
    <main lang={language === 'no' ? 'nb' : 'en'} style={page} data-testid="move-day-wall">
      <header style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'baseline', gap: 24 }}>
        <h1 style={{ margin: 0, font: '700 48px/1.1 "Segoe UI", system-ui, sans-serif' }}>
          {wall ? (
            <>
              {wall.name}: <span data-testid="wall-arrived">{fill(t.arrivedOf, { arrived: wall.arrived, expected: wall.expected })}</span>
            </>
          ) : (
            t.loading
          )}
        </h1>
        <p role="status" data-testid="wall-figures-from" style={{ margin: 0 }}>
          {figuresAt && !offline && fill(t.figuresFrom, { time: clock(figuresAt, language) })}
          {figuresAt && offline && (
            <strong data-testid="wall-offline" style={{ color: '#a4262c' }}>
              {fill(t.offline, { time: clock(figuresAt, language) })}
            </strong>
          )}
        </p>
      </header>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 32, marginTop: 24 }}>
        {wall?.floors.map((floor) => {
          const image = imageOf(floor);
          return (
            <section key={floor.floorId} aria-label={fill(t.floorCounts, { floor: floor.floor, arrived: floor.arrived, expected: floor.expected })}>
              <h2 style={{ margin: '0 0 8px', font: '700 32px/1.2 "Segoe UI", system-ui, sans-serif' }}>
                {fill(t.floorCounts, { floor: floor.floor, arrived: floor.arrived, expected: floor.expected })}
              </h2>
              <p style={{ margin: 0 }}>
                {(['reported', 'resolved', 'arrived', 'expected'] as const)
                  .map((state) => `${t.states[state]}: ${floor.seats.filter((s) => s.state === state).length}`)
                  .join(' · ')}
              </p>
              {image && <img src={image} alt="" style={{ display: 'block', maxWidth: 640, width: '100%', marginTop: 8 }} />}
            </section>
          );
        })}
        <section aria-labelledby="wall-newest" style={{ minWidth: 320 }}>
          <h2 id="wall-newest" style={{ margin: '0 0 8px', font: '700 32px/1.2 "Segoe UI", system-ui, sans-serif' }}>
            {t.newestReports}
          </h2>
          {wall && wall.newestReports.length === 0 && <p>{t.noOpenReports}</p>}
          <ol data-testid="wall-reports" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
            {wall?.newestReports.map((report) => (
              <li key={report.id}>
                <strong>{clock(report.createdAt, language)}</strong> · {words.categories[report.category]}
                <br />
                {[report.floor, report.who].filter(Boolean).join(' · ')} ({words.statuses[report.status]})
              </li>
            ))}
          </ol>
        </section>
      </div>
    </main>
  );
}
