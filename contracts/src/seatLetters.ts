import * as yup from './yup.ts';
import { contentLocales } from './locales.ts';
import { idField } from './api/idField.ts';
import { idShapes } from './api/ids.ts';
import type { WaveWindowTimes } from './waveTimes.ts';

/**
 * Seat letters: each person with an address gets their seat by e-mail (floor, space, table, the seat
 * link and its QR code). Sent through a queue: one message per person, a queue-triggered function mails
 * each through Graph; one letter per person and seat, so a retry or a restart sends nobody twice.
 */
export type SeatLetterStatus = 'waiting' | 'sending' | 'sent' | 'failed';

/** A person's seat as the letter names it; null while the person is not on a published floor. */
export interface LetterSeat {
  floor: string;
  /** The space's number. */
  space: string;
  /** The table's letter, when the person sits at a table. */
  table: string | null;
}

/** One person on the seat letters' screen. */
export interface SeatLetterRow {
  personId: string;
  name: string;
  /** Null: no letter can be sent (skipped and counted). */
  email: string | null;
  seat: LetterSeat | null;
  /** The last letter's state; null when none was ever queued. */
  status: SeatLetterStatus | null;
  /** When the last letter was sent. */
  sentAt: string | null;
  /** Why the last letter failed. */
  error: string | null;
  /** The seat, or the wave, differs from what the last sent letter named ('send again' mails these). */
  seatChanged: boolean;
  /** The person's wave (its name or its times) differs from what the last sent letter named (issue 48). */
  waveChanged: boolean;
  /** The person's wave's name; null when they are in none. */
  wave: string | null;
  /**
   * What changed of the person's wave since their letter (issue 55): another wave, its day or times, old
   * and new; after a correction, what the correction was sent for. Null when nothing of it changed.
   */
  waveChange: LetterWaveChange | null;
  /**
   * What changed since the letter (issue 37): the person's seat changes from the history, oldest first,
   * since their last sent letter; after a correction, those the correction was sent for.
   */
  seatChanges: SeatChange[];
  /** When a correction marked the person's old labels as replaced (for their current seat); null otherwise. */
  labelsReplacedAt: string | null;
}

/** One change of a person's seat, as the history recorded it: the seats before and after (null: none, or one since removed). */
export interface SeatChange {
  at: string;
  /** Who made it, by name as they were ('import', 'system' where no person acted). */
  by: string;
  from: LetterSeat | null;
  to: LetterSeat | null;
}

export interface SeatLettersState {
  rows: SeatLetterRow[];
  counts: Record<SeatLetterStatus, number> & { withoutAddress: number; withoutSeat: number; changed: number };
  /** Why no letter can be sent now (no published floor, nobody with an address and a seat); null when they can. */
  cannotSend: string | null;
}

/** What POST seat-letters answers: how many were queued and why the others were not. */
export interface SeatLettersQueued {
  queued: number;
  withoutAddress: number;
  withoutSeat: number;
  /** Their letter for this seat was already sent or is on its way ('changed' and 'failed' sends only). */
  unchanged: number;
}

export const seatLetterMessages = {
  noSender: 'Seat letters are turned off: no mailbox to send them from is set (VISITOR_MAIL_SENDER). Ask an administrator to set it',
  noPublishedFloor: 'Publish a floor first: a seat letter links to the published floor plan',
  nobodyToSend: 'Nobody has both an e-mail address and a seat on a published floor',
  interrupted: 'The send was interrupted: the letter may not have arrived. Send it again to be sure.',
  noLongerSendable: 'The person no longer has an address or a seat on a published floor',
} as const;

/**
 * Which people a send mails: everyone with an address and a seat, those whose seat changed since their
 * last letter, or those whose letter failed. 'corrections' mails those whose seat changed, as 'changed'
 * does, and marks their old labels as replaced (issue 37).
 */
export const seatLetterScopes = ['all', 'changed', 'failed', 'corrections'] as const;
export type SeatLetterScope = (typeof seatLetterScopes)[number];

/** POST /v1/moves/{moveId}/seat-letters. */
export const seatLettersSendSchema = yup
  .object({
    scope: yup
      .string()
      .oneOf(seatLetterScopes, `one of ${seatLetterScopes.join(', ')}`)
      .required('field is required')
      .meta({
        rule: `a move that can send letters, else 400: '${seatLetterMessages.noSender}', '${seatLetterMessages.noPublishedFloor}' or '${seatLetterMessages.nobodyToSend}'`,
      }),
    /**
     * The letter's language: one of the move's. When absent: the move's default language for 'all'; for the
     * other scopes each person's last letter's language (else the move's default).
     */
    language: yup
      .string()
      .oneOf([...contentLocales], `one of ${contentLocales.join(', ')}`)
      .optional()
      .meta({ rule: "one of the move's languages, else 400 'not one of the languages of the move'" }),
    /** Only the people of this wave (issue 48): a large move sends its letters a wave at a time. */
    waveId: idField(idShapes.moveItem).optional().meta({ rule: "a wave of the move, else 400 'no such wave in this move'" }),
  })
  .noUnknown(true, 'unknown field: ${unknown}');

