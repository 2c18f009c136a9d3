import { Stack } from '@fluentui/react';
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

interface EventValues {
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
        <FormButtons submitText="save event" onCancel={props.onCancel} />
      </Stack>
    </Form>
  );
}
