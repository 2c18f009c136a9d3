import { waveStore } from './waves.data.ts';

// What features above the waves read of them: move day's board and CSV, the timeline's events.

/** The move's waves by id: their names (in the move's default language). */
export async function waveNamesOf(moveId: string): Promise<Map<string, string>> {
  return new Map((await waveStore.list(moveId)).map((w) => [w.id, w.name]));
}

/** Whether the wave is one of the move's. */
export async function waveOfMove(moveId: string, waveId: string): Promise<boolean> {
  return waveStore.parentOf(waveId) === moveId && (await waveStore.read(waveId)) !== undefined;
}

/** The move's waves' ids: those its timeline's events may be for (the route table gives it to the move's timeline). */
export async function waveIdsOf(moveId: string): Promise<Set<string>> {
  return new Set((await waveStore.list(moveId)).map((w) => w.id));
}
