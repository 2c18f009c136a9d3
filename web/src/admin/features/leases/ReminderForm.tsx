import { Stack } from '@fluentui/react';
import { reminderSchema, type ReminderFormValues, type ReminderInput } from '@movers/contracts';
import type { FormikHelpers } from 'formik';
import { useMemo } from 'react';
import { DayInput } from '../../../common/forms/DayInput.tsx';
import { CheckInput, TextInput } from '../../../common/forms/fields.tsx';
import { Form } from '../../../common/forms/Form.tsx';
import { FormButtons } from '../../../common/forms/FormButtons.tsx';
import { applySaveError } from '../../../common/forms/saveError.ts';
import { castValues } from '../../../common/forms/castValues.ts';

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
      await props.onSave(castValues(schema, values) as ReminderInput);
    } catch (error) {
      applySaveError(error, helpers.setErrors);
    }
  }

  return (
    <Form initialValues={initial} validationSchema={schema} onSubmit={submit} label={props.label}>
      <Stack tokens={{ childrenGap: 12 }} styles={{ root: { maxWidth: 520 } }}>
        <TextInput name="title" label="title" required />
        <TextInput name="description" label="description" required multiline rows={3} />
        <DayInput name="dueDate" label="due date" required />
        {editing && (
          <>
            <CheckInput name="done" label="done" />
            <TextInput name="doneComment" label="done comment" multiline rows={4} />
          </>
        )}
        <FormButtons submitText={props.submitText} onCancel={props.onCancel} />
      </Stack>
    </Form>
  );
}
