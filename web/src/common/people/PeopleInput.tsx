import { Label, NormalPeoplePicker, Persona, PersonaSize, Text, type IPersonaProps } from '@fluentui/react';
import { useId } from 'react';
import { useFieldState } from '../forms/useFieldState.ts';
import { usePersonPhoto } from './usePersonPhoto.ts';

export interface Person {
  id: string;
  displayName?: string;
  mail?: string | null;
}

/** How many suggestions a search shows; people type more of the name to narrow it. */
const SUGGESTIONS = 10;

/** Lower case without accents; the Nordic letters that do not decompose are spelled as people type them without. */
const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ø/g, 'o').replace(/æ/g, 'ae');

/** People whose name or e-mail contains every typed word, in any order; accents do not matter. */
export function matchPeople(people: Person[], filter: string): Person[] {
  const words = fold(filter).split(/\s+/).filter(Boolean);
  return people.filter((p) => {
    const haystack = fold(`${p.displayName ?? ''} ${p.mail ?? ''}`);
    return words.every((w) => haystack.includes(w));
  });
}

export const toPersona = (p: Person): IPersonaProps & { key: string } => ({
  key: p.id,
  id: p.id,
  text: p.displayName || p.mail || p.id,
  secondaryText: p.mail ?? undefined,
});

/** A suggestion: the persona with its photo. Its `key` (the picker's, for its lists) is not spread into `Persona`, which React refuses. */
export function PersonWithPhoto({ persona, size }: { persona: IPersonaProps; size: PersonaSize }) {
  const { key: _key, ...shown } = persona;
  const photo = usePersonPhoto(String(persona.id));
  return <Persona {...shown} imageUrl={photo} imageAlt="" size={size} />;
}

/**
 * A people picker for a form field that searches by name or e-mail and shows each person's photo and
 * e-mail; the value is an id ('' for none) when `single`, else a list of ids. People already chosen
 * but missing from `people` (a list that failed to load) are still shown by `known`.
 */
export function PeopleInput({
  name,
  label,
  required,
  people,
  known = [],
  single,
}: {
  name: string;
  label: string;
  required?: boolean;
  people: Person[];
  known?: Person[];
  single?: boolean;
}) {
  const field = useFieldState<string | string[]>(name);
  const inputId = useId();
  const errorId = useId();
  const ids = single ? (field.value ? [field.value as string] : []) : ((field.value as string[] | undefined) ?? []);
  const byId = new Map([...known, ...people].map((p) => [p.id, p]));
  const selected = ids.map((id) => toPersona(byId.get(id) ?? { id, displayName: id }));
  const suggest = (filter: string, chosen: IPersonaProps[] = []) =>
    matchPeople(people, filter)
      .filter((p) => !chosen.some((c) => c.id === p.id))
      .slice(0, SUGGESTIONS)
      .map(toPersona);

  return (
    <div>
      <Label htmlFor={inputId} required={required}>
        {label}
      </Label>
      <NormalPeoplePicker
        itemLimit={single ? 1 : undefined}
        selectedItems={selected}
        onResolveSuggestions={suggest}
        onEmptyResolveSuggestions={(chosen) => suggest('', chosen)}
        getTextFromItem={(p) => p.text ?? ''}
        onChange={(items) => {
          const next = (items ?? []).map((p) => String(p.id));
          field.set(single ? (next[0] ?? '') : next);
          field.touch(false);
        }}
        onBlur={() => field.touch()}
        pickerSuggestionsProps={{ suggestionsHeaderText: 'suggested people', noResultsFoundText: 'nobody found', loadingText: 'loading' }}
        onRenderSuggestionsItem={(persona) => <PersonWithPhoto persona={persona} size={PersonaSize.size32} />}
        removeButtonAriaLabel="remove"
        inputProps={{ id: inputId, 'aria-label': label, 'aria-describedby': field.error ? errorId : undefined, placeholder: 'search by name' }}
        resolveDelay={150}
      />
      {field.error && (
        <Text id={errorId} role="alert" variant="small" styles={{ root: { color: '#a4262c', paddingTop: 5 } }}>
          {field.error}
        </Text>
      )}
    </div>
  );
}
