import { describe, expect, it } from 'vitest';
import {
  defaultFloorId,
  labelRows,
  parsePlace,
  placeName,
  renameFloor,
  sameAspect,
  sortFloors,
  isPersonEmail,
  splitNames,
  splitPersonLine,
  zoomOutStep,
  suggestSpaceNumber,
  suggestTableLetter,
} from '../src/planner.ts';

describe('planner suggestions', () => {
  it('suggests the highest numeric space title + 1', () => {
    expect(suggestSpaceNumber('3', 'small', ['301', '305', 'Kitchen', '302'])).toBe('306');
  });
  it('numbers a floor from floor × 100 (small) or × 1000 (large): its first space is 301 or 3001, not 300 (issue 55)', () => {
    expect(suggestSpaceNumber('3', 'small', [])).toBe('301');
    expect(suggestSpaceNumber('3', 'large', ['Lobby'])).toBe('3001');
    expect(suggestSpaceNumber('Basement', 'small', [])).toBe('');
  });
  it('suggests the next table letter, through the Norwegian letters, then none', () => {
    expect(suggestTableLetter([])).toBe('A');
    expect(suggestTableLetter(['A', 'C', 'B'])).toBe('D');
    expect(suggestTableLetter(['Z'])).toBe('Å');
    expect(suggestTableLetter(['Å', 'B'])).toBe('Ä');
    expect(suggestTableLetter(['Æ'])).toBe('Ø');
    expect(suggestTableLetter(['Ø'])).toBeNull();
    expect(suggestTableLetter(['AB', 'x'])).toBe('A');
  });
});

describe('floor zoom', () => {
  it('zooms out by the buttons in steps of 0.15 down to 0.15, never below', () => {
    let scale = 1;
    const seen: number[] = [];
    for (let i = 0; i < 10; i++) {
      scale = Math.round((scale - zoomOutStep(scale)) * 1000) / 1000;
      seen.push(scale);
    }
    expect(seen).toEqual([0.85, 0.7, 0.55, 0.4, 0.25, 0.15, 0.15, 0.15, 0.15, 0.15]);
    expect(zoomOutStep(0.1)).toBe(0);
  });
});

describe('names and import places', () => {
  it('splits names by line, trimmed, empty lines dropped', () => {
    expect(splitNames('  Ola Nordmann \r\n\n\tKari\rÅse Ødegård\n   \n')).toEqual(['Ola Nordmann', 'Kari', 'Åse Ødegård']);
    expect(splitNames('\n \n')).toEqual([]);
  });
  it('reads a pasted person as Name, Name <address> or Name;address', () => {
    expect(splitPersonLine('Åse Ødegård <ase@firma.no>')).toEqual({ name: 'Åse Ødegård', email: 'ase@firma.no' });
    expect(splitPersonLine('Ola Nordmann;  ola@firma.no ')).toEqual({ name: 'Ola Nordmann', email: 'ola@firma.no' });
    expect(splitPersonLine('Kari')).toEqual({ name: 'Kari', email: null });
    expect(splitPersonLine('Kari <>')).toEqual({ name: 'Kari', email: null });
    expect(splitPersonLine('<x@y.no>')).toEqual({ name: '', email: 'x@y.no' });
    // Angle brackets inside a name are kept as written when no address closes the line.
    expect(splitPersonLine('A <b> C')).toEqual({ name: 'A <b> C', email: null });
    expect(isPersonEmail('ola@firma.no')).toBe(true);
    expect(isPersonEmail('ola@')).toBe(false);
    expect(isPersonEmail(`${'a'.repeat(250)}@b.no`)).toBe(false);
  });
  it('reads a space and an optional table letter', () => {
    expect(parsePlace('101')).toEqual({ space: '101', table: null });
    expect(parsePlace('101A')).toEqual({ space: '101', table: 'A' });
    expect(parsePlace(' 101 ø ')).toEqual({ space: '101', table: 'Ø' });
    expect(parsePlace('Lobby')).toEqual({ space: 'Lobby', table: null });
    expect(parsePlace('  ')).toBeNull();
  });
});

describe('floors', () => {
  const floors = [
    { id: 'a', title: '2' },
    { id: 'b', title: '10' },
    { id: 'c', title: 'Basement' },
  ];
  it('sorts by numeric title, descending, names after', () => {
    expect(sortFloors(floors).map((f) => f.id)).toEqual(['b', 'a', 'c']);
  });
  it('renaming to an existing title swaps the two titles', () => {
    expect(renameFloor(floors, 'a', '10')).toEqual([
      { id: 'a', title: '10' },
      { id: 'b', title: '2' },
    ]);
    expect(renameFloor(floors, 'a', ' basement ')).toEqual([
      { id: 'a', title: ' basement ' },
      { id: 'c', title: '2' },
    ]);
    expect(renameFloor(floors, 'a', '3')).toEqual([{ id: 'a', title: '3' }]);
    expect(renameFloor(floors, 'a', '2')).toEqual([]);
  });
  it('has exactly one default: the named one, else the first floor', () => {
    expect(defaultFloorId(floors, 'c')).toBe('c');
    expect(defaultFloorId(floors, 'gone')).toBe('b');
    expect(defaultFloorId(floors, null)).toBe('b');
    expect(defaultFloorId([], 'a')).toBeNull();
  });
  it('keeps markers for the same aspect ratio within 2 %', () => {
    expect(sameAspect({ width: 1000, height: 500 }, { width: 2000, height: 1000 })).toBe(true);
    expect(sameAspect({ width: 1000, height: 500 }, { width: 1015, height: 500 })).toBe(true);
    expect(sameAspect({ width: 1000, height: 500 }, { width: 1050, height: 500 })).toBe(false);
  });
});

