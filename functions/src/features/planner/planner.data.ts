import type { Audit, FloorScale, FloorSize, LabelColor, MarkerSize, MarkerType, PlanPoint } from '@movers/contracts';
import { createHash, randomUUID } from 'node:crypto';
import { blobContainer } from '../../platform/blob/client.ts';
import { readFile, storeFile } from '../../platform/blob/files.ts';
import { container, queryAll, queryMoveDocsById, readDoc } from '../../platform/cosmos/client.ts';
import { anyVersion } from '../../platform/http/ifMatch.ts';
import { blobContainers } from '../../platform/cosmos/containers.ts';

/**
 * The planner's documents, all in the container 'planner' under the move's partition: every read of a
 * move's planner is one partition, and every id `{moveId}_{uuid}` names its partition.
 */
export interface FloorDoc extends Audit {
  id: string;
  moveId: string;
  type: 'floor';
  title: string;
  labelColor: LabelColor | null;
  floorSize: FloorSize;
  published: boolean;
  fileName: string;
  image: { version: string; type: string; width: number; height: number };
  /** Directions for visitors (plain text); absent on floors stored before there were any. */
  directions?: string | null;
  /** Metres per pixel of the image (issue 50); absent or null until calibrated. */
  scale?: FloorScale | null;
  /** Where people come onto the floor; absent or null when not marked. */
  entrance?: PlanPoint | null;
  /** The PDF the plan was rendered from (issue 50), in the blob `{id}.pdf`; absent or null for an image. */
  source?: { version: string; fileName: string; size: number } | null;
}

export interface MarkerDoc extends Audit {
  id: string;
  moveId: string;
  type: 'marker';
  layoutId: string;
  markerType: MarkerType;
  title: string;
  positionX: number;
  positionY: number;
  openSpace: boolean;
  spaceId: string | null;
  /** Percent of the image (issue 50); absent or null: drawn as a pin. */
  size?: MarkerSize | null;
}

/** One document per person: unassigned while markerId is null, so a person is never in two lists. */
export interface PersonDoc extends Audit {
  id: string;
  moveId: string;
  type: 'person';
  name: string;
  markerId: string | null;
  stickersCount: number | null;
  /** Absent on people stored before addresses were kept. */
  email?: string | null;
  /** The person's wave (issue 48); absent on people stored before waves. */
  waveId?: string | null;
  /** Absent on people stored before phone numbers were kept. */
  phone?: string | null;
  /** Absent on people stored before departments were kept. */
  department?: string | null;
}

/** The default floor is one pointer per move: whatever writes race, it names exactly one floor. */
interface DefaultDoc {
  id: '_default';
  moveId: string;
  type: 'default';
  layoutId: string;
}

export type Stored<T> = T & { etag?: string };

export const planner = () => container('planner');
const floorPlans = () => blobContainer(blobContainers.floorPlans);

/** `{moveId}_{uuid}` → the move; null for another shape. */
export function moveIdOfItem(id: string): string | null {
  const parts = id.split('_');
  return parts.length === 3 && parts.every(Boolean) ? `${parts[0]}_${parts[1]}` : null;
}

export const newId = (moveId: string) => `${moveId}_${randomUUID()}`;

export function audit(by: string, at = new Date().toISOString()): Audit {
  return { createdAt: at, createdBy: by, updatedAt: at, updatedBy: by };
}

export async function readItem<T extends { type: string }>(id: string, type: T['type']): Promise<Stored<T> | undefined> {
  const moveId = moveIdOfItem(id);
  if (!moveId) return undefined;
  const doc = await readDoc<T>(planner(), id, moveId);
  return doc?.type === type ? doc : undefined;
}

export const listFloorDocs = (moveId: string) =>
  queryAll<FloorDoc>(planner(), 'SELECT * FROM c WHERE c.moveId = @m AND c.type = "floor"', [{ name: '@m', value: moveId }]);

/** A move's markers (of one floor), oldest first: a query without ORDER BY promises no order (Cosmos's does not, and the emulator's changes with each write). */
export const listMarkerDocs = async (moveId: string, layoutId?: string) =>
  (layoutId
    ? await queryAll<MarkerDoc>(planner(), 'SELECT * FROM c WHERE c.moveId = @m AND c.type = "marker" AND c.layoutId = @l', [
        { name: '@m', value: moveId },
        { name: '@l', value: layoutId },
      ])
    : await queryAll<MarkerDoc>(planner(), 'SELECT * FROM c WHERE c.moveId = @m AND c.type = "marker"', [{ name: '@m', value: moveId }])
  ).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));

export const listPersonDocs = (moveId: string) =>
  queryAll<PersonDoc>(planner(), 'SELECT * FROM c WHERE c.moveId = @m AND c.type = "person"', [{ name: '@m', value: moveId }]);

