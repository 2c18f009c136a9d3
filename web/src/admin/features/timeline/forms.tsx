import { Dropdown, Stack } from '@fluentui/react';
import {
  EVENT_DESCRIPTION_MAX,
  eventTexts,
  localeNames,
  type ItemTranslations,
  sectionTexts,
  timelineEventSchema,
  timelineSectionSchema,
  type TimelineEventInput,
} from '@movers/contracts';
import { DayInput } from '../../../common/forms/DayInput.tsx';
import { useFieldState } from '../../../common/forms/useFieldState.ts';
import { TextInput } from '../../../common/forms/fields.tsx';
import { castValues, changedValues } from '../../../common/forms/castValues.ts';
import { Form } from '../../../common/forms/Form.tsx';
import { FormButtons } from '../../../common/forms/FormButtons.tsx';
import { type ContentLanguages, otherLanguages, TextPerLanguage, translationValues } from '../../../common/forms/TextPerLanguage.tsx';

export interface SectionValues {
  title: string;
  date: string;
  translations?: ItemTranslations<'title'>;
}

/** The section form's own fields: the create schema's `events` (default []) is not this form's to send. */
const sectionFields = timelineSectionSchema.pick(['title', 'date', 'translations']);

/**
 * Section title (with `languages`, a move's: one box per language of the move) and date; the date goes
 * out as an ISO timestamp at 00:00:00.000Z. `onSave` gets the
 * values, and the fields that differ from `initial`: an edit sends only those (a PATCH replaces what it
 * is sent, events included), never the section's events.
 */
export function SectionForm(props: {
  initial?: SectionValues;
  languages?: ContentLanguages;
  label: string;
  onSave: (v: SectionValues, changed: Partial<SectionValues>) => Promise<void>;
  onCancel: () => void;
}) {
  const initial: SectionValues = {
    title: props.initial?.title ?? '',
    date: props.initial?.date ?? '',
    // Without languages (a brokering project's timeline) the form has no translations to send.
    ...(props.languages ? { translations: translationValues(props.initial?.translations, sectionTexts, props.languages) } : {}),
  };
  return (
    <Form
      initialValues={initial}
      validationSchema={sectionFields}
      onSubmit={(v) => props.onSave(castValues(sectionFields, v), changedValues(sectionFields, initial, v))}
      label={props.label}
    >
      <Stack tokens={{ childrenGap: 8 }} styles={{ root: { maxWidth: 420 } }}>
        <TextPerLanguage name="title" label="section title" languages={props.languages} required />
        <DayInput name="date" label="section date" required />
        <FormButtons submitText="save section" onCancel={props.onCancel} />
      </Stack>
    </Form>
  );
}

/** A wave of the move an event can be for (issue 48). */
export interface EventWave {
  id: string;
  name: string;
}

/** '(for IT, Finance)': the waves an event is for, by name; one since deleted is left out. */
export const forWaves = (ids: readonly string[], waves: readonly EventWave[]) => {
  const names = ids.map((id) => waves.find((w) => w.id === id)?.name).filter(Boolean);
  return names.length ? `(for ${names.join(', ')})` : '';
};

/** The waves an event is for: none chosen is the whole move. */
function WavesInput({ waves }: { waves: readonly EventWave[] }) {
  const field = useFieldState<string[]>('waves');
  const selected = field.value ?? [];
  return (
    <Dropdown
      label="for waves"
      multiSelect
      placeholder="all waves"
      title="none chosen: the event is for the whole move"
      options={waves.map((w) => ({ key: w.id, text: w.name }))}
      selectedKeys={selected}
      onChange={(_, option) => {
        if (!option) return;
        const key = String(option.key);
        field.set(option.selected ? [...selected, key] : selected.filter((k) => k !== key));
      }}
      errorMessage={field.error}
    />
  );
}

interface EventValues {
  waves?: string[];
  title: string;
  startDate: string;
  endDate: string;
  description: string;
  translations?: Record<string, Record<string, string>>;
}

/** Event title, start and optional end, description (max 255; title and description per language of a move's); empty values go out as null. */
export function EventForm(props: {
  initial?: TimelineEventInput;
  languages?: ContentLanguages;
  /** A move's waves: with any, the event is for all of them or those chosen. */
  waves?: readonly EventWave[];
  label: string;
  onSave: (v: TimelineEventInput) => Promise<void>;
  onCancel: () => void;
}) {
  const i = props.initial;
  const initial: EventValues = {
    title: i?.title ?? '',
    startDate: i?.startDate ?? '',
    endDate: i?.endDate ?? '',
    description: i?.description ?? '',
    ...(props.languages ? { translations: translationValues(i?.translations, eventTexts, props.languages) } : {}),
    // Only a move with waves offers them; otherwise the event's waves (if any) go out as they were.
    ...(props.waves?.length || i?.waves ? { waves: i?.waves ?? [] } : {}),
  };
  return (
    <Form
      initialValues={initial}
      validationSchema={timelineEventSchema}
      onSubmit={(v) => props.onSave({ ...(castValues(timelineEventSchema, v) as unknown as TimelineEventInput), ...(i?.id ? { id: i.id } : {}) })}
      label={props.label}
    >
      <Stack tokens={{ childrenGap: 8 }} styles={{ root: { maxWidth: 420 } }}>
        <TextPerLanguage name="title" label="event title" languages={props.languages} required />
        <Stack horizontal wrap tokens={{ childrenGap: 8 }}>
          <DayInput name="startDate" label="start date" required />
          <DayInput name="endDate" label="end date" />
        </Stack>
        <TextInput
          name="description"
          label={props.languages ? `description in ${localeNames[props.languages.defaultLanguage]}` : 'description'}
          multiline
          rows={3}
          counter={EVENT_DESCRIPTION_MAX}
        />
        {otherLanguages(props.languages).map((code) => (
          <TextInput
            key={code}
            name={`translations.${code}.description`}
            label={`description in ${localeNames[code]}`}
            multiline
            rows={3}
            counter={EVENT_DESCRIPTION_MAX}
          />
        ))}
        {props.waves && props.waves.length > 0 && <WavesInput waves={props.waves} />}
        <FormButtons submitText="save event" onCancel={props.onCancel} />
      </Stack>
    </Form>
  );
}
