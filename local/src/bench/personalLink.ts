import { newPersonToken } from '@movers/functions/src/features/seatLetters/index.ts';
import type { LetterDoc } from '@movers/functions/src/features/seatLetters/seatLetters.data.ts';
import { container } from '@movers/functions/src/platform/cosmos/client.ts';

/**
 * A person's letter, stored as sent, with a personal link the bench keeps: the benches' phones sign in
 * with it as a person does from their letter. Written straight to the store (only the link's hash is kept,
 * as the letters' queue keeps it), so a bench need not mail thousands of letters first. Returns the token.
 */
export async function storeSentLetter(moveId: string, personId: string): Promise<string> {
  const { token, hash } = newPersonToken();
  const now = new Date().toISOString();
  const letter: LetterDoc & { tokenHash: string } = {
    id: personId,
    moveId,
    type: 'letter',
    status: 'sent',
    seatKey: '',
    sentSeatKey: '',
    language: 'en',
    queuedAt: now,
    claimedAt: null,
    sentAt: now,
    error: null,
    tokenHash: hash,
  };
  await container('seatLetters').items.upsert(letter);
  return token;
}
