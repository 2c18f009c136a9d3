import type { JSONObject, OperationInput } from '@azure/cosmos';
import type { ContentLocale, SeatLetterStatus } from '@movers/contracts';
import { container, queryAll, queryMoveDocsById, readDoc, replaceIfMatch } from '../../platform/cosmos/client.ts';
import { inBatches } from '../../platform/cosmos/inBatches.ts';

/**
 * A person's seat letter: one document per person (id: the person's id), in 'seatLetters' under the
 * move. `seatKey` is the seat the letter is for; `sentSeatKey` the seat of the last letter sent. A
 * letter is claimed ('sending', on its ETag) before the mail goes out, so two tries never both send it.
 */
export interface LetterDoc {
  id: string;
  moveId: string;
  type: 'letter';
  status: SeatLetterStatus;
  seatKey: string;
  sentSeatKey: string | null;
  language: ContentLocale;
  queuedAt: string;
  claimedAt: string | null;
  sentAt: string | null;
  error: string | null;
  /** The SHA-256 hash (hex) of the person's personal link token, made when the letter was claimed for sending (`personTokens.ts`). */
  tokenHash?: string;
  /**
   * A correction (issue 37) marked the person's old labels as replaced: when, for which seat (the labels of
   * that seat are the new ones), and since when the seat had changed (the sent letter before it).
   */
  labelsReplaced?: LabelsReplaced;
}

export interface LabelsReplaced {
  at: string;
  seatKey: string;
  since: string | null;
  /** The key of the letter the correction replaced (issue 55): what changed stays known after the correction is sent. */
  fromKey?: string | null;
}

export type StoredLetter = LetterDoc & { etag?: string };
const letters = () => container('seatLetters');

export const readLetter = (moveId: string, personId: string) => readDoc<LetterDoc>(letters(), personId, moveId);

export const listLetters = (moveId: string) =>
  queryAll<LetterDoc>(letters(), "SELECT * FROM c WHERE c.moveId = @moveId AND c.type = 'letter'", [{ name: '@moveId', value: moveId }]);

/** The letters of these people (a wave's, issue 56). */
export const listLettersOf = (moveId: string, personIds: readonly string[]) => queryMoveDocsById<LetterDoc>(letters(), 'letter', moveId, personIds);

/** A letter about to be queued: whose, for which seat, in which language, and the letter it replaces (its last sent seat is kept). */
export interface WaitingLetter {
  personId: string;
  seatKey: string;
  language: ContentLocale;
  current?: LetterDoc;
  /** A correction: the old labels are marked replaced. */
  labelsReplaced?: LabelsReplaced;
}

/**
 * Letters a transactional batch writes (Cosmos's most: 100 operations), and batches written at once. One
 * request a hundred letters, where each was its own upsert (48 at a time: 2.0 s of a wave's 1,000 letters;
 * the emulator's bulk endpoint, which splits into its own requests, was slower still: 9.5 s against 5.5 s
 * for 2,000). A letter is its person's alone, so an upsert fails only for a store that fails: then the batch.
 */
export const LETTERS_PER_BATCH = 100;
const BATCHES_AT_ONCE = 4;

/** Marks letters waiting, for their seat and language, keeping what the last sent letter named. */
export async function markWaiting(moveId: string, waiting: WaitingLetter[], at: string) {
  const doc = ({ personId, seatKey, language, current, labelsReplaced }: WaitingLetter): LetterDoc => ({
    id: personId,
    moveId,
    type: 'letter',
    status: 'waiting',
    seatKey,
    sentSeatKey: current?.sentSeatKey ?? null,
    language,
    queuedAt: at,
    claimedAt: null,
    sentAt: current?.sentAt ?? null,
    error: null,
    ...(current?.tokenHash ? { tokenHash: current.tokenHash } : {}),
    ...(labelsReplaced ? { labelsReplaced } : current?.labelsReplaced ? { labelsReplaced: current.labelsReplaced } : {}),
  });
  const batches: WaitingLetter[][] = [];
  for (let i = 0; i < waiting.length; i += LETTERS_PER_BATCH) batches.push(waiting.slice(i, i + LETTERS_PER_BATCH));
  await inBatches(batches, BATCHES_AT_ONCE, async (batch) => {
    const operations: OperationInput[] = batch.map((letter) => ({
      operationType: 'Upsert',
      partitionKey: moveId,
      resourceBody: doc(letter) as unknown as JSONObject,
    }));
    const response = await letters().items.batch(operations, moveId);
    const failed =
      (response.result ?? []).find((r) => r.statusCode >= 400 && r.statusCode !== 424)?.statusCode ??
      (response.code && response.code >= 400 ? response.code : undefined);
    if (failed) throw new Error(`the seat letters could not be written (${failed})`);
  });
}

/** Changes a letter only while it has the ETag read (412 otherwise: another try got there first). */
export const saveLetter = (doc: StoredLetter, change: Partial<LetterDoc>) => {
  const { etag, ...stored } = doc;
  return replaceIfMatch(letters(), { ...stored, ...change }, doc.moveId, etag ?? '', 'seat letter');
};
