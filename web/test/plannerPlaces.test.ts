import type { FloorWithMarkers, Marker } from '@movers/contracts';
import { describe, expect, it } from 'vitest';
import { placesOf, placeText, stickersOf } from '../src/admin/features/planner/places.ts';

const marker = (id: string, type: 'room' | 'table', title: string, spaceId: string | null = null): Marker => ({
  id,
  move_layout_id: 'f4',
  marker_type: type,
  title,
  coordinates: { positionX: 1, positionY: 1 },
  size: null,
  openSpace: false,
  spaceId,
  users: [],
});

describe('the places of the people list', () => {
  const floor = {
    id: 'f4',
    floor_name: '4',
    markers: [marker('s', 'room', '401'), marker('t', 'table', 'Å', 's'), marker('lost', 'table', 'B', 'gone')],
  } as FloorWithMarkers;
  const places = placesOf([floor]);

  it('names a table by its floor, space and letter, and a space by its floor and number', () => {
    expect(placeText(places.get('t')!, 'Floor')).toBe('Floor 4 · 401 Å');
    expect(placeText(places.get('s')!, 'Etasje')).toBe('Etasje 4 · 401');
  });

  it('knows no place for a table whose space is gone', () => {
    expect(places.has('lost')).toBe(false);
  });
});

describe('a sticker count typed', () => {
  it('takes whole numbers 0 to 999, clears to the default on empty and ignores anything else', () => {
    expect(stickersOf('0')).toBe(0);
    expect(stickersOf(' 999 ')).toBe(999);
    expect(stickersOf('')).toBeNull();
    for (const text of ['1000', '-1', '2.5', 'x', '1e2']) expect(stickersOf(text)).toBeUndefined();
  });
});
