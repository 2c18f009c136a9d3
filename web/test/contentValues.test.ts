import { describe, expect, it } from 'vitest';
import { contentValue } from '../src/common/history/contentValues.ts';

// How the History of a move's content shows its structured fields (issue 37).
describe('content values in a History', () => {
  it("shows a page's texts per language, without their markup", () => {
    expect(
      contentValue('translations', [
        { locale: 'no', title: 'Parkering', content: '<p>Nivå -2</p>' },
        { locale: 'en', title: 'Parking', content: '<p>Level <b>-2</b></p>' },
      ]),
    ).toBe('Norsk (bokmål): Parkering — Nivå -2 · English: Parking — Level -2');
  });

  it("shows an item's other languages, a section's day and its events", () => {
    expect(contentValue('translations', { en: { question: 'Where?', answer: 'Here' } })).toBe('English: Where? / Here');
    expect(contentValue('translations', {})).toBe('—');
    expect(contentValue('date', '2026-06-01T00:00:00.000Z')).toBe('1 June 2026');
    expect(contentValue('events', [{ title: 'Crates', startDate: '2026-06-02T00:00:00.000Z', endDate: null }])).toBe('2 June 2026: Crates');
    expect(contentValue('events', [])).toBe('—');
  });

  it('leaves every other field to the panel', () => {
    expect(contentValue('answer', 'Level -2')).toBeUndefined();
    expect(contentValue('translations', null)).toBeUndefined();
  });
});
