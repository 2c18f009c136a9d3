import { DefaultButton, PrimaryButton, Spinner, SpinnerSize, Stack } from '@fluentui/react';
import { useNavigate } from 'react-router-dom';
import { useFormState } from './Form.tsx';

/**
 * The submit and cancel row under a form. 'cancel' goes to the screen's parent in the route table
 * (never browser Back, which may leave the portal); without `cancelTo` or `onCancel` there is none.
 */
export function FormButtons({ submitText = 'save', cancelTo, onCancel }: { submitText?: string; cancelTo?: string; onCancel?: () => void }) {
  const { saving } = useFormState();
  const navigate = useNavigate();
  const cancel = onCancel ?? (cancelTo ? () => navigate(cancelTo) : undefined);
  return (
    <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 8 }}>
      <PrimaryButton type="submit" text={submitText} disabled={saving} aria-busy={saving} />
      {cancel && <DefaultButton text="cancel" onClick={cancel} />}
      {saving && <Spinner size={SpinnerSize.small} label="saving…" labelPosition="right" />}
    </Stack>
  );
}
