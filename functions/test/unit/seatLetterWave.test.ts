import type { PersonWave } from '@movers/contracts';
import { describe, expect, it } from 'vitest';
import { seatLetter } from '../../src/features/seatLetters/letter.ts';

const wave: PersonWave = {
  id: 'c_l_w',
  name: 'IT <b>',
  day: '2026-12-05',
  packBy: '2026-12-04T16:00',
  pickUp: { start: '2026-12-04T17:00', end: '2026-12-04T20:00' },
  arrival: { start: '2026-12-07T08:00', end: '2026-12-07T09:00' },
  color: 'blue',
  timeZone: 'Europe/Oslo',
};
const base = {
  personName: 'Kari',
  moveName: 'Storgata 1',
  seat: { floor: '3', space: '301', table: 'A' },
  link: 'https://portal.example/move/seat/p1',
  qrPng: new Uint8Array([1]),
};

describe("a seat letter with the person's wave (issue 48)", () => {
  it('says the wave and its times in the letter’s language, escaped, with the time zone', () => {
    const { html } = seatLetter({ ...base, language: 'no', wave });
    // The wave's name once, not 'i bølgen Bølge 1' (issue 55).
    expect(html).toContain('Flyttebølgen din: IT &lt;b&gt;');
    expect(html).toContain('Ha kassene dine pakket innen: <strong>fredag 4. desember 16:00</strong>');
    expect(html).toContain('Flytterne henter plassen din: <strong>fredag 4. desember 17:00–20:00</strong>');
    expect(html).toContain('Møt på den nye plassen din: <strong>mandag 7. desember 08:00–09:00</strong>');
    expect(html).toContain('Tidene er lokal tid (Europe/Oslo).');
    expect(html).not.toContain('<b>');
  });

  it('is a correction of the wave alone when only the wave changed: its subject and line say so, no seat change', () => {
    const { subject, html } = seatLetter({ ...base, language: 'en', wave, replaces: { seat: base.seat, wave: { name: 'Finance', sameWave: false } } });
    expect(subject).toBe('Correction: your moving times at Storgata 1 (replaces the earlier letter)');
    expect(html).toContain('Your move wave has changed: Finance → IT &lt;b&gt;');
    expect(html).not.toContain('Your seat has changed');
  });

  it('names both changes when seat and wave changed, and a wave left as none', () => {
    const { subject, html } = seatLetter({
      ...base,
      language: 'de',
      replaces: { seat: { floor: '2', space: '201', table: null }, wave: { name: 'IT', sameWave: false } },
    });
    expect(subject).toBe('Berichtigung: Ihr neuer Platz in Storgata 1 (ersetzt den früheren Brief)');
    expect(html).toContain('Ihr Platz hat sich geändert: Etage 2 · Raum 201 → Etage 3 · Raum 301 · Tisch A');
    expect(html).toContain('Ihre Umzugswelle hat sich geändert: IT → keine Welle');
  });

  it('without a wave is the letter it was', () => {
    const { html } = seatLetter({ ...base, language: 'en' });
    expect(html).not.toContain('wave');
  });

  it('links the seat and the personal page by words, never a raw address that runs off a phone (issue 55)', () => {
    const { html } = seatLetter({
      ...base,
      language: 'no',
      wave,
      personalLink: 'https://portal.example/move/me/abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnop',
    });
    expect(html).toContain('<a href="https://portal.example/move/seat/p1"');
    expect(html).toContain('>Åpne plassen din på plantegningen</a>');
    expect(html).toContain('<a href="https://portal.example/move/me/abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnop"');
    expect(html).toContain('>Åpne din egen side</a>');
    // No address is text a reader sees (each is only an href).
    expect(html.replace(/href="[^"]*"/g, '')).not.toContain('https://');
  });
});

/** Wave 2's pick-up moved 13:00–14:00 → 13:30–14:30 (issue 55): the same wave, one time changed. */
const earlier = {
  name: 'Bølge 2 Salg',
  sameWave: true,
  day: '2026-12-05',
  packBy: '2026-12-05T10:00',
  pickUp: { start: '2026-12-05T13:00', end: '2026-12-05T14:00' },
  arrival: { start: '2026-12-05T15:00', end: '2026-12-05T16:00' },
};
const now: PersonWave = { ...earlier, id: 'c_l_w2', pickUp: { start: '2026-12-05T13:30', end: '2026-12-05T14:30' }, color: null, timeZone: 'Europe/Oslo' };

describe('a correction of a wave whose times changed (issue 55)', () => {
  it('names the time that changed, old → new, and not the unchanged wave as a change', () => {
    const { subject, html } = seatLetter({ ...base, language: 'no', wave: now, replaces: { seat: base.seat, wave: earlier } });
    expect(subject).toBe('Rettelse: dine flyttetider i Storgata 1 (erstatter det forrige brevet)');
    expect(html).toContain('Flyttetidene dine er endret:');
    expect(html).toContain('Flytterne henter plassen din: lørdag 5. desember 13:00–14:00 → lørdag 5. desember 13:30–14:30');
    expect(html).not.toContain('Flyttebølgen din er endret');
    expect(html).not.toContain('Ha kassene dine pakket innen: fredag');
  });

  it('names every changed time and the day in each language of the move', () => {
    const later: PersonWave = {
      ...now,
      day: '2026-12-06',
      packBy: '2026-12-06T10:00',
      pickUp: { start: '2026-12-06T13:30', end: '2026-12-06T14:30' },
      arrival: null,
    };
    const expected: Record<string, string[]> = {
      en: [
        'Your moving times have changed:',
        'Moving day: Saturday, December 5 → Sunday, December 6',
        'Have your crates packed by: Saturday, December 5 10:00 → Sunday, December 6 10:00',
        'The movers take your desk: Saturday, December 5 13:00–14:00 → Sunday, December 6 13:30–14:30',
        'Arrive at your new seat: Saturday, December 5 15:00–16:00 → not set',
      ],
      no: [
        'Flyttetidene dine er endret:',
        'Flyttedag: lørdag 5. desember → søndag 6. desember',
        'Ha kassene dine pakket innen: lørdag 5. desember 10:00 → søndag 6. desember 10:00',
        'Flytterne henter plassen din: lørdag 5. desember 13:00–14:00 → søndag 6. desember 13:30–14:30',
        'Møt på den nye plassen din: lørdag 5. desember 15:00–16:00 → ikke satt',
      ],
      nn: ['Flyttetidene dine er endra:', 'Flyttedag: ', '→ ikkje sett'],
      de: ['Ihre Umzugszeiten haben sich geändert:', 'Umzugstag: Samstag, 5. Dezember → Sonntag, 6. Dezember', '→ nicht festgelegt'],
      da: ['Dine flyttetider er ændret:', 'Flyttedag: ', '→ ikke fastsat'],
      se: ['Dina flyttider har ändrats:', 'Flyttdag: lördag 5 december → söndag 6 december', '→ inte satt'],
    };
    for (const [language, lines] of Object.entries(expected)) {
      const { html } = seatLetter({ ...base, language: language as 'en', wave: later, replaces: { seat: base.seat, wave: earlier } });
      for (const line of lines) expect(html, language).toContain(line);
    }
  });

  it('names the new wave and its changed times when the person moved to another wave', () => {
    const other: PersonWave = { ...now, id: 'c_l_w3', name: 'Bølge 3 IT', pickUp: { start: '2026-12-05T16:00', end: '2026-12-05T17:00' } };
    const { html } = seatLetter({ ...base, language: 'en', wave: other, replaces: { seat: base.seat, wave: { ...earlier, sameWave: false } } });
    expect(html).toContain('Your move wave has changed: Bølge 2 Salg → Bølge 3 IT');
    expect(html).toContain('The movers take your desk: Saturday, December 5 13:00–14:00 → Saturday, December 5 16:00–17:00');
  });
});
