import { cleanTranslations, type LetterWaveKey, type PersonWave, type Wave, waveName } from '@movers/contracts';
import { moveTimeZone, waveStore } from '../waves/index.ts';

/** A move's waves as its people read them (issue 48): by id, and the move's time zone their times are in. */
export async function peopleWaves(moveId: string) {
  // A move's id is `{clientId}_{locationId}`: its location gives the time zone.
  const [clientId, locationId] = moveId.split('_');
  const [waves, timeZone] = await Promise.all([waveStore.list(moveId), moveTimeZone({ clientId, locationId })]);
  const byId = new Map<string, Wave>(waves.map((w) => [w.id, w as Wave]));
  return {
    timeZone,
    waveOf: (id: string | null | undefined) => (id ? byId.get(id) : undefined),
    /** The wave as a person reads it: the name in their language. */
    personWave: (wave: Wave, language: string): PersonWave => ({
      id: wave.id,
      name: waveName(wave, language),
      day: wave.day,
      packBy: wave.packBy,
      pickUp: wave.pickUp,
      arrival: wave.arrival,
      color: wave.color,
      timeZone,
    }),
  };
}

/** What a letter says of a wave, in the move's default language: a change to it is a correction. */
export const letterWaveKey = (wave: Wave | undefined): LetterWaveKey | null =>
  wave ? { id: wave.id, name: wave.name, day: wave.day, packBy: wave.packBy, pickUp: wave.pickUp, arrival: wave.arrival } : null;

/**
 * A person's wave for their page: the name in the move's default language with its translations (the page
 * shows the language it is in); null when they are in none.
 */
export async function personWaveOf(moveId: string, waveId: string | null | undefined, defaultLanguage: string) {
  if (!waveId) return null;
  const waves = await peopleWaves(moveId);
  const wave = waves.waveOf(waveId);
  return wave ? { ...waves.personWave(wave, defaultLanguage), translations: cleanTranslations(wave.translations) } : null;
}