/** The move's people seated at these markers (a floor's): a floor's answer reads its own people, not the move's (issue 56). */
export const listPersonDocsAt = (moveId: string, markerIds: readonly string[]) =>
  markerIds.length === 0
    ? Promise.resolve([])
    : queryAll<PersonDoc>(planner(), 'SELECT * FROM c WHERE c.moveId = @m AND c.type = "person" AND ARRAY_CONTAINS(@ids, c.markerId)', [
        { name: '@m', value: moveId },
        { name: '@ids', value: [...markerIds] },
      ]);

/** The people of one of the move's waves (issue 48): a wave's letters read them, not the whole move. */
export const listPersonDocsOfWave = (moveId: string, waveId: string) =>
  queryAll<PersonDoc>(planner(), 'SELECT * FROM c WHERE c.moveId = @m AND c.type = "person" AND c.waveId = @w', [
    { name: '@m', value: moveId },
    { name: '@w', value: waveId },
  ]);

/** The move's markers of these ids (those some of its people sit at). */
export const listMarkerDocsById = (moveId: string, ids: readonly string[]) => queryMoveDocsById<MarkerDoc>(planner(), 'marker', moveId, ids);

/**
 * The move's waves as the planner needs them (issue 48): a person's wave must be one of them, and the import
 * names them. Waves are the waves feature's records (`functions/src/features/waves`), kept in this container
 * beside the people they hold so that a person and their wave are one partition.
 */
export interface WaveName {
  id: string;
  name: string;
  translations?: Partial<Record<string, { name?: string }>>;
}
export const listWaveNames = (moveId: string) =>
  queryAll<WaveName>(planner(), 'SELECT c.id, c.name, c.translations FROM c WHERE c.moveId = @m AND c.type = "wave"', [{ name: '@m', value: moveId }]);
export const isWaveOf = async (moveId: string, waveId: string) =>
  moveIdOfItem(waveId) === moveId && (await readDoc<{ type: string }>(planner(), waveId, moveId))?.type === 'wave';

export async function defaultPointer(moveId: string): Promise<string | null> {
  return (await readDoc<DefaultDoc>(planner(), '_default', moveId))?.layoutId ?? null;
}

/** One upsert: the last of any concurrent writes wins, and the move still has exactly one default. */
export async function setDefaultPointer(moveId: string, layoutId: string): Promise<void> {
  const doc: DefaultDoc = { id: '_default', moveId, type: 'default', layoutId };
  await planner().items.upsert(doc);
}

/** The allocation's version: an import names the one it replaces (If-Match on the people list's ETag). */
export async function allocationEtag(moveId: string): Promise<string> {
  return (await readDoc<{ id: string }>(planner(), '_allocation', moveId))?.etag ?? '"none"';
}

export async function bumpAllocation(moveId: string, etag: string): Promise<boolean> {
  const doc = { id: '_allocation', moveId, type: 'allocation', at: new Date().toISOString() };
  try {
    if (etag === '"none"') await planner().items.create(doc);
    else if (anyVersion(etag)) await planner().items.upsert(doc);
    else
      await planner()
        .item('_allocation', moveId)
        .replace(doc, { accessCondition: { type: 'IfMatch', condition: etag } });
    return true;
  } catch {
    return false;
  }
}

export const storeFloorImage = async (layoutId: string, bytes: Uint8Array, type: string) => storeFile(await floorPlans(), layoutId, bytes, type);
export const readFloorImage = async (layoutId: string) => readFile(await floorPlans(), layoutId);
export const removeFloorImage = async (layoutId: string) => (await floorPlans()).deleteBlob(layoutId).catch(() => undefined);

// A floor's source PDF beside its image; no visitor route reads a blob by any name but the floor's id.
const sourceBlob = (layoutId: string) => `${layoutId}.pdf`;
export const storeFloorSource = async (layoutId: string, bytes: Uint8Array) => storeFile(await floorPlans(), sourceBlob(layoutId), bytes, 'application/pdf');
export const readFloorSource = async (layoutId: string) => readFile(await floorPlans(), sourceBlob(layoutId));
export const removeFloorSource = async (layoutId: string) => (await floorPlans()).deleteBlob(sourceBlob(layoutId)).catch(() => undefined);

/** A floor title's claim: one document per title (case and surrounding space ignored), so two floors can never take the same title. */
const claimId = (key: string) => `_title_${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;

/** Claims a title for a floor; false when another floor has it. */
export async function claimTitle(moveId: string, key: string, layoutId: string): Promise<boolean> {
  try {
    await planner().items.create({ id: claimId(key), moveId, type: 'titleClaim', layoutId });
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 409) return false;
    throw error;
  }
}

export async function releaseTitle(moveId: string, key: string): Promise<void> {
  await planner()
    .item(claimId(key), moveId)
    .delete()
    .catch(() => undefined);
}

/** A space's title on its floor, or a table's letter in its space: what must be unique, as a claim key. */
export const markerKey = (m: Pick<MarkerDoc, 'markerType' | 'layoutId' | 'title' | 'spaceId'>) =>
  m.markerType === 'room' ? `space|${m.layoutId}|${m.title.trim().toLocaleLowerCase('nb')}` : `table|${m.spaceId}|${m.title}`;
