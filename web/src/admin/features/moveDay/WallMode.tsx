import { wallOf } from '@movers/contracts';
import { useCallback, useEffect, useMemo } from 'react';
import { useFloorPlans, useMoveDayMap } from './api.ts';
import { Wall } from './Wall.tsx';

/**
 * The signed-in team's wall mode: the board's map figures on the whole screen, with names (the team's own
 * screen), read again every 10 s. Full screen when the browser allows it; Esc or the button leaves.
 */
export function WallMode({ moveId, language, timeZone, onExit }: { moveId: string; language: 'en' | 'no'; timeZone: string | undefined; onExit: () => void }) {
  const map = useMoveDayMap(moveId);
  const wall = useMemo(() => (map.data ? wallOf(map.data, 'names') : undefined), [map.data]);
  const planOf = useFloorPlans(map.data?.floors);
  const leave = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    onExit();
  }, [onExit]);
  // The browser's own Esc leaves full screen first: the wall goes with it.
  useEffect(() => {
    const changed = () => {
      if (!document.fullscreenElement) onExit();
    };
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [onExit]);
  return (
    <Wall
      wall={wall}
      figuresAt={map.figuresAt}
      offline={map.offline}
      language={language}
      timeZone={timeZone}
      imageOf={(floor) => planOf(floor.floorId)}
      onExit={leave}
    />
  );
}

/** Asks for full screen as the button is pressed (browsers allow it only then); a refusal leaves the wall in the window. */
export function enterFullScreen() {
  void document.documentElement.requestFullscreen?.().catch(() => undefined);
}