describe('labelRows', () => {
  const floors = [
    { id: 'f2', title: '2', labelColor: 'blue' as const },
    { id: 'f10', title: '10', labelColor: null },
  ];
  const markers = [
    { id: 's201', layoutId: 'f2', markerType: 'room' as const, title: '201', spaceId: null },
    { id: 't201a', layoutId: 'f2', markerType: 'table' as const, title: 'A', spaceId: 's201' },
    { id: 's1001', layoutId: 'f10', markerType: 'room' as const, title: '1001', spaceId: null },
  ];
  const people = [
    { id: 'p1', name: 'Åse', markerId: 's1001', stickersCount: 7 },
    { id: 'p2', name: 'Bo', markerId: 't201a', stickersCount: null },
    { id: 'p3', name: 'Cia', markerId: null, stickersCount: null },
    { id: 'p4', name: 'Dag', markerId: 'gone', stickersCount: 0 },
  ];
  const rows = labelRows({ floors, markers, people, defaultCount: 3, companyName: 'Aurora AS' });

  it('gives each person one row: floor, space, table, colour, count (own or the default) and room number', () => {
    expect(rows.find((r) => r.name === 'Bo')).toEqual({
      ownerKey: 'p2',
      name: 'Bo',
      floor: '2',
      space: '201',
      table: 'A',
      color: 'blue',
      count: 3,
      roomNumber: '201A',
      companyName: 'Aurora AS',
      wave: '',
      waveColor: '',
      waveNumber: '',
    });
    expect(rows.find((r) => r.name === 'Åse')).toMatchObject({ floor: '10', space: '1001', table: '', color: '', count: 7, roomNumber: '1001' });
  });

  it("carries the person's wave's name and colour (issue 48), empty without a wave or for a wave since deleted", () => {
    const waves = [{ id: 'w1', name: 'Wave 1', color: 'green' as const }];
    const inWaves = [
      { ...people[1], waveId: 'w1' },
      { ...people[0], waveId: 'gone' },
    ];
    const waveRows = labelRows({ floors, markers, people: inWaves, defaultCount: 3, companyName: 'Aurora AS', waves });
    expect(waveRows.find((r) => r.name === 'Bo')).toMatchObject({ wave: 'Wave 1', waveColor: 'green' });
    expect(waveRows.find((r) => r.name === 'Åse')).toMatchObject({ wave: '', waveColor: '', waveNumber: '' });
  });

  it("numbers each person's wave by the move's order of waves, for a sticker that tells waves apart without colour (issue 55)", () => {
    const waves = [
      { id: 'w2', name: 'Bølge 2 Salg', color: null, position: 1 },
      { id: 'w1', name: 'Bølge 1 Økonomi', color: null, position: 0 },
    ];
    const waveRows = labelRows({
      floors,
      markers,
      people: [
        { ...people[1], waveId: 'w1' },
        { ...people[0], waveId: 'w2' },
      ],
      defaultCount: 3,
      companyName: 'Aurora AS',
      waves,
    });
    expect(waveRows.find((r) => r.name === 'Bo')).toMatchObject({ wave: 'Bølge 1 Økonomi', waveNumber: '1' });
    expect(waveRows.find((r) => r.name === 'Åse')).toMatchObject({ wave: 'Bølge 2 Salg', waveNumber: '2' });
  });

  it('leaves the place empty for the unassigned and for a removed marker, and keeps a count of 0', () => {
    expect(rows.find((r) => r.name === 'Dag')).toMatchObject({ floor: '', space: '', roomNumber: '', count: 0 });
    expect(rows.find((r) => r.name === 'Cia')).toMatchObject({ floor: '', count: 3 });
  });

  it('sorts by floor and space as numbers, then by name', () => {
    expect(rows.map((r) => r.name)).toEqual(['Cia', 'Dag', 'Bo', 'Åse']);
  });
});

describe('placeName (issue 39)', () => {
  it('writes a place one way: the space, a space, the table; after the floor when given', () => {
    expect(placeName({ space: '303', table: 'A' })).toBe('303 A');
    expect(placeName({ space: '303', table: null })).toBe('303');
    expect(placeName({ floor: '3', space: '303', table: 'A' }, 'Floor')).toBe('Floor 3 · 303 A');
    expect(placeName({ floor: '3', space: '303', table: '' }, 'Etasje')).toBe('Etasje 3 · 303');
  });
});
