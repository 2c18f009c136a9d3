import type { ContentLocale } from '@movers/contracts';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { container, queryAll } from '../../platform/cosmos/client.ts';
import { readPerson } from '../planner/index.ts';
import { type LetterDoc, readLetter } from './seatLetters.data.ts';

/**
 * The personal link of a seat letter (`/{path}/me/{token}`): 32 random bytes (256 bits), base64url.
 * Only the SHA-256 hash is stored, on the person's letter document (`tokenHash`): a new letter replaces
 * it (the link of the letter before stops working), and a deleted person's token opens nothing (the
 * person is read each time). A session signed in with it carries the hash's first 16 hex characters, so
 * a replaced token ends its sessions too.
 */
export const newPersonToken = () => {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashPersonToken(token) };
};

export const hashPersonToken = (token: string) => createHash('sha256').update(token).digest('hex');
const TAG_LENGTH = 16;
export const tokenTagOf = (hash: string) => hash.slice(0, TAG_LENGTH);

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Who a personal link's token signs in (the person, the tag for the session, the letter's language); undefined for any token that does not stand. */
export async function redeemPersonToken(moveId: string, token: string): Promise<{ personId: string; tokenTag: string; language: ContentLocale } | undefined> {
  const hash = hashPersonToken(token);
  // One partition (the move's), by the hash: a token of another move finds nothing here.
  const [letter] = await queryAll<LetterDoc>(
    container('seatLetters'),
    "SELECT * FROM c WHERE c.moveId = @moveId AND c.type = 'letter' AND c.tokenHash = @hash",
    [
      { name: '@moveId', value: moveId },
      { name: '@hash', value: hash },
    ],
  );
  if (!letter?.tokenHash || !sameText(letter.tokenHash, hash)) return undefined;
  if (!(await readPerson(moveId, letter.id))) return undefined;
  return { personId: letter.id, tokenTag: tokenTagOf(hash), language: letter.language };
}

/** Whether a person's session still stands: their letter's token is the one it was signed in with. Returns the letter's language. */
export async function personTokenStands(moveId: string, personId: string, tokenTag: string): Promise<{ language: ContentLocale } | undefined> {
  const letter = await readLetter(moveId, personId);
  if (!letter?.tokenHash || !sameText(tokenTagOf(letter.tokenHash), tokenTag)) return undefined;
  return { language: letter.language };
}
