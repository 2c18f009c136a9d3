import type { SeatState } from '@movers/contracts';
import type { CSSProperties } from 'react';

/**
 * How a seat's state is drawn on the plan, the same on the board's map, the wall and the legend: a colour,
 * and a shape and a sign as well, so a state is never told by colour alone (a grey print, colour blindness).
 * The colours keep 4.5:1 with the sign on them.
 */
export const seatLook: Record<SeatState, { background: string; border: string; color: string; sign: string; shape: 'circle' | 'square' | 'diamond' }> = {
  expected: { background: '#ffffff', border: '#605e5c', color: '#323130', sign: '·', shape: 'circle' },
  arrived: { background: '#107c10', border: '#0b5a0b', color: '#ffffff', sign: '✓', shape: 'circle' },
  reported: { background: '#a4262c', border: '#750b1c', color: '#ffffff', sign: '!', shape: 'square' },
  resolved: { background: '#005a9e', border: '#004578', color: '#ffffff', sign: '✓', shape: 'diamond' },
};

/** A seat's mark, `size` px across; its sign stands upright inside a diamond. */
export function seatMarkStyle(state: SeatState, size: number): CSSProperties {
  const look = seatLook[state];
  return {
    width: size,
    height: size,
    boxSizing: 'border-box',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: look.background,
    color: look.color,
    border: `2px ${state === 'expected' ? 'dashed' : 'solid'} ${look.border}`,
    borderRadius: look.shape === 'circle' ? '50%' : 2,
    transform: look.shape === 'diamond' ? 'rotate(45deg) scale(0.85)' : undefined,
    font: `700 ${Math.round(size * 0.6)}px/1 system-ui, sans-serif`,
    padding: 0,
  };
}

/** The sign inside a mark, turned back upright inside a diamond. */
export const seatSignStyle = (state: SeatState): CSSProperties => (seatLook[state].shape === 'diamond' ? { transform: 'rotate(-45deg)' } : {});
