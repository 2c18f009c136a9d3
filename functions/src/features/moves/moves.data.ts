import { type Audit, type Move, type MoveColors, type MoveInput, moveColorKeys, moveMessages } from '@movers/contracts';
import { container, readDoc, statusOf } from '../../platform/cosmos/client.ts';
import { type HistoryTarget, recordedWrite } from '../../platform/history/recordedWrite.ts';
import { conflict, HttpError } from '../../platform/http/errors.ts';
import type { PasswordHash } from './password.ts';

/** A move as stored in 'moves' (partition /clientId). The password is kept only as its hash. */
/** Images are not in it: their versions are read from Blob Storage (images.data.ts). */
export interface MoveDoc extends Omit<Move, 'etag' | 'hasPassword' | 'teamMembers' | 'clientContact' | 'colors' | 'images' | keyof Audit>, Audit {
  type: 'move';
  passwordHash: PasswordHash | null;
  /** Raised when the password changes (or the move is disabled): visitor sessions made before are void. */
  sessionVersion: number;
  teamMembers: { id: string }[];
  clientContact: { id: string }[];
}

/** The colours of a move, a document of their own so that a colour change does not make an open settings form stale. */
export interface ColorsDoc extends MoveColors {
  id: string;
  type: 'colors';
  clientId: string;
  moveId: string;
}

const moves = () => container('moves');
const paths = () => container('movePaths');

/** `{clientId}_{locationId}`: one move per location, and every route a point read. */
export const moveIdOf = (clientId: string, locationId: string) => `${clientId}_${locationId}`;
export function parseMoveId(moveId: string): { clientId: string; locationId: string } | null {
  const parts = moveId.split('_');
  return parts.length === 2 && parts[0] && parts[1] ? { clientId: parts[0], locationId: parts[1] } : null;
}
const colorsIdOf = (moveId: string) => `${moveId}_colors`;

/**
 * The move's settings and its colours are one record in history: kind 'move', both with the move's id as
 * `moveId` (historyRead reads a move's entries by it), each written in one batch with its entry.
 */
const moveTarget = (moveId: string, clientId: string, what = 'move'): HistoryTarget => ({
  container: 'moves',
  partitionKey: clientId,
  kind: 'move',
  moveId,
  what,
});

export const noColors = (): MoveColors => Object.fromEntries(moveColorKeys.map((k) => [k, null])) as MoveColors;

export async function getMoveDoc(moveId: string) {
  const ids = parseMoveId(moveId);
  if (!ids) return undefined;
  const doc = await readDoc<MoveDoc>(moves(), moveId, ids.clientId);
  return doc?.type === 'move' ? doc : undefined;
}

export async function getColorsDoc(moveId: string) {
  const ids = parseMoveId(moveId);
  if (!ids) return undefined;
  return readDoc<ColorsDoc>(moves(), colorsIdOf(moveId), ids.clientId);
}

/**
 * Claims a path (true when this call claimed it) for a move in 'movePaths', whose id is the path: the store refuses a second document
 * with the same id, so two moves created at the same moment cannot share a path. A claim whose move no
 * longer has that path (left by a change that failed halfway) is taken over.
 */
export async function claimPath(path: string, moveId: string, clientId: string): Promise<boolean> {
  const id = path.toLowerCase();
  try {
    await paths().items.create({ id, moveId, clientId });
    return true;
  } catch (error) {
    if (statusOf(error) !== 409) throw error;
  }
  const claim = await readDoc<{ id: string; moveId: string; clientId: string }>(paths(), id, id);
  // Already this move's (a retried create of a move that exists): not claimed by this call.
  if (claim?.moveId === moveId) return false;
  const owner = claim ? await getMoveDoc(claim.moveId) : undefined;
  if (claim && owner && owner.path.toLowerCase() === id) throw conflict(moveMessages.pathTaken);
  try {
    if (claim?.etag)
      await paths()
        .item(id, id)
        .replace({ id, moveId, clientId }, { accessCondition: { type: 'IfMatch', condition: claim.etag } });
    else await paths().items.create({ id, moveId, clientId });
  } catch (error) {
    if (statusOf(error) === 412 || statusOf(error) === 409) throw conflict(moveMessages.pathTaken);
    throw error;
  }
  return true;
}