/** What a letter says of a person's wave (issue 48): a change to any of it makes the letter a correction. */
export interface LetterWaveKey {
  id: string;
  name: string;
  day: string;
  packBy: string | null;
  pickUp: { start: string; end: string } | null;
  arrival: { start: string; end: string } | null;
}

/** What of a person's wave can change since their letter: the wave itself (another, or none), its day, its times. */
export const waveChangeFields = ['wave', 'day', 'packBy', 'pickUp', 'arrival'] as const;
export type WaveChangeField = (typeof waveChangeFields)[number];

/** A person's wave as their letter said it and as it is now (null: no wave), and what differs (issue 55). */
export interface LetterWaveChange {
  changed: WaveChangeField[];
  from: LetterWaveKey | null;
  to: LetterWaveKey | null;
}

const sameWindow = (a: WaveWindowTimes | null, b: WaveWindowTimes | null) => a?.start === b?.start && a?.end === b?.end;

/** What changed between two letters' waves; null when nothing did. */
export function waveChangeOf(from: LetterWaveKey | null, to: LetterWaveKey | null): LetterWaveChange | null {
  const changed: WaveChangeField[] = [];
  if (from?.id !== to?.id || from?.name !== to?.name) changed.push('wave');
  if (from && to) {
    if (from.day !== to.day) changed.push('day');
    if (from.packBy !== to.packBy) changed.push('packBy');
    if (!sameWindow(from.pickUp, to.pickUp)) changed.push('pickUp');
    if (!sameWindow(from.arrival, to.arrival)) changed.push('arrival');
  }
  return changed.length ? { changed, from, to } : null;
}

/**
 * What an earlier letter said of the person's wave, for a correction to name what changed (issues 48, 55):
 * its name as that letter had it (null: it named no wave), whether it is the same wave as now (only its
 * times changed), and its day and times (absent in messages queued before issue 55).
 */
export interface EarlierWave {
  name: string | null;
  sameWave?: boolean;
  day?: string;
  packBy?: string | null;
  pickUp?: WaveWindowTimes | null;
  arrival?: WaveWindowTimes | null;
}

/**
 * What identifies what a letter said, for "sent once per person and seat": a new space number or table is
 * a new seat, and a new wave or wave time a new letter. A person in no wave keeps the key letters had before waves.
 */
export const seatKeyOf = (markerId: string, seat: LetterSeat, wave?: LetterWaveKey | null) =>
  JSON.stringify([markerId, seat.floor, seat.space, seat.table, ...(wave ? [[wave.id, wave.name, wave.day, wave.packBy, wave.pickUp, wave.arrival]] : [])]);

/** The wave part of a seat key (its id and name), null when the letter named no wave; undefined when the key is unreadable. */
export function waveOfSeatKey(key: string): { id: string; name: string } | null | undefined {
  try {
    const parts = JSON.parse(key) as unknown[];
    const wave = parts[4] as unknown[] | undefined;
    if (wave === undefined) return null;
    return Array.isArray(wave) && typeof wave[0] === 'string' && typeof wave[1] === 'string' ? { id: wave[0], name: wave[1] } : undefined;
  } catch {
    return undefined;
  }
}

const isWindow = (value: unknown): value is WaveWindowTimes | null =>
  value === null || (typeof value === 'object' && typeof (value as WaveWindowTimes).start === 'string' && typeof (value as WaveWindowTimes).end === 'string');

/** The whole wave a seat key names (`seatKeyOf`), null when it names none; undefined when the key is unreadable. */
export function waveKeyOfSeatKey(key: string): LetterWaveKey | null | undefined {
  try {
    const wave = (JSON.parse(key) as unknown[])[4] as unknown[] | undefined;
    if (wave === undefined) return null;
    if (!Array.isArray(wave)) return undefined;
    const [id, name, day, packBy, pickUp, arrival] = wave;
    return typeof id === 'string' &&
      typeof name === 'string' &&
      typeof day === 'string' &&
      (packBy === null || typeof packBy === 'string') &&
      isWindow(pickUp) &&
      isWindow(arrival)
      ? { id, name, day, packBy, pickUp, arrival }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The wave part of a seat key as text, to compare two keys' waves ('null' when a key names none). */
export const wavePartOfKey = (key: string): string => {
  try {
    return JSON.stringify((JSON.parse(key) as unknown[])[4] ?? null);
  } catch {
    return key;
  }
};

/** A seat as one line: 'Floor 3 · Space 301 · Table A' in the letter's words. */
export const seatLine = (seat: LetterSeat, words: { floor: string; space: string; table: string }) =>
  [`${words.floor} ${seat.floor}`, `${words.space} ${seat.space}`, seat.table ? `${words.table} ${seat.table}` : null].filter(Boolean).join(' · ');

/** Who a label sheet lists: everyone, or only the people whose seat changed since their letter (and those corrected since). */
export const labelPeopleChoices = ['all', 'changed'] as const;
export const labelsQuery = yup
  .object({
    people: yup
      .string()
      .oneOf([...labelPeopleChoices], `one of ${labelPeopleChoices.join(', ')}`)
      .optional(),
    /** The screen's language: the 'Wave' column names each wave in it, else in the move's default (issue 55). */
    lang: yup
      .string()
      .oneOf([...contentLocales], `one of ${contentLocales.join(', ')}`)
      .optional(),
  })
  .noUnknown(true, 'unknown parameter: ${unknown}');
