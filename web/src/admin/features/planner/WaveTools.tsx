import { Checkbox, DefaultButton, Dialog, DialogFooter, DialogType, Dropdown, MessageBar, MessageBarType, PrimaryButton, Stack } from '@fluentui/react';
import { format, type MarkerUser, type WaveAssignment, type WaveList, type WaveWithLoad, waveName } from '@movers/contracts';
import { memo, useMemo, useState } from 'react';
import { PlainSelect } from '../../../common/PlainControls.tsx';
import type { PeopleFilter } from './peopleFilter.ts';
import { type Place, placeText } from './places.ts';
import { usePlannerText } from './text.ts';

const NONE = 'none';
const ALL = 'all';

/** A wave's name in the planner's language where the move has it, else the move's default (the one rule: `waveName`). */
export function useWaveName(): (wave: Pick<WaveWithLoad, 'name' | 'translations'>) => string {
  const language = usePlannerText().waves.lang;
  return (wave: Parameters<typeof waveName>[0]) => waveName(wave, language);
}

/**
 * A person's wave, chosen one by one (their form's `waveId`): a wave of the move or none. The browser's own
 * choice (a row of the people list each): Fluent's Dropdown each read the window's width as it mounted and
 * brought its callout, most of the list's scrolling (issue 56, profiled).
 */
export function PersonWave({ person, waves, onChange }: { person: MarkerUser; waves: WaveList | undefined; onChange: (waveId: string | null) => void }) {
  const t = usePlannerText();
  const options = useWaveChoices(waves);
  return (
    <PlainSelect
      label={format(t.waves.waveOf, { name: person.name })}
      options={options}
      value={person.waveId ?? NONE}
      empty={!person.waveId}
      disabled={!waves}
      onChange={(event) => {
        const next = event.target.value === NONE ? null : event.target.value;
        if (next !== person.waveId) onChange(next);
      }}
    />
  );
}

/** 'No wave' and the move's waves by name, kept while the waves are the same (not made at each drawing of the row). */
function useWaveChoices(waves: WaveList | undefined) {
  const t = usePlannerText();
  const language = t.waves.lang;
  return useMemo(
    () => [{ key: NONE, text: t.waves.noWave }, ...(waves?.waves ?? []).map((w) => ({ key: w.id, text: waveName(w, language) }))],
    [waves, t, language],
  );
}

/** The people step's filters: floor, space (of the floor chosen), wave (with 'No wave'), department (when some person has one). */
/** Floors' and spaces' names in their numbers' order ('2' before '10'): one collator, not one a comparison. */
const byNumberedText = new Intl.Collator(undefined, { numeric: true });
const byText = (a: [string, string], b: [string, string]) => byNumberedText.compare(a[1], b[1]);

/**
 * The floors' and spaces' choices, sorted once per list of places (a head office has 2,100 spaces): sorted at
 * every drawing, with a collator made per comparison, they took a second of each scroll of the people step.
 */
function usePlaceChoices(places: Map<string, Place>, floor: string | undefined) {
  const t = usePlannerText();
  return useMemo(() => {
    const floors = new Map<string, string>();
    const spaces = new Map<string, string>();
    for (const place of places.values()) {
      floors.set(place.floor.id, `${t.floor} ${place.floor.floor_name}`);
      if (!place.table && (!floor || place.floor.id === floor)) spaces.set(place.space.id, placeText(place, t.floor));
    }
    const choices = (names: Map<string, string>) => [...names].sort(byText).map(([key, text]) => ({ key, text }));
    return { floors: choices(floors), spaces: choices(spaces) };
  }, [places, floor, t]);
}

