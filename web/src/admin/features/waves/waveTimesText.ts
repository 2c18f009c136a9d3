import type { WaveWindow } from '@movers/contracts';

// A wave's days and times as the admin writes them: apart from the waves' form, so that a screen showing a
// wave's window (move day's 'today') does not load the form's code with it.

/** A day `YYYY-MM-DD` as the admin writes days: 12.06.2027. */
export const dayText = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** A local time of the move `YYYY-MM-DDTHH:mm`: 12.06.2027 08:00. */
export const localTimeText = (value: string) => `${dayText(value.slice(0, 10))} ${value.slice(11, 16)}`;

/** A window: on one day '12.06.2027 08:00–10:00', over two the whole of each end; none '—'. */
export function windowText(window: WaveWindow | null, none = '—'): string {
  if (!window) return none;
  if (window.start.slice(0, 10) === window.end.slice(0, 10)) return `${localTimeText(window.start)}–${window.end.slice(11, 16)}`;
  return `${localTimeText(window.start)} – ${localTimeText(window.end)}`;
}
