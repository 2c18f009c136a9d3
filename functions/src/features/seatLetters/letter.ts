import { type ContentLocale, formatWaveTime, formatWaveWindow, type LetterSeat, type PersonWave, seatLine } from '@movers/contracts';
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
   * the person's wave changed since (issue 48): the earlier letter's wave's name, null when it had none.
   */
  replaces?: { seat: LetterSeat; wave?: { name: string | null } };
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
  const correction = input.replaces && {
    ...t.correction,
    seatChanged: from !== seat,
    waveFrom: input.replaces.wave ? (input.replaces.wave.name ?? t.wave.none) : null,
  };
  const link = escapeHtml(input.link);
  const images: InlineImage[] = [{ contentId: 'seat-qr', name: 'seat-qr.png', contentType: 'image/png', bytes: input.qrPng }];
  if (input.logo) images.push({ contentId: 'move-logo', name: 'logo', contentType: input.logo.contentType, bytes: input.logo.bytes });
  const html = [
    `<!doctype html><html lang="${input.language === 'se' ? 'sv' : input.language === 'no' ? 'nb' : input.language}"><body style="font-family:Segoe UI,Arial,sans-serif;color:#201f1e">`,
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
          `<p>${escapeHtml(correction.noLongerApplies)}</p>`,
        ]
      : []),
    `<p>${escapeHtml(fill(t.intro))}</p>`,
    `<p style="font-size:20px;font-weight:600">${escapeHtml(seat)}</p>`,
    ...(input.wave ? [waveBlock(input.wave, input.language)] : []),
    `<p>${escapeHtml(t.open)}<br><a href="${link}">${link}</a></p>`,
    ...(input.personalLink ? [`<p>${escapeHtml(t.personal)}<br><a href="${escapeHtml(input.personalLink)}">${escapeHtml(input.personalLink)}</a></p>`] : []),
    `<p>${escapeHtml(t.scan)}</p>`,
    `<p><img src="cid:seat-qr" alt="${escapeHtml(t.qrAlt)}" width="180" height="180"></p>`,
    '</body></html>',
  ].join('');
  const subject = correction ? (correction.seatChanged ? correction.subject : correction.waveSubject) : t.subject;
  return { subject: fill(subject), html, images };
}
