import type { InvocationContext } from '@azure/functions';
import {
  type ContentLocale,
  contentLocales,
  type EarlierWave,
  type LetterSeat,
  type PersonWave,
  personalLink,
  seatLetterMessages,
  seatLink,
} from '@movers/contracts';
import { siteUrl } from '../../platform/config/siteUrl.ts';
import { mailSender, retryAfterOf, sendHtmlMail } from '../../platform/graph/mail.ts';
import { enqueueAfter } from '../../platform/queue/client.ts';
import { mailLogo } from '../moves/index.ts';
import { seatLetter } from './letter.ts';
import { newPersonToken } from './personTokens.ts';
import { SEAT_LETTER_QUEUE } from './queue.ts';
import { readLetter, saveLetter } from './seatLetters.data.ts';

/** One queue message per letter: what the letter says, as it was when the send was asked for. */
export interface LetterMessage {
  moveId: string;
  personId: string;
  seatKey: string;
  to: string;
  name: string;
  seat: LetterSeat;
  language: ContentLocale;
  moveName: string;
  path: string;
  /** The person's wave in the letter's language (issue 48). */
  wave?: PersonWave;
  /**
   * A correction (issue 45): the seat the person's earlier letter named; the mail says it replaces that
   * letter. `wave`: what the earlier letter said of the wave when it or its times changed since (issues 48, 55).
   */
  replaces?: { seat: LetterSeat; wave?: EarlierWave };
}

const isWave = (value: unknown): value is PersonWave => {
  const wave = value as Partial<PersonWave> | null;
  return Boolean(wave && typeof wave.id === 'string' && typeof wave.name === 'string' && typeof wave.day === 'string' && typeof wave.timeZone === 'string');
};

const isSeat = (value: unknown): value is LetterSeat => {
  const seat = value as Partial<LetterSeat> | null;
  return Boolean(seat && typeof seat.floor === 'string' && typeof seat.space === 'string' && (seat.table === null || typeof seat.table === 'string'));
};

/** The host's tries before a message goes to the poison queue (host.json `maxDequeueCount`). */
const MAX_TRIES = 5;
/**
 * Graph's Retry-After is waited out in the function when it is this short; a longer one (Exchange lets a
 * mailbox send 30 messages a minute) puts the letter back on the queue, visible after the Retry-After,
 * so throttling never spends one of the message's five tries.
 */
const MAX_WAIT_SECONDS = 5;

function isLetterMessage(value: unknown): value is LetterMessage {
  const m = value as Partial<LetterMessage> | null;
  return Boolean(
    m &&
      typeof m.moveId === 'string' &&
      typeof m.personId === 'string' &&
      typeof m.seatKey === 'string' &&
      typeof m.to === 'string' &&
      typeof m.name === 'string' &&
      typeof m.moveName === 'string' &&
      typeof m.path === 'string' &&
      isSeat(m.seat) &&
      (m.replaces === undefined || isSeat(m.replaces.seat)) &&
      (m.wave === undefined || isWave(m.wave)) &&
      contentLocales.includes(m.language as ContentLocale),
  );
}

// A move's logo is read once a minute per function instance, not once per letter.
const logos = new Map<string, { at: number; logo: Promise<{ bytes: Uint8Array; contentType: string } | undefined> }>();
function logoOf(moveId: string) {
  const cached = logos.get(moveId);
  if (cached && Date.now() - cached.at < 60_000) return cached.logo;
  // Its mail-sized copy (at most 200 KB: Graph refuses a sendMail over 4 MB, and a logo may be 5 MB).
  // Mail clients show PNG and JPEG inline; an SVG logo is left out.
  const logo = mailLogo(moveId);
  logos.set(moveId, { at: Date.now(), logo });
  // A failed read is not kept: the next letter tries again.
  logo.catch(() => logos.get(moveId)?.logo === logo && logos.delete(moveId));
  return logo;
}

