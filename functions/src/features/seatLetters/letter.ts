import {
  type ContentLocale,
  type EarlierWave,
  formatWaveDay,
  formatWaveTime,
  formatWaveWindow,
  type LetterSeat,
  type PersonWave,
  seatLine,
  type WaveWindowTimes,
} from '@movers/contracts';
import type { InlineImage } from '../../platform/graph/mail.ts';
import { letterTexts } from './letterText.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface LetterInput {
  language: ContentLocale;
  personName: string;
  moveName: string;
  seat: LetterSeat;
  link: string;
  /** The person's own move page, signed in as them (`/{path}/me/{token}`); never in the QR code. */
  personalLink?: string;
  /** The seat link's QR code (PNG). */
  qrPng: Uint8Array;
  /** The move's logo, when it has one a mail client shows (PNG or JPEG). */
  logo?: { bytes: Uint8Array; contentType: string };
  /** The person's wave (issue 48): its name in the letter's language and its times; absent without one. */
  wave?: PersonWave | null;
  /**
   * A correction (issue 45): the seat the earlier letter named, which this letter replaces; `wave`, when
   * the person's wave or its times changed since (issues 48, 55): what the earlier letter said of it.
   */
  replaces?: { seat: LetterSeat; wave?: EarlierWave };
}

const sameWindow = (a: WaveWindowTimes | null, b: WaveWindowTimes | null) => a?.start === b?.start && a?.end === b?.end;

/**
 * Each time of the wave that changed since the earlier letter (issue 55), as '{label}: {old} → {new}' in
 * the letter's language: the day, pack-by, pick-up and arrival. None when the person was or is in no wave
 * (the wave's own line says that), or when the earlier letter's times are not known.
 */
function timeChanges(earlier: EarlierWave, wave: PersonWave | null | undefined, language: ContentLocale): string[] {
  if (!wave || earlier.name === null || earlier.day === undefined) return [];
  const t = letterTexts[language];
  const c = t.correction;
  const time = (value: string | null | undefined) => (value ? formatWaveTime(value, language) : c.notSet);
  const window = (value: WaveWindowTimes | null | undefined) => (value ? formatWaveWindow(value, language) : c.notSet);
  const line = (label: string, from: string, to: string) => `${label}: ${from} → ${to}`;
  return [
    ...(earlier.day !== wave.day ? [line(c.day, formatWaveDay(earlier.day, language), formatWaveDay(wave.day, language))] : []),
    ...((earlier.packBy ?? null) !== wave.packBy ? [line(t.wave.packBy, time(earlier.packBy), time(wave.packBy))] : []),
    ...(!sameWindow(earlier.pickUp ?? null, wave.pickUp) ? [line(t.wave.pickUp, window(earlier.pickUp), window(wave.pickUp))] : []),
    ...(!sameWindow(earlier.arrival ?? null, wave.arrival) ? [line(t.wave.arrival, window(earlier.arrival), window(wave.arrival))] : []),
  ];
}

/** The wave's block of a letter: its name, each of its times, the time zone. */
function waveBlock(wave: PersonWave, language: ContentLocale): string {
  const t = letterTexts[language].wave;
  const rows: [string, string][] = [
    ...(wave.packBy ? [[t.packBy, formatWaveTime(wave.packBy, language)] as [string, string]] : []),
    ...(wave.pickUp ? [[t.pickUp, formatWaveWindow(wave.pickUp, language)] as [string, string]] : []),
    ...(wave.arrival ? [[t.arrival, formatWaveWindow(wave.arrival, language)] as [string, string]] : []),
  ];
  return [
    `<p style="font-weight:600">${escapeHtml(t.heading.replace('{wave}', () => wave.name))}</p>`,
    ...(rows.length ? [`<ul>${rows.map(([label, time]) => `<li>${escapeHtml(label)}: <strong>${escapeHtml(time)}</strong></li>`).join('')}</ul>`] : []),
    `<p style="color:#605e5c">${escapeHtml(t.zone.replace('{zone}', () => wave.timeZone))}</p>`,
  ].join('');
}

