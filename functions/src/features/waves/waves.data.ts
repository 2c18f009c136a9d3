import type { ItemTranslations, LabelColor, Wave, WaveWindow } from '@movers/contracts';
import { titleKey } from '@movers/contracts';
import { createHash } from 'node:crypto';
import { container, queryAll, readDoc, statusOf } from '../../platform/cosmos/client.ts';
import { type OrderedItem, type OrderedItemDoc, orderedItems } from '../../platform/cosmos/orderedItems.ts';
import { arrangeInOrder, NO_ORDER } from '../../platform/cosmos/ordering.ts';
import type { PersonDoc } from '../planner/index.ts';

/**
 * A wave as stored (issue 48): in the container 'planner' under the move's partition, beside the people
 * it holds (id `{moveId}_{uuid}`), so that a wave, its people and their history entries are one partition
 * and one transactional batch can change a wave's people with their entries. The order of a move's waves
 * is the partition's `_order` document (`platform/cosmos/ordering.ts`).
 */
export interface WaveDoc extends OrderedItemDoc {
  moveId: string;
  type: 'wave';
  name: string;
  translations?: ItemTranslations<'name'>;
  day: string;
  packBy: string | null;
  pickUp: WaveWindow | null;
  arrival: WaveWindow | null;
  capacity: Wave['capacity'];
  color: LabelColor | null;
}

export const waveStore = orderedItems<WaveDoc, 'moveId'>({
  container: () => container('planner'),
  partitionField: 'moveId',
  type: 'wave',
  what: 'waves',
  history: { container: 'planner', kind: 'wave', title: (doc) => doc.name },
});

/**
 * The move's waves in order (with the order's ETag, a reorder's If-Match) and its people, in one query of
 * the move's partition: the list, an assignment and the 'today' view each read both.
 */
export async function readWavesAndPeople(moveId: string) {
  const docs = await queryAll<WaveDoc | PersonDoc | { id: string; type: 'order'; ids: string[] }>(
    container('planner'),
    "SELECT * FROM c WHERE c.moveId = @m AND (c.type = 'wave' OR c.type = 'person' OR c.type = 'order')",
    [{ name: '@m', value: moveId }],
  );
  const order = docs.find((d) => d.type === 'order') as { ids: string[]; etag?: string } | undefined;
  const waves = arrangeInOrder(
    docs.filter((d): d is WaveDoc & { etag?: string } => d.type === 'wave'),
    order?.ids,
  ).map(({ type: _t, ...wave }, position) => ({ ...wave, position }) as OrderedItem<WaveDoc>);
  const people = docs.filter((d): d is PersonDoc & { etag?: string } => d.type === 'person');
  return { waves, etag: order?.etag ?? NO_ORDER, people };
}

/** What a wave's load counts of a person: their wave and their own crates. */
export type WaveMember = Pick<PersonDoc, 'waveId' | 'stickersCount'>;

/**
 * The move's waves in order (with the order's ETag) and, of each of its people, only what a load counts
 * (issue 56): the list's answer needs no name, address or seat, and a 2,000-person move's whole documents
 * were most of what the list read, sent and parsed. Two single-partition queries, side by side.
 */
export async function readWaveLoads(moveId: string) {
  const [{ items: waves, etag }, people] = await Promise.all([
    waveStore.listTagged(moveId),
    queryAll<WaveMember>(container('planner'), "SELECT c.waveId, c.stickersCount FROM c WHERE c.moveId = @m AND c.type = 'person'", [
      { name: '@m', value: moveId },
    ]),
  ]);
  return { waves, etag, people };
}

/** A wave's name's claim: one document per name (case and surrounding space ignored), so two waves racing for one name cannot both take it. */
interface NameClaim {
  id: string;
  moveId: string;
  type: 'waveNameClaim';
  waveId: string;
  at: string;
}
const claimId = (name: string) => `_wavename_${createHash('sha256').update(titleKey(name)).digest('hex').slice(0, 32)}`;
/** A claim naming no wave is taken over once it is this old: a create that claimed and then failed or crashed. */
const CLAIM_SETTLES_MS = 60_000;

/**
 * Claims a name for a wave of the move; false when another wave has it. A claim whose wave is gone (deleted
 * before claims released, or a create that failed after its claim) is taken over once settled.
 */
export async function claimName(moveId: string, name: string, waveId: string): Promise<boolean> {
  const planner = container('planner');
  const claim: NameClaim = { id: claimId(name), moveId, type: 'waveNameClaim', waveId, at: new Date().toISOString() };
  try {
    await planner.items.create(claim);
    return true;
  } catch (error) {
    if (statusOf(error) !== 409) throw error;
  }
  const held = await readDoc<NameClaim>(planner, claim.id, moveId);
  if (!held) return claimName(moveId, name, waveId);
  if (held.waveId === waveId) return true;
  const holder = await waveStore.read(held.waveId);
  if (holder || Date.now() - Date.parse(held.at) < CLAIM_SETTLES_MS) return false;
  try {
    await planner.item(claim.id, moveId).replace(claim, { accessCondition: { type: 'IfMatch', condition: held.etag! } });
    return true;
  } catch (error) {
    if (statusOf(error) === 412 || statusOf(error) === 404) return false;
    throw error;
  }
}

/** Gives a wave's name back, when the claim is that wave's. */
export async function releaseName(moveId: string, name: string, waveId: string): Promise<void> {
  const planner = container('planner');
  const held = await readDoc<NameClaim>(planner, claimId(name), moveId);
  if (held?.waveId !== waveId) return;
  await planner
    .item(held.id, moveId)
    .delete({ accessCondition: { type: 'IfMatch', condition: held.etag! } })
    .catch(() => undefined);
}
