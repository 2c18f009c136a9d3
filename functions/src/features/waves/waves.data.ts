import type { ItemTranslations, LabelColor, Wave, WaveWindow } from '@movers/contracts';
import { container } from '../../platform/cosmos/client.ts';
import { type OrderedItemDoc, orderedItems } from '../../platform/cosmos/orderedItems.ts';

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
