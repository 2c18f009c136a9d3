import type { WallLinkShows } from '@movers/contracts';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { container, deleteIfMatch, queryAll, readDoc } from '../../platform/cosmos/client.ts';

/**
 * A move's wall links, in the container 'moveDay' under the move's partition beside its arrivals and
 * reports: the wall's every call finds its link with one single-partition query by the token's hash.
 * Only the hash is kept: a leaked store, backup or log opens no wall.
 */
export interface WallLinkDoc {
  /** `{moveId}_{uuid}`, so `DELETE /wall-links/{id}` finds its partition in the id. */
  id: string;
  moveId: string;
  type: 'wallLink';
  shows: WallLinkShows;
  /** SHA-256 of the token, base64url. */
  tokenHash: string;
  createdAt: string;
  createdBy: string;
}

type Stored<T> = T & { etag?: string };
const moveDay = () => container('moveDay');

/** 256 bits from the system's random source; base64url, 43 characters. */
export const newWallToken = () => randomBytes(32).toString('base64url');
export const hashOfWallToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function createWallLink(moveId: string, shows: WallLinkShows, by: string, tokenHash: string, createdAt: string): Promise<Stored<WallLinkDoc>> {
  const doc: WallLinkDoc = { id: `${moveId}_${randomUUID()}`, moveId, type: 'wallLink', shows, tokenHash, createdAt, createdBy: by };
  const { resource } = await moveDay().items.create(doc);
  return { ...doc, etag: resource?._etag };
}

export const listWallLinks = (moveId: string) =>
  queryAll<WallLinkDoc>(moveDay(), "SELECT * FROM c WHERE c.moveId = @m AND c.type = 'wallLink'", [{ name: '@m', value: moveId }]);

export const readWallLink = (moveId: string, linkId: string) =>
  readDoc<WallLinkDoc>(moveDay(), linkId, moveId).then((doc) => (doc?.type === 'wallLink' ? doc : undefined));

/** The move's link whose token hashes to `tokenHash`; a link of another move is in another partition, never found. */
export async function wallLinkByHash(moveId: string, tokenHash: string): Promise<Stored<WallLinkDoc> | undefined> {
  const found = await queryAll<WallLinkDoc>(moveDay(), "SELECT * FROM c WHERE c.moveId = @m AND c.type = 'wallLink' AND c.tokenHash = @h", [
    { name: '@m', value: moveId },
    { name: '@h', value: tokenHash },
  ]);
  return found[0];
}

export const deleteWallLink = (link: Stored<WallLinkDoc>, etag: string) => deleteIfMatch(moveDay(), link.id, link.moveId, etag, 'wall link');
