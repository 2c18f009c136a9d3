import type { WaveDoc } from '@movers/functions/src/features/waves/waves.data.ts';
import { container } from '@movers/functions/src/platform/cosmos/client.ts';
import { PLANNER_MOVE } from './seedPlanner.ts';

/** The demo move's first wave (issue 48), by a fixed id the API tests read: two weeks from the seed's day, nobody in it yet. */
export const SEEDED_WAVE = `${PLANNER_MOVE}_3a000000-0000-4000-8000-000000000001`;

export async function seedWaves(audit: Record<string, string>) {
  const day = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const wave: WaveDoc = {
    id: SEEDED_WAVE,
    moveId: PLANNER_MOVE,
    type: 'wave',
    name: 'Wave 1',
    translations: { no: { name: 'Bølge 1' } },
    day,
    packBy: `${day}T08:00`,
    pickUp: { start: `${day}T09:00`, end: `${day}T12:00` },
    arrival: { start: `${day}T13:00`, end: `${day}T15:00` },
    capacity: { people: 40, crates: 200 },
    color: 'blue',
    createdAt: audit.createdAt!,
    createdBy: audit.createdBy!,
    updatedAt: audit.updatedAt!,
    updatedBy: audit.updatedBy!,
  };
  try {
    await container('planner').items.create(wave);
  } catch (error) {
    if ((error as { code?: number }).code !== 409) throw error;
  }
}
