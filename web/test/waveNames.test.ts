import { describe, expect, it } from 'vitest';
import { waveName } from '@movers/contracts';
import { screenNameOfDefault } from '../src/admin/features/planner/waveNames.ts';

// Issue 55: one rule for a wave's name on every admin screen: the screen's language, else the move's default.
const sales = { name: 'Bølge Salg', translations: { en: { name: 'Wave Sales' } } };
const it2 = { name: 'IT', translations: {} };

describe("a wave's name on an admin screen", () => {
  it("is the screen's language where the wave has it, else the move's default (the wave's own name)", () => {
    expect(waveName(sales, 'en')).toBe('Wave Sales');
    expect(waveName(sales, 'no')).toBe('Bølge Salg');
    expect(waveName(it2, 'en')).toBe('IT');
    expect(waveName({ name: 'Finance', translations: { no: { name: 'Økonomi' } } }, 'no')).toBe('Økonomi');
  });

  it("turns a name in the move's default language (a letter's row) into the screen's, leaving an unknown name", () => {
    const onScreen = screenNameOfDefault([sales, it2], 'en');
    expect(onScreen('Bølge Salg')).toBe('Wave Sales');
    expect(onScreen('IT')).toBe('IT');
    expect(onScreen('Gone')).toBe('Gone');
  });
});
