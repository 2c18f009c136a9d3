import type { MarkerUser } from '@movers/contracts';
import type { Place } from './places.ts';

/** The people step's filters (issue 48): a floor, a space, a wave ('none': in no wave), a department; undefined: any. */
export interface PeopleFilter {
  floor?: string;
  space?: string;
  wave?: string | 'none';
  department?: string;
}

/** The people a filter lets through; a floor or space filter leaves out the people without a seat. */
export function filterPeople(people: MarkerUser[], places: Map<string, Place>, filter: PeopleFilter): MarkerUser[] {
  if (!filter.floor && !filter.space && !filter.wave && !filter.department) return people;
  return people.filter((person) => {
    if (filter.department && person.department !== filter.department) return false;
    if (filter.wave === 'none' ? person.waveId : filter.wave && person.waveId !== filter.wave) return false;
    if (!filter.floor && !filter.space) return true;
    const place = person.move_layout_marker_id ? places.get(person.move_layout_marker_id) : undefined;
    if (!place) return false;
    if (filter.floor && place.floor.id !== filter.floor) return false;
    return !filter.space || place.space.id === filter.space;
  });
}

/** The departments the move's people have, each once, in alphabetical order: the department filter's choices. */
export function departmentsOf(people: readonly MarkerUser[]): string[] {
  return [...new Set(people.map((p) => p.department).filter((d): d is string => Boolean(d)))].sort((a, b) => a.localeCompare(b, 'nb'));
}

/** The ids chosen after 'select all shown' is ticked or unticked: the shown ones join or leave the choice. */
export function toggleShown(chosen: ReadonlySet<string>, shown: readonly { id: string }[], on: boolean): Set<string> {
  const next = new Set(chosen);
  for (const person of shown) {
    if (on) next.add(person.id);
    else next.delete(person.id);
  }
  return next;
}