async function qrPng(link: string): Promise<Uint8Array> {
  // CommonJS: bundled, its exports arrive on `default` (as with the Graph SDK, platform/graph/client.ts).
  const loaded = await import('qrcode');
  const qrcode = typeof loaded.toBuffer === 'function' ? loaded : (loaded as unknown as { default: typeof loaded }).default;
  return qrcode.toBuffer(link, { type: 'png', errorCorrectionLevel: 'H', margin: 2, width: 360 });
}

/** Graph asked to wait longer than the function waits: the letter goes back on the queue for then. */
class Throttled extends Error {
  constructor(readonly seconds: number) {
    super(`Graph asks to wait ${seconds} s`);
  }
}

/** Sends through Graph, waiting out a short throttling (429 with Retry-After) once. */
async function sendThrottled(send: () => Promise<void>, context: InvocationContext): Promise<void> {
  for (let waited = false; ; waited = true) {
    try {
      return await send();
    } catch (error) {
      const wait = retryAfterOf(error);
      if (wait === undefined) throw error;
      if (waited || wait > MAX_WAIT_SECONDS) throw new Throttled(wait);
      context.log(`seat letter: Graph asks to wait ${wait} s`);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
  }
}

/**
 * The queue function: mails one person's seat letter, once. The letter's document decides: a message for
 * another seat than the letter's (a newer send superseded it) or for a letter already sent is done; a
 * letter found 'sending' was claimed by a try that stopped in the middle (a crash, a restart), which may
 * have sent it, so it is marked failed for staff to send again rather than sent a second time. Otherwise
 * the letter is claimed on its ETag (of two tries, one wins), mailed, and marked sent.
 */
export async function sendSeatLetter(message: unknown, context: InvocationContext): Promise<void> {
  if (!isLetterMessage(message)) {
    context.warn('seat letter: a message of another shape was dropped');
    return;
  }
  const letter = await readLetter(message.moveId, message.personId);
  if (!letter || letter.seatKey !== message.seatKey || letter.status === 'sent' || letter.status === 'failed') return;
  if (letter.status === 'sending') {
    await saveLetter(letter, { status: 'failed', error: seatLetterMessages.interrupted, claimedAt: null });
    return;
  }
  // The person's own link is made now, with the claim: only its hash is stored, and it replaces the one
  // of the letter before (that link stops working). A try that fails leaves a link nobody was sent; the
  // next try makes another.
  const personal = newPersonToken();
  const claimed = await saveLetter(letter, { status: 'sending', claimedAt: new Date().toISOString(), tokenHash: personal.hash });
  const tries = Number(context.triggerMetadata?.dequeueCount ?? 1);
  try {
    const sender = mailSender();
    if (!sender) throw new Error('no sender mailbox: VISITOR_MAIL_SENDER is not set');
    // The QR code opens the seat only (it may be printed on a box's label); the personal link is in the text alone.
    const link = seatLink(siteUrl(message.path), message.personId);
    const [qr, logo] = await Promise.all([qrPng(link), logoOf(message.moveId)]);
    const mail = seatLetter({
      language: message.language,
      personName: message.name,
      moveName: message.moveName,
      seat: message.seat,
      link,
      personalLink: personalLink(siteUrl(message.path), personal.token),
      qrPng: qr,
      logo,
      ...(message.wave ? { wave: message.wave } : {}),
      ...(message.replaces ? { replaces: message.replaces } : {}),
    });
    await sendThrottled(() => sendHtmlMail({ from: sender, to: message.to, ...mail }), context);
  } catch (error) {
    if (error instanceof Throttled) {
      // Back to waiting, and on the queue again for when Graph said: this message is done, no try spent.
      await saveLetter(claimed, { status: 'waiting', claimedAt: null });
      await enqueueAfter(SEAT_LETTER_QUEUE, message, error.seconds);
      return;
    }
    // Given back to the queue for another try; on the last, marked failed (the message goes to the poison queue).
    const reason = error instanceof Error ? error.message : String(error);
    await saveLetter(claimed, { status: tries >= MAX_TRIES ? 'failed' : 'waiting', error: reason.slice(0, 500), claimedAt: null });
    throw error;
  }
  await saveLetter(claimed, { status: 'sent', sentAt: new Date().toISOString(), sentSeatKey: message.seatKey, error: null, claimedAt: null });
}
