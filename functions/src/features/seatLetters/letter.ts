import { type ContentLocale, type LetterSeat, seatLine } from '@movers/contracts';
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
  /** A correction (issue 45): the seat the earlier letter named, which this letter replaces. */
  replaces?: { seat: LetterSeat };
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
  const correction = input.replaces && { ...t.correction, from: seatLine(input.replaces.seat, t) };
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
          `<p>${escapeHtml(correction.change.replace('{from}', () => correction.from).replace('{to}', () => seat))}</p>`,
          `<p>${escapeHtml(correction.noLongerApplies)}</p>`,
        ]
      : []),
    `<p>${escapeHtml(fill(t.intro))}</p>`,
    `<p style="font-size:20px;font-weight:600">${escapeHtml(seat)}</p>`,
    `<p>${escapeHtml(t.open)}<br><a href="${link}">${link}</a></p>`,
    ...(input.personalLink ? [`<p>${escapeHtml(t.personal)}<br><a href="${escapeHtml(input.personalLink)}">${escapeHtml(input.personalLink)}</a></p>`] : []),
    `<p>${escapeHtml(t.scan)}</p>`,
    `<p><img src="cid:seat-qr" alt="${escapeHtml(t.qrAlt)}" width="180" height="180"></p>`,
    '</body></html>',
  ].join('');
  return { subject: fill(correction ? correction.subject : t.subject), html, images };
}
