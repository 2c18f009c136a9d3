import { format, overCapacity, type Wave, type WaveLoad } from '@movers/contracts';
import type { WaveText } from './strings/en.ts';

// A wave's load in words, for the list and the form: apart from the form's module, whose fields the list does not load (issue 56).

/** '14 of 12', or '14 (no limit)' where the wave has no capacity of that kind. */
export const loadText = (t: WaveText, load: number, capacity: number | null) =>
  capacity === null ? `${load} (${t.noLimit})` : format(t.ofCapacity, { load, capacity });

/** What a wave's delete asks, with how many people are left without a wave. */
export function deleteText(t: WaveText, people: number): string {
  if (people === 0) return t.deleteEmpty;
  if (people === 1) return t.deleteOne;
  return format(t.deleteMany, { count: people });
}

/** The warnings of a wave over its capacity, in words ('over capacity: 14 people of 12'); none when within. */
export function overCapacityTexts(t: WaveText, capacity: Wave['capacity'], load: WaveLoad): string[] {
  const over = overCapacity(capacity, load);
  return [
    ...(over.people ? [format(t.overPeople, { load: load.people, capacity: capacity.people ?? 0 })] : []),
    ...(over.crates ? [format(t.overCrates, { load: load.crates, capacity: capacity.crates ?? 0 })] : []),
  ];
}
