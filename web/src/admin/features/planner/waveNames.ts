import { type Wave, waveName } from '@movers/contracts';

type Named = Pick<Wave, 'name' | 'translations'>;

/**
 * For rows that carry a wave's name in the move's default language (the letters' rows from the API): the
 * same wave's name on the screen; a name of no wave listed stays as it is. Names are unique in a move.
 */
export function screenNameOfDefault(waves: readonly Named[], language: string): (name: string) => string {
  const onScreen = new Map(waves.map((w) => [w.name, waveName(w, language)]));
  return (name) => onScreen.get(name) ?? name;
}
