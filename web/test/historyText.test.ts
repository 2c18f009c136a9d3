import { describe, expect, it } from 'vitest';
import { byDay, shownChange, timeOf, whoOf, withSentence } from '../src/common/history/historyText.ts';

// What a History shows as a change (issue 45): never an owner's id, never nothing → nothing.
describe('the changes a History shows', () => {
  it('leaves out the ids that tie a record to its owner', () => {
    expect(shownChange({ field: 'moveId', from: null, to: 'client-a_loc' })).toBe(false);
    expect(shownChange({ field: 'ownerId', from: null, to: 'move:client-a_loc' })).toBe(false);
  });

  it('leaves out a change from nothing to nothing, however the nothing is written', () => {
    expect(shownChange({ field: 'translations', from: null, to: {} })).toBe(false);
    expect(shownChange({ field: 'translations', from: null, to: { nn: { title: '' } } })).toBe(false);
    expect(shownChange({ field: 'email', from: '', to: null })).toBe(false);
    expect(shownChange({ field: 'events', from: [], to: null })).toBe(false);
  });

  it('keeps every real change, a false or a zero too', () => {
    expect(shownChange({ field: 'published', from: null, to: false })).toBe(true);
    expect(shownChange({ field: 'stickersCount', from: 0, to: null })).toBe(true);
    expect(shownChange({ field: 'translations', from: {}, to: { nn: { title: 'Parkering' } } })).toBe(true);
  });
});

describe('a sentence after a text', () => {
  it('adds the stop the text lacks, and no second one', () => {
    expect(withSentence("You can't undo this action", 'You can bring it back.')).toBe("You can't undo this action. You can bring it back.");
    expect(withSentence('Du kan ikke angre.', 'Du kan hente den tilbake.')).toBe('Du kan ikke angre. Du kan hente den tilbake.');
  });
});

describe('who made a change', () => {
  it("is their name; where the token named nobody, 'someone' (in the screen's words), never their user id", () => {
    expect(whoOf({ id: '6f1c2a9e-0b7d-4e44-9a43-1f0c2f3b8d11', name: 'Stian Staff' })).toBe('Stian Staff');
    expect(whoOf({ id: '6f1c2a9e-0b7d-4e44-9a43-1f0c2f3b8d11', name: '' })).toBe('someone');
    expect(whoOf({ id: '6f1c2a9e-0b7d-4e44-9a43-1f0c2f3b8d11', name: '' }, 'noen')).toBe('noen');
    expect(whoOf({ id: 'import', name: '' })).toBe('import');
  });
});

// One clock, the move's (issue 55): a move's History shows its times on the move's clock, not the screen's.
describe("a move's History on the move's clock", () => {
  const entry = (at: string) => ({ id: at, at }) as Parameters<typeof byDay>[0][number];
  it("writes a time and groups by day in the move's time zone, whatever the device's", () => {
    // 23:30 UTC on 6 December is 00:30 on 7 December in Oslo, 18:30 on 6 December in New York.
    expect(timeOf('2026-12-06T23:30:00Z', 'Europe/Oslo')).toBe('00:30');
    expect(timeOf('2026-12-06T23:30:00Z', 'America/New_York')).toBe('18:30');
    const days = byDay([entry('2026-12-06T23:30:00Z'), entry('2026-12-06T22:30:00Z')], 'en-GB', 'Europe/Oslo');
    // ICU versions differ on the comma after the weekday.
    expect(days.map((d) => [d.day.replace(',', ''), d.entries.length])).toEqual([
      ['Monday 7 December 2026', 1],
      ['Sunday 6 December 2026', 1],
    ]);
  });
});
