import { type WallBoard, WALL_TOKEN_HEADER, wallFloorImagePath } from '@movers/contracts';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { loadConfig } from '../../../common/config.ts';
import type { BoardLanguage } from './text.ts';
import { Wall } from './Wall.tsx';
import { wallLinkTexts } from './wallLinkText.ts';

/** The wall asks again this often; an unchanged board is a 304 with no body. */
export const WALL_REFRESH_MS = 10_000;
const tokenKey = (moveId: string) => `wall-link:${moveId}`;
const languageOfBrowser = (): BoardLanguage => (/^(nb|nn|no)\b/i.test(navigator.language) ? 'no' : 'en');

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
  // The map branch's wall (data in, nothing fetched), as the team's wall mode shows it: the link's answer is the same figures.
  return (
    <Wall wall={wall} figuresAt={figuresAt} offline={offline} language={language} timeZone={wall?.timeZone} imageOf={(floor) => images.get(imageKey(floor))} />
  );
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
/** Asks for the API's address now (wallMain.tsx, before the page is drawn). */
export const askForConfig = () => void apiBase().catch(() => undefined);

const imageKey = (floor: Floor) => `${floor.floorId}|${floor.image.version}`;
/** The most floors the wall shows at once (Wall.tsx), whose plans are asked for first. */
const FIRST_SHOWN = 3;

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
    const ask = (key: string) => {
      if (asked.current.has(key)) return Promise.resolve();
      asked.current.add(key);
      const [floorId, version] = key.split('|');
      return (
        apiBase()
          .then((b) => fetch(`${b}${wallFloorImagePath(moveId, floorId, version)}`, { headers: { [WALL_TOKEN_HEADER]: token } }))
          .then(async (answer) => {
            if (!answer.ok) throw new Error(String(answer.status));
            const url = URL.createObjectURL(await answer.blob());
            setImages((current) => new Map(current).set(key, url));
          })
          // Asked again with the next figures.
          .catch(() => {
            asked.current.delete(key);
          })
      );
    };
    // The floors shown first (at most three side by side) before the others (issue 56): six plans asked at
    // once shared the API and the line, and the first floor's came last with the rest.
    void Promise.all(keys.slice(0, FIRST_SHOWN).map(ask)).then(() => Promise.all(keys.slice(FIRST_SHOWN).map(ask)));
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
