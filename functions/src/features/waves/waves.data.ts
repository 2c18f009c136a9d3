import type { ItemTranslations, LabelColor, Wave, WaveWindow } from '@movers/contracts';
import { container, queryAll } from '../../platform/cosmos/client.ts';
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
 * the move's partition: the list, an assignment and the 'today' view each read both, and the local
 * emulator scans the whole container for every query.
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
