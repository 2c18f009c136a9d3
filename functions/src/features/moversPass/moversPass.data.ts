import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { MoversPass } from '@movers/contracts';
import { container, deleteIfMatch, fromStored, readDoc, replaceIfMatch, statusOf } from '../../platform/cosmos/client.ts';
import { preconditionFailed } from '../../platform/http/errors.ts';

/**
 * A move's movers' pass, a document of its own beside the move (partition: the client), so that making
 * or revoking one leaves an open settings form current. One per move: a new one replaces it. Its
 * `passId` (not the document's id) names it in its sessions, so a new pass ends the sessions of the last.
 */
export interface MoversPassDoc extends Omit<MoversPass, 'id'> {
  id: string;
  type: 'moversPass';
  clientId: string;
  moveId: string;
  passId: string;
}

type MoveKey = { id: string; clientId: string };
const passes = () => container('moves');
const docIdOf = (moveId: string) => `${moveId}_moversPass`;

export async function getMoversPass(move: MoveKey) {
  const doc = await readDoc<MoversPassDoc>(passes(), docIdOf(move.id), move.clientId);
  return doc?.type === 'moversPass' ? doc : undefined;
}

/**
 * A new pass (a new id and token) until `expiresAt`, in place of the one before: only while that one is
 * still the pass the caller saw (`ifMatch`, 412 otherwise), and when there was none, only if no one made
 * one meanwhile (the store refuses a second document with the same id).
 */
export async function replaceMoversPass(move: MoveKey, expiresAt: string, by: string, before: { etag: string } | undefined) {
  const doc: MoversPassDoc = {
    id: docIdOf(move.id),
    type: 'moversPass',
    clientId: move.clientId,
    moveId: move.id,
    passId: randomUUID(),
    token: randomBytes(32).toString('base64url'),
    expiresAt,
    createdAt: new Date().toISOString(),
    createdBy: by,
  };
  if (before) return replaceIfMatch(passes(), doc, move.clientId, before.etag, "movers' pass");
  try {
    const { resource } = await passes().items.create(doc);
    return fromStored<MoversPassDoc>(resource!);
  } catch (error) {
    if (statusOf(error) === 409) throw preconditionFailed();
    throw error;
  }
}

export async function deleteMoversPass(move: MoveKey, etag: string) {
  await deleteIfMatch(passes(), docIdOf(move.id), move.clientId, etag, "movers' pass");
}

/** What staff see of a stored pass. */
export const toPass = ({ passId, token, expiresAt, createdAt, createdBy }: MoversPassDoc): MoversPass => ({
  id: passId,
  token,
  expiresAt,
  createdAt,
  createdBy,
});

const notEnded = (pass: Pick<MoversPassDoc, 'expiresAt'>, now: number) => Date.parse(pass.expiresAt) > now;

/** Whether `token` is this pass's and the pass has not ended (compared in constant time). */
export function passOpens(pass: MoversPassDoc | undefined, token: string, now = Date.now()): pass is MoversPassDoc {
  if (!pass) return false;
  const given = Buffer.from(token);
  const expected = Buffer.from(pass.token);
  return given.length === expected.length && timingSafeEqual(given, expected) && notEnded(pass, now);
}

/** Whether a session made with the pass `passId` still stands: the move's pass is still that one and has not ended. */
export const passStands = (pass: MoversPassDoc | undefined, passId: string, now = Date.now()): boolean => pass?.passId === passId && notEnded(pass, now);
