import { titleKey, WAVES_MAX, waveMessages } from '@movers/contracts';
import { container, queryAll } from '../../platform/cosmos/client.ts';
import { conflict } from '../../platform/http/errors.ts';
import type { HistoryDoc } from '../../platform/history/recordedWrite.ts';
import type { RestoreHooks } from '../../platform/history/restoreHooks.ts';
import { listPersonDocs } from '../planner/index.ts';
import { setWave } from './routes.ts';
import { claimName, releaseName, type WaveDoc, waveStore } from './waves.data.ts';

/** A name no other wave of the move has now, and room for one more wave. */
async function assertRoomFor(wave: Pick<WaveDoc, 'id' | 'moveId' | 'name'>) {
  const others = (await waveStore.list(wave.moveId)).filter((w) => w.id !== wave.id);
  if (others.some((w) => titleKey(w.name) === titleKey(wave.name))) throw conflict(waveMessages.nameTaken);
  if (others.length >= WAVES_MAX) throw conflict(waveMessages.tooMany);
}

/**
 * A wave brought back returns to its place in the order, with the people its delete left without a wave
 * who still have none; its name must still be free. Restoring an older version checks the name too.
 */
export const waveRestoreHooks: RestoreHooks = {
  async beforeUndelete(doc) {
    const wave = doc as unknown as WaveDoc;
    await assertRoomFor(wave);
    if (!(await claimName(wave.moveId, wave.name, wave.id))) throw conflict(waveMessages.nameTaken);
    return { doc };
  },
  async afterUndelete(doc, entry: HistoryDoc) {
    await waveStore.restoreHooks.afterUndelete?.(doc, entry);
    const wave = doc as unknown as WaveDoc;
    // The delete's own entries for its people: the same request, right after the wave's entry.
    const left = await queryAll<HistoryDoc>(
      container('planner'),
      `SELECT * FROM c WHERE c.moveId = @m AND c.type = 'history' AND c.kind = 'person' AND c.seq > @seq AND c.route = @route AND EXISTS(SELECT VALUE x FROM x IN c.changes WHERE x.field = 'waveId' AND x["from"] = @wave)`,
      [
        { name: '@m', value: wave.moveId },
        { name: '@seq', value: entry.seq },
        { name: '@route', value: entry.route },
        { name: '@wave', value: wave.id },
      ],
    );
    const ids = new Set(left.map((e) => e.recordId));
    const people = (await listPersonDocs(wave.moveId)).filter((p) => ids.has(p.id) && !p.waveId);
    await setWave(wave.moveId, people, wave.id, String(doc.updatedBy ?? ''));
  },
  async beforeRestore(current, next) {
    const wave = next as unknown as WaveDoc;
    if (titleKey((current as unknown as WaveDoc).name) === titleKey(wave.name)) return;
    await assertRoomFor(wave);
    if (!(await claimName(wave.moveId, wave.name, wave.id))) throw conflict(waveMessages.nameTaken);
  },
  async afterRestore(restored, before) {
    const wave = restored as unknown as WaveDoc;
    const old = before as unknown as WaveDoc;
    if (titleKey(old.name) !== titleKey(wave.name)) await releaseName(wave.moveId, old.name, wave.id);
    return undefined;
  },
};
