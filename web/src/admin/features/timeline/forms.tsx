import { Stack, TextField } from '@fluentui/react';
import {
  EVENT_DESCRIPTION_MAX,
  formatDottedDay,
  parseDottedDay,
  timelineEventSchema,
  timelineSectionSchema,
  validate,
  type TimelineEventInput,
} from '@movers/contracts';
import { Formik } from 'formik';
import type { AnySchema } from 'yup';
import { errorShown } from '../../../common/forms/fieldError.ts';
import { FormButtons } from '../../../common/forms/FormButtons.tsx';

/** DD.MM.YYYY as typed → the ISO day the API takes; text that is no day is kept so validation says 'invalid date'. */
const dayOf = (text: string) => (text.trim() === '' ? '' : (parseDottedDay(text.trim()) ?? text));

async function check(schema: typeof timelineSectionSchema | typeof timelineEventSchema, values: Record<string, unknown>) {
  const result = await validate(schema as AnySchema, values);
  return result.ok ? {} : result.fields;
}

export interface SectionValues {
  title: string;
  date: string;
}

/** Section title and date (DD.MM.YYYY); the date goes out as an ISO timestamp at 00:00:00.000Z. */
export function SectionForm(props: {
  initial?: { title: string; date: string };
  label: string;
  onSave: (v: SectionValues) => Promise<void>;
  onCancel: () => void;
}) {
  const initial = { title: props.initial?.title ?? '', date: props.initial ? formatDottedDay(props.initial.date) : '' };
  return (
    <Formik
      initialValues={initial}
      validate={(v) => check(timelineSectionSchema, { title: v.title, date: dayOf(v.date) })}
      onSubmit={async (v) => props.onSave({ title: v.title.trim(), date: dayOf(v.date) })}
    >
      {({ values, errors, touched, submitCount, handleSubmit, setFieldValue, setFieldTouched, isSubmitting }) => {
        const show = errorShown({ errors, touched, submitCount });
        return (
          <form onSubmit={handleSubmit} noValidate aria-label={props.label}>
            <Stack tokens={{ childrenGap: 8 }} styles={{ root: { maxWidth: 420 } }}>
              <TextField
                label="section title"
                required
                value={values.title}
                onChange={(_, v) => void setFieldValue('title', v ?? '')}
                onBlur={() => void setFieldTouched('title')}
                errorMessage={show('title')}
              />
              <TextField
                label="section date"
                placeholder="DD.MM.YYYY"
                required
                value={values.date}
                onChange={(_, v) => void setFieldValue('date', v ?? '')}
                onBlur={() => void setFieldTouched('date')}
                errorMessage={show('date')}
              />
              <FormButtons submitText="save section" submitting={isSubmitting} onCancel={props.onCancel} />
            </Stack>
          </form>
        );
      }}
    </Formik>
  );
}

/** Event title, start and optional end (DD.MM.YYYY), description (max 255); empty values go out as null. */
export function EventForm(props: { initial?: TimelineEventInput; label: string; onSave: (v: TimelineEventInput) => Promise<void>; onCancel: () => void }) {
  const i = props.initial;
  const initial = {
    title: i?.title ?? '',
    startDate: i?.startDate ? formatDottedDay(i.startDate) : '',
    endDate: i?.endDate ? formatDottedDay(i.endDate) : '',
    description: i?.description ?? '',
  };
  const toInput = (v: typeof initial): TimelineEventInput => ({
    ...(i?.id ? { id: i.id } : {}),
    title: v.title.trim(),
    startDate: dayOf(v.startDate),
    endDate: v.endDate.trim() === '' ? null : dayOf(v.endDate),
    description: v.description.trim() === '' ? null : v.description.trim(),
  });
  return (
    <Formik
      initialValues={initial}
      validate={(v) => check(timelineEventSchema, { ...toInput(v), id: undefined })}
      onSubmit={async (v) => props.onSave(toInput(v))}
    >
      {({ values, errors, touched, submitCount, handleSubmit, setFieldValue, setFieldTouched, isSubmitting }) => {
        const show = errorShown({ errors, touched, submitCount });
        return (
          <form onSubmit={handleSubmit} noValidate aria-label={props.label}>
            <Stack tokens={{ childrenGap: 8 }} styles={{ root: { maxWidth: 420 } }}>
              <TextField
                label="event title"
                required
                value={values.title}
                onChange={(_, v) => void setFieldValue('title', v ?? '')}
                onBlur={() => void setFieldTouched('title')}
                errorMessage={show('title')}
              />
              <Stack horizontal tokens={{ childrenGap: 8 }}>
                <TextField
                  label="start date"
                  placeholder="DD.MM.YYYY"
                  required
                  value={values.startDate}
                  onChange={(_, v) => void setFieldValue('startDate', v ?? '')}
                  onBlur={() => void setFieldTouched('startDate')}
                  errorMessage={show('startDate')}
                />
                <TextField
                  label="end date"
                  placeholder="DD.MM.YYYY"
                  value={values.endDate}
                  onChange={(_, v) => void setFieldValue('endDate', v ?? '')}
                  onBlur={() => void setFieldTouched('endDate')}
                  errorMessage={show('endDate')}
                />
              </Stack>
              <TextField
                label="description"
                multiline
                rows={3}
                value={values.description}
                description={`${values.description.length}/${EVENT_DESCRIPTION_MAX}`}
                onChange={(_, v) => void setFieldValue('description', v ?? '')}
                onBlur={() => void setFieldTouched('description')}
                errorMessage={show('description')}
              />
              <FormButtons submitText="save event" submitting={isSubmitting} onCancel={props.onCancel} />
            </Stack>
          </form>
        );
      }}
    </Formik>
  );
}