/** The people step's filters; drawn again only when what they show changed, not as the list scrolls. */
export const PeopleFilters = memo(function PeopleFilters({
  filter,
  onChange,
  places,
  waves,
  departments,
}: {
  filter: PeopleFilter;
  onChange: (filter: PeopleFilter) => void;
  places: Map<string, Place>;
  waves: WaveList | undefined;
  /** The move's departments (`departmentsOf`); none: no department filter. */
  departments: string[];
}) {
  const t = usePlannerText();
  const nameOf = useWaveName();
  const { floors, spaces } = usePlaceChoices(places, filter.floor);
  const all = { key: ALL, text: t.waves.all };
  return (
    <Stack horizontal wrap verticalAlign="end" tokens={{ childrenGap: 12 }} role="group" aria-label={t.waves.filters}>
      <Dropdown
        label={t.waves.floor}
        selectedKey={filter.floor ?? ALL}
        options={[all, ...floors]}
        onChange={(_, o) => onChange({ ...filter, floor: o?.key === ALL ? undefined : (o?.key as string), space: undefined })}
        styles={{ root: { minWidth: 140 } }}
      />
      <Dropdown
        label={t.waves.space}
        selectedKey={filter.space ?? ALL}
        options={[all, ...spaces]}
        onChange={(_, o) => onChange({ ...filter, space: o?.key === ALL ? undefined : (o?.key as string) })}
        styles={{ root: { minWidth: 180 } }}
      />
      <Dropdown
        label={t.waves.wave}
        selectedKey={filter.wave ?? ALL}
        options={[all, { key: NONE, text: t.waves.noWave }, ...(waves?.waves ?? []).map((w) => ({ key: w.id, text: nameOf(w) }))]}
        onChange={(_, o) => onChange({ ...filter, wave: o?.key === ALL ? undefined : (o?.key as string) })}
        styles={{ root: { minWidth: 160 } }}
      />
      {departments.length > 0 && (
        <Dropdown
          label={t.department}
          // A department's key is its name after '=', so that one named 'all' is not the 'All' choice.
          selectedKey={filter.department === undefined ? ALL : `=${filter.department}`}
          options={[all, ...departments.map((d) => ({ key: `=${d}`, text: d }))]}
          onChange={(_, o) => onChange({ ...filter, department: !o || o.key === ALL ? undefined : String(o.key).slice(1) })}
          styles={{ root: { minWidth: 160 } }}
        />
      )}
    </Stack>
  );
});

/** 'Select all shown': ticked when every person shown is chosen, mixed when some are. */
export function SelectAllShown({
  shown,
  chosen,
  onChange,
}: {
  shown: readonly { id: string }[];
  chosen: ReadonlySet<string>;
  onChange: (on: boolean) => void;
}) {
  const t = usePlannerText();
  const count = shown.filter((p) => chosen.has(p.id)).length;
  return (
    <Checkbox
      label={t.waves.selectAll}
      checked={count > 0 && count === shown.length}
      indeterminate={count > 0 && count < shown.length}
      disabled={shown.length === 0}
      onChange={(_, checked) => onChange(Boolean(checked))}
    />
  );
}

/** The warnings of an assignment's answer: the wave is over capacity now (a warning: the team decides). */
export function assignmentWarnings(t: ReturnType<typeof usePlannerText>, assignment: WaveAssignment, nameOf: (w: WaveWithLoad) => string): string[] {
  const wave = assignment.wave;
  if (!wave) return [];
  return [
    ...(wave.overCapacity.people ? [format(t.waves.over, { wave: nameOf(wave), people: wave.load.people, capacity: wave.capacity.people ?? 0 })] : []),
    ...(wave.overCapacity.crates ? [format(t.waves.overCrates, { wave: nameOf(wave), crates: wave.load.crates, capacity: wave.capacity.crates ?? 0 })] : []),
  ];
}

/** 'Put in wave…': the wave (or none) for the people chosen. */
export function PutInWaveDialog({
  count,
  waves,
  onPut,
  onCancel,
}: {
  count: number;
  waves: WaveList | undefined;
  onPut: (waveId: string | null) => void;
  onCancel: () => void;
}) {
  const t = usePlannerText();
  const nameOf = useWaveName();
  const [waveId, setWaveId] = useState<string | undefined>(waves?.waves[0]?.id ?? NONE);
  return (
    <Dialog
      hidden={false}
      onDismiss={onCancel}
      dialogContentProps={{ type: DialogType.normal, title: format(t.waves.putTitle, { n: count }) }}
      modalProps={{ isBlocking: true }}
    >
      <Dropdown
        label={t.waves.wave}
        selectedKey={waveId}
        options={[...(waves?.waves ?? []).map((w) => ({ key: w.id, text: nameOf(w) })), { key: NONE, text: t.waves.noWave }]}
        onChange={(_, o) => setWaveId(o?.key as string | undefined)}
      />
      <DialogFooter>
        <PrimaryButton text={t.waves.put} disabled={!waveId} onClick={() => waveId && onPut(waveId === NONE ? null : waveId)} />
        <DefaultButton text={t.cancel} onClick={onCancel} />
      </DialogFooter>
    </Dialog>
  );
}

export function AssignmentMessage({ texts, onDismiss }: { texts: string[]; onDismiss: () => void }) {
  const t = usePlannerText();
  if (texts.length === 0) return null;
  return (
    <MessageBar messageBarType={MessageBarType.warning} isMultiline onDismiss={onDismiss} dismissButtonAriaLabel={t.cancel}>
      {texts.join('. ')}
    </MessageBar>
  );
}
