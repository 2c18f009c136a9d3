import type { MoveImageKind } from '@movers/contracts';
import { recordEntry } from '../../platform/history/recordedWrite.ts';
import type { RestoreHooks } from '../../platform/history/restoreHooks.ts';
import { recountLocations, setMoveService } from '../locations/index.ts';
import { claimPath, type MoveDoc, parseMoveId, releasePath } from './moves.data.ts';

type Doc = { id: string } & Record<string, unknown>;
const isMove = (doc: Doc): doc is Doc & MoveDoc => doc.type === 'move';

/**
 * A new or removed image in the move's history, as `images.{kind}`: its version before and after. Written
 * once the image is stored (Blob Storage and Cosmos share no batch); earlier versions are not kept, so
 * these entries show but never restore.
 */
export async function recordImageChange(moveId: string, kind: MoveImageKind, from: string | null, to: string | null): Promise<void> {
  const ids = parseMoveId(moveId);
  if (!ids || from === to) return;
  await recordEntry({ container: 'moves', partitionKey: ids.clientId, kind: 'move', moveId, what: 'move' }, moveId, [{ field: `images.${kind}`, from, to }]);
}

/**
 * A restore of the move's settings does what a save does: a path it puts back is claimed first (409 when
 * another move has it now) and the old one freed, turning the move off voids visitor sessions, and the
 * location (with its client's counts) follows the move's on/off. The answer never carries the password hash.
 */
export const moveRestoreHooks: RestoreHooks = {
  async beforeRestore(current, next) {
    if (!isMove(current) || !isMove(next)) return;
    if (current.path.toLowerCase() !== next.path.toLowerCase()) await claimPath(next.path, current.id, current.clientId);
    if (current.isEnabled && !next.isEnabled) next.sessionVersion = current.sessionVersion + 1;
  },
  async afterRestore(restored, before) {
    if (!isMove(restored) || !isMove(before)) return undefined;
    if (before.path.toLowerCase() !== restored.path.toLowerCase()) await releasePath(before.path, restored.id);
    if (before.isEnabled !== restored.isEnabled) {
      await setMoveService(restored.clientId, restored.locationId, { id: restored.id, isEnabled: restored.isEnabled });
      await recountLocations(restored.clientId);
    }
    const { passwordHash: _p, sessionVersion: _s, ...shown } = restored;
    return shown as Doc & { etag: string };
  },
};
