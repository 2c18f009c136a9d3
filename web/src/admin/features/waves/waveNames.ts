import { type Wave, waveName } from '@movers/contracts';

type Named = Pick<Wave, 'name' | 'translations'>;

/**
 * A wave's name on an admin screen (issue 55), one rule for every screen that names a wave (the waves list,
 * the planner's people, letters and stickers, the move-day board): the screen's language where the wave has
 * a name in it, else the move's default language (the wave's own name). An English screen of a move whose
 * default is Norwegian showed the Norwegian name in some places and the English one in others.
 */
export const waveNameOn =
  (language: string) =>
  (wave: Named): string =>
    waveName(wave, language);

/**
 * For rows that carry a wave's name in the move's default language (the letters' rows from the API): the
 * same wave's name on the screen; a name of no wave listed stays as it is. Names are unique in a move.
 */
export function screenNameOfDefault(waves: readonly Named[], language: string): (name: string) => string {
  const onScreen = new Map(waves.map((w) => [w.name, waveName(w, language)]));
  return (name) => onScreen.get(name) ?? name;
}
