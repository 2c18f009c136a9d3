import { type MoveDayMap, wallOf } from '@movers/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Wall } from '../src/admin/features/moveDay/Wall.tsx';

// The wall (issue 49) as its props make it: what a hall reads on it, in words as well as marks.

const map: MoveDayMap = {
  floors: [
    {
      floorId: 'f4',
      floor: '4',
      image: { version: 'v1', width: 800, height: 400 },
      expected: 2,
      arrived: 1,
      seats: [
        {
          markerId: 's1',
          space: '101',
          table: 'A',
          positionX: 10,
          positionY: 20,
          state: 'reported',
          categories: ['furniture'],
          people: [{ personId: 'p1', name: 'Ann Chair', arrivedAt: null }],
        },
        {
          markerId: 's2',
          space: '102',
          table: null,
          positionX: 50,
          positionY: 20,
          state: 'arrived',
          categories: [],
          people: [{ personId: 'p2', name: 'Bo Here', arrivedAt: '2026-11-28T07:40:00Z' }],
        },
      ],
    },
  ],
  reports: [
    {
      id: 'r1',
      moveId: 'm',
      personId: 'p1',
      personName: 'Ann Chair',
      seat: { floorId: 'f4', floor: '4', space: '101', table: 'A', markerId: 's1', positionX: 10, positionY: 20 },
      category: 'furniture',
      text: 'The chair is broken',
      status: 'new',
      assigneeId: null,
      answer: '',
      answeredAt: null,
      photo: '/v1/reports/r1/photo?v=1',
      createdAt: '2026-11-28T07:45:00Z',
      updatedAt: '2026-11-28T07:45:00Z',
    },
  ],
  lastChange: '2026-11-28T07:45:00Z',
  version: 'v.1',
  changesOnly: false,
};
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the wall', () => {
  it('shows the totals, each floor with its legend in words and counts, the newest reports and since when the figures are', () => {
    const html = renderToStaticMarkup(
      <Wall wall={wallOf(map, 'names')} figuresAt="2026-11-28T07:46:00Z" offline={false} language="en" timeZone="Europe/Oslo" imageOf={() => 'blob:plan'} />,
    );
    const words = text(html);
    expect(words).toContain('arrived 1 of 2');
    expect(words).toContain('floor 4: arrived 1 of 2');
    for (const line of ['open report: 1', 'report resolved: 0', 'arrived: 1', 'expected: 0']) expect(words).toContain(line);
    // On the move's clock, said once, whatever the screen's own zone (issue 55): 07:46 UTC is 08:46 in Oslo.
    expect(words).toContain('Figures from 08:46 (Europe/Oslo)');
    expect(words).toContain('08:45 · furniture');
    expect(words).toContain('furniture');
    expect(words).toContain('Ann Chair');
    expect(words).not.toContain('no connection');
    expect(html).toContain('src="blob:plan"');
    // The marks carry their state for what reads them, and no control needs a mouse: there is none without onExit.
    expect(html).toContain('data-state="reported"');
    expect(html).not.toContain('<button');
  });

  it('says the figures are old while the network is down, and shows only seats, never a photo or a text, from the seats-only figures', () => {
    const html = renderToStaticMarkup(
      <Wall wall={wallOf(map, 'seats')} figuresAt="2026-11-28T07:46:00Z" offline={true} language="no" timeZone="America/New_York" imageOf={() => undefined} />,
    );
    const words = text(html);
    expect(words).toContain('ingen forbindelse: prøver igjen');
    expect(words).toContain('Tall fra 02:46 (America/New_York)');
    expect(words).toContain('02:45 · møbler');
    expect(words).toContain('åpen melding: 1');
    expect(words).toContain('101 A');
    expect(html).not.toContain('Ann Chair');
    expect(html).not.toContain('The chair is broken');
    expect(html).not.toContain('photo');
  });
});
