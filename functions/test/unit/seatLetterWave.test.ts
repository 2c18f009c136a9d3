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
    expect(html).toContain('Du flytter i bølgen IT &lt;b&gt;:');
    expect(html).toContain('Ha kassene dine pakket innen: <strong>fredag 4. desember 16:00</strong>');
    expect(html).toContain('Flytterne henter plassen din: <strong>fredag 4. desember 17:00–20:00</strong>');
    expect(html).toContain('Møt på den nye plassen din: <strong>mandag 7. desember 08:00–09:00</strong>');
    expect(html).toContain('Tidene er lokal tid (Europe/Oslo).');
    expect(html).not.toContain('<b>');
  });

  it('is a correction of the wave alone when only the wave changed: its subject and line say so, no seat change', () => {
    const { subject, html } = seatLetter({ ...base, language: 'en', wave, replaces: { seat: base.seat, wave: { name: 'Finance' } } });
    expect(subject).toBe('Correction: your moving times at Storgata 1 (replaces the earlier letter)');
    expect(html).toContain('Your move wave has changed: Finance → IT &lt;b&gt;');
    expect(html).not.toContain('Your seat has changed');
  });

  it('names both changes when seat and wave changed, and a wave left as none', () => {
    const { subject, html } = seatLetter({
      ...base,
      language: 'de',
      replaces: { seat: { floor: '2', space: '201', table: null }, wave: { name: 'IT' } },
    });
    expect(subject).toBe('Berichtigung: Ihr neuer Platz in Storgata 1 (ersetzt den früheren Brief)');
    expect(html).toContain('Ihr Platz hat sich geändert: Etage 2 · Raum 201 → Etage 3 · Raum 301 · Tisch A');
    expect(html).toContain('Ihre Umzugswelle hat sich geändert: IT → keine Welle');
  });

  it('without a wave is the letter it was', () => {
    const { html } = seatLetter({ ...base, language: 'en' });
    expect(html).not.toContain('wave');
  });
});
