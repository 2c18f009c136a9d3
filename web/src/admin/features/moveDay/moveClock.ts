import { formatMoveClock, localMinuteAt } from '@movers/contracts';
import { createContext, useContext } from 'react';

/**
 * Move day's one clock (issue 55): every time the board, its map, the wall and the wall link show is on the
 * move's clock (its location's time zone, `timeZone` of the waves' list or of the wall link's answer),
 * never the screen's own, and each screen says the zone once. Intl, not moment: moment has no time zones.
 */

/** '10:42'. */
export const clockTime = (iso: string, timeZone: string, language: 'en' | 'no') => formatMoveClock(iso, timeZone, language);

/** '2026-11-28 10:42', as the admin's other times are written. */
export const dayTime = (iso: string, timeZone: string) => localMinuteAt(iso, timeZone).replace('T', ' ');

/** The move's time zone for the board's parts (its page gives it from the waves' list); undefined until known. */
export const MoveZone = createContext<string | undefined>(undefined);
export const useMoveZone = () => useContext(MoveZone);