/** The move whose path this is (any letter case), if any. */
export async function findMoveByPath(path: string): Promise<(MoveDoc & { etag?: string }) | undefined> {
  const id = path.toLowerCase();
  const claim = await readDoc<{ moveId: string }>(paths(), id, id);
  const move = claim && (await getMoveDoc(claim.moveId));
  // A claim left by a change that failed halfway names a move with another path now.
  return move && move.path.toLowerCase() === id ? move : undefined;
}

export async function releasePath(path: string, moveId: string): Promise<void> {
  const id = path.toLowerCase();
  const claim = await readDoc<{ moveId: string }>(paths(), id, id);
  if (claim?.moveId !== moveId) return;
  try {
    await paths()
      .item(id, id)
      .delete({ accessCondition: { type: 'IfMatch', condition: claim.etag! } });
  } catch (error) {
    if (statusOf(error) !== 404 && statusOf(error) !== 412) throw error;
  }
}

type Settings = Omit<MoveInput, 'password'> & { passwordHash: PasswordHash | null };

/** Creates the move of a location: the path is claimed first, then the move (409 when the location has one). */
export async function createMoveDoc(clientId: string, locationId: string, settings: Settings, by: string) {
  const id = moveIdOf(clientId, locationId);
  const claimed = await claimPath(settings.path, id, clientId);
  const now = new Date().toISOString();
  const doc: MoveDoc = {
    id,
    type: 'move',
    clientId,
    locationId,
    ...settings,
    sessionVersion: 1,
    stickersCount: 1,
    unassignedPeople: [],
    createdAt: now,
    createdBy: by,
    updatedAt: now,
    updatedBy: by,
  };
  try {
    const saved = (await recordedWrite(moveTarget(id, clientId), { after: doc }))!;
    // The colours start empty: part of the move's creation, not a change of their own.
    await moves()
      .items.create({ id: colorsIdOf(id), type: 'colors', clientId, moveId: id, ...noColors() } satisfies ColorsDoc)
      .catch((error) => {
        if (statusOf(error) !== 409) throw error;
      });
    return saved;
  } catch (error) {
    if (claimed) await releasePath(settings.path, id);
    if (statusOf(error) === 409 || (error instanceof HttpError && error.status === 409)) throw conflict(moveMessages.alreadyExists);
    throw error;
  }
}

/** Replaces the settings while the caller's ETag holds; a changed path is claimed first and the old one freed after. */
export async function updateMoveDoc(current: MoveDoc & { etag?: string }, settings: Settings, passwordChanged: boolean, by: string, etag: string) {
  const pathChanged = current.path.toLowerCase() !== settings.path.toLowerCase();
  const claimed = pathChanged && (await claimPath(settings.path, current.id, current.clientId));
  const { etag: _read, ...stored } = current;
  const disabled = current.isEnabled && !settings.isEnabled;
  const next: MoveDoc = {
    ...stored,
    ...settings,
    sessionVersion: current.sessionVersion + (passwordChanged || disabled ? 1 : 0),
    updatedAt: new Date().toISOString(),
    updatedBy: by,
  };
  let saved: MoveDoc & { etag?: string };
  try {
    saved = (await recordedWrite(moveTarget(current.id, current.clientId), { before: current, after: next, ifMatch: etag }))!;
  } catch (error) {
    if (claimed) await releasePath(settings.path, current.id);
    throw error;
  }
  if (pathChanged) await releasePath(current.path, current.id);
  return saved;
}

/** The planner's fields (sticker default, unassigned people), while the caller's ETag holds. */
export async function patchMoveDoc(
  current: MoveDoc & { etag?: string },
  change: Partial<Pick<MoveDoc, 'stickersCount' | 'unassignedPeople'>>,
  by: string,
  etag: string,
) {
  const { etag: _read, ...stored } = current;
  const next: MoveDoc = { ...stored, ...change, updatedAt: new Date().toISOString(), updatedBy: by };
  return (await recordedWrite(moveTarget(current.id, current.clientId), { before: current, after: next, ifMatch: etag }))!;
}

export async function replaceColorsDoc(current: ColorsDoc & { etag?: string }, colors: Partial<MoveColors>, etag: string) {
  const { etag: _read, ...stored } = current;
  const next: ColorsDoc = { ...stored, ...colors };
  return (await recordedWrite(moveTarget(current.moveId, current.clientId, 'colours'), { before: current, after: next, ifMatch: etag }))!;
}
