import { Checkbox, Stack, TextField } from '@fluentui/react';
import { reminderSchema, type ReminderFormValues, type ReminderInput } from '@movers/contracts';
import { Formik, type FormikHelpers } from 'formik';
import { useMemo } from 'react';
import { errorShown } from '../../../common/forms/fieldError.ts';
import { FormButtons } from '../../../common/forms/FormButtons.tsx';
import { DayPicker } from './DayPicker.tsx';
import { applySaveError } from '../../../common/forms/saveError.ts';

/**
 * Add and edit reminder (spec part 1, section 5): title, description, due date; done and done comment
 * (4 rows) only when editing. Resolves `onSave`'s error into field errors when the server sends them.
 */
export function ReminderForm(props: {
  initial?: ReminderFormValues;
  submitText: string;
  label: string;
  onSave: (input: ReminderInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const editing = Boolean(props.initial);
  const schema = useMemo(() => reminderSchema(new Date(), props.initial ? { previousDueDate: props.initial.dueDate } : undefined), [props.initial]);
  const initial: ReminderFormValues = props.initial ?? { title: '', description: '', dueDate: '' };

  async function submit(values: ReminderFormValues, helpers: FormikHelpers<ReminderFormValues>) {
    try {
      await props.onSave(schema.cast(values) as ReminderInput);
    } catch (error) {
      applySaveError(error, helpers.setErrors);
    }
  }

  return (
    <Formik initialValues={initial} validationSchema={schema} onSubmit={submit}>
      {({ values, errors, touched, submitCount, handleSubmit, setFieldValue, setFieldTouched, isSubmitting }) => {
        const show = errorShown({ errors, touched, submitCount });
        return (
          <form onSubmit={handleSubmit} noValidate aria-label={props.label}>
            <Stack tokens={{ childrenGap: 12 }} styles={{ root: { maxWidth: 520 } }}>
              <TextField
                label="title"
                required
                value={values.title}
                onChange={(_, v) => void setFieldValue('title', v ?? '')}
                onBlur={() => void setFieldTouched('title')}
                errorMessage={show('title')}
              />
              <TextField
                label="description"
                required
                multiline
                rows={3}
                value={values.description}
                onChange={(_, v) => void setFieldValue('description', v ?? '')}
                onBlur={() => void setFieldTouched('description')}
                errorMessage={show('description')}
              />
              <DayPicker
                label="due date"
                required
                value={values.dueDate || null}
                onChange={(iso) => {
                  void setFieldValue('dueDate', iso ?? '');
                  void setFieldTouched('dueDate', true, false);
                }}
                errorMessage={show('dueDate')}
              />
              {editing && (
                <>
                  <Checkbox label="done" checked={Boolean(values.done)} onChange={(_, c) => void setFieldValue('done', Boolean(c))} />
                  <TextField
                    label="done comment"
                    multiline
                    rows={4}
                    value={values.doneComment ?? ''}
                    onChange={(_, v) => void setFieldValue('doneComment', v ?? '')}
                    errorMessage={show('doneComment')}
                  />
                </>
              )}
              <FormButtons submitText={props.submitText} submitting={isSubmitting} onCancel={props.onCancel} />
            </Stack>
          </form>
        );
      }}
    </Formik>
  );
}