/**
 * A person's seat letter: subject, HTML and its inline images. Names, the move's name and the seat are
 * typed by staff or imported: every value is escaped, so nothing in them is markup in the mail.
 */
export function seatLetter(input: LetterInput): { subject: string; html: string; images: InlineImage[] } {
  const t = letterTexts[input.language];
  // Replaced by functions: a name's `$&` is text, not a replacement pattern.
  const fill = (text: string) => text.replace('{name}', () => input.personName).replace('{move}', () => input.moveName);
  const seat = seatLine(input.seat, t);
  const from = input.replaces && seatLine(input.replaces.seat, t);
  const earlierWave = input.replaces?.wave;
  const correction = input.replaces && {
    ...t.correction,
    seatChanged: from !== seat,
    // The wave itself changed (another wave, or into or out of one); the same wave whose times moved is not named as a change.
    waveFrom: earlierWave && !earlierWave.sameWave ? (earlierWave.name ?? t.wave.none) : null,
    times: earlierWave ? timeChanges(earlierWave, input.wave, input.language) : [],
  };
  const link = escapeHtml(input.link);
  const images: InlineImage[] = [{ contentId: 'seat-qr', name: 'seat-qr.png', contentType: 'image/png', bytes: input.qrPng }];
  if (input.logo) images.push({ contentId: 'move-logo', name: 'logo', contentType: input.logo.contentType, bytes: input.logo.bytes });
  const html = [
    `<!doctype html><html lang="${input.language === 'se' ? 'sv' : input.language === 'no' ? 'nb' : input.language}"><body style="font-family:Segoe UI,Arial,sans-serif;color:#201f1e;overflow-wrap:anywhere">`,
    // A correction says so before anything else: it is the line a mail client previews in the inbox.
    ...(correction ? [`<p style="font-weight:600">${escapeHtml(correction.notice)}</p>`] : []),
    // Without a logo a mail can show, the move's name heads the letter.
    input.logo
      ? `<p><img src="cid:move-logo" alt="${escapeHtml(input.moveName)}" style="max-height:60px"></p>`
      : `<h1 style="font-size:22px;font-weight:600">${escapeHtml(input.moveName)}</h1>`,
    `<p>${escapeHtml(fill(t.greeting))}</p>`,
    ...(correction
      ? [
          ...(correction.seatChanged ? [`<p>${escapeHtml(correction.change.replace('{from}', () => from!).replace('{to}', () => seat))}</p>`] : []),
          ...(correction.waveFrom !== null
            ? [
                `<p>${escapeHtml(correction.waveChange.replace('{from}', () => correction.waveFrom!).replace('{to}', () => input.wave?.name ?? t.wave.none))}</p>`,
              ]
            : []),
          ...(correction.times.length
            ? [`<p>${escapeHtml(correction.timesChanged)}</p><ul>${correction.times.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`]
            : []),
          `<p>${escapeHtml(correction.noLongerApplies)}</p>`,
        ]
      : []),
    `<p>${escapeHtml(fill(t.intro))}</p>`,
    `<p style="font-size:20px;font-weight:600">${escapeHtml(seat)}</p>`,
    ...(input.wave ? [waveBlock(input.wave, input.language)] : []),
    // Links by their words: an address with an id means nothing to a reader, and a long one runs off a phone's screen.
    `<p><a href="${link}" style="font-weight:600">${escapeHtml(t.open)}</a></p>`,
    ...(input.personalLink
      ? [`<p>${escapeHtml(t.personal)}<br><a href="${escapeHtml(input.personalLink)}" style="font-weight:600">${escapeHtml(t.personalOpen)}</a></p>`]
      : []),
    `<p>${escapeHtml(t.scan)}</p>`,
    `<p><img src="cid:seat-qr" alt="${escapeHtml(t.qrAlt)}" width="180" height="180"></p>`,
    '</body></html>',
  ].join('');
  const subject = correction ? (correction.seatChanged ? correction.subject : correction.waveSubject) : t.subject;
  return { subject: fill(subject), html, images };
}
