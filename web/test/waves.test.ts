import { describe, expect, it } from 'vitest';
import { waveTexts } from '../src/admin/features/waves/text.ts';
import { deleteText, loadText, overCapacityTexts } from '../src/admin/features/waves/loadText.ts';
import { castWave, formCapacity, waveErrors, type WaveFormValues, waveValues } from '../src/admin/features/waves/waveForm.ts';
import { dayText, windowText } from '../src/admin/features/waves/waveTimesText.ts';

const t = waveTexts.en;
const languages = { languages: ['en', 'no'] as const, defaultLanguage: 'en' as const };
const filled = (change: Partial<WaveFormValues> = {}): WaveFormValues => ({
  ...waveValues(null, languages),
  name: 'IT',
  day: '2027-06-12',
  ...change,
});

describe('the waves screen', () => {
  it("writes days and windows in the move's local time as the admin writes times", () => {
    expect(dayText('2027-06-12')).toBe('12.06.2027');
    expect(windowText({ start: '2027-06-12T08:00', end: '2027-06-12T10:30' })).toBe('12.06.2027 08:00–10:30');
    expect(windowText({ start: '2027-06-12T22:00', end: '2027-06-13T02:00' })).toBe('12.06.2027 22:00 – 13.06.2027 02:00');
    expect(windowText(null)).toBe('—');
  });

  it('says assigned of capacity, and no limit where there is none', () => {
    expect(loadText(t, 14, 12)).toBe('14 of 12');
    expect(loadText(t, 3, null)).toBe('3 (no limit)');
    expect(loadText(waveTexts.no, 14, 12)).toBe('14 av 12');
  });

  it('warns in words of each capacity a load passes, and of none within it', () => {
    expect(overCapacityTexts(t, { people: 2, crates: 10 }, { people: 3, crates: 12 })).toEqual([
      'over capacity: 3 people of 2',
      'over capacity: 12 crates of 10',
    ]);
    expect(overCapacityTexts(t, { people: 3, crates: null }, { people: 3, crates: 400 })).toEqual([]);
  });

  it("a delete's question says how many people will be left in no wave", () => {
    expect(deleteText(t, 12)).toContain('Their 12 people will be in no wave');
    expect(deleteText(t, 1)).toContain('Its 1 person will be in no wave');
    expect(deleteText(t, 0)).toContain('no people');
    expect(deleteText(waveTexts.no, 12)).toContain('De 12 personene blir uten bølge');
  });

  it('sends the form as the contract casts it: empty times and counts as null, a name per language', () => {
    const body = castWave(
      filled({
        name: '  IT  ',
        translations: { no: { name: 'IT-avdelingen' } },
        arrival: { start: '2027-06-12T08:00', end: '2027-06-12T10:00' },
        capacity: { people: '12', crates: '' },
        color: 'green',
      }),
    );
    expect(body).toEqual({
      name: 'IT',
      translations: { no: { name: 'IT-avdelingen' } },
      day: '2027-06-12',
      packBy: null,
      pickUp: null,
      arrival: { start: '2027-06-12T08:00', end: '2027-06-12T10:00' },
      capacity: { people: 12, crates: null },
      color: 'green',
    });
    // A language left empty is no translation: the default's name shows.
    expect(castWave(filled()).translations?.no?.name).toBeUndefined();
  });

  it("puts the contract's refusals on the form's own fields", () => {
    expect(waveErrors(filled())).toEqual({});
    const errors = waveErrors(
      filled({
        name: '',
        arrival: { start: '2027-06-12T10:00', end: '2027-06-12T08:00' },
        pickUp: { start: '2027-06-12T08:00', end: '' },
        capacity: { people: '-1', crates: '2.5' },
      }),
    ) as Record<string, Record<string, string>>;
    expect(errors.name).toBeTruthy();
    expect(errors.arrival.end).toBe('the end must not be before the start');
    expect(errors.pickUp.end).toBeTruthy();
    expect(errors.capacity.people).toBeTruthy();
    expect(errors.capacity.crates).toBe('must be a whole number');
    expect((waveErrors(filled({ name: 'x'.repeat(200) })) as Record<string, string>).name).toBe('maximum 199 characters');
  });

  it('reads the capacity as typed for the warning before saving, a count that is none yet as no limit', () => {
    expect(formCapacity(filled({ capacity: { people: '2', crates: 'x' } }))).toEqual({ people: 2, crates: null });
  });

  it("opens a stored wave's values in the form", () => {
    const values = waveValues(
      {
        id: 'm_1',
        moveId: 'm',
        position: 0,
        name: 'IT',
        translations: { no: { name: 'IT' } },
        day: '2027-06-12',
        packBy: '2027-06-11T16:00',
        pickUp: null,
        arrival: { start: '2027-06-12T08:00', end: '2027-06-12T10:00' },
        capacity: { people: 12, crates: null },
        color: null,
      },
      languages,
    );
    expect(values).toMatchObject({ packBy: '2027-06-11T16:00', pickUp: { start: '', end: '' }, capacity: { people: '12', crates: '' }, color: '' });
    expect(values.translations).toEqual({ no: { name: 'IT' } });
  });
});
