import { DefaultButton, PrimaryButton, Stack } from '@fluentui/react';

/** The submit and cancel row under a form; without onCancel there is no cancel button. */
export function FormButtons({ submitText = 'save', submitting, onCancel }: { submitText?: string; submitting: boolean; onCancel?: () => void }) {
  return (
    <Stack horizontal tokens={{ childrenGap: 8 }}>
      <PrimaryButton type="submit" text={submitText} disabled={submitting} />
      {onCancel && <DefaultButton text="cancel" onClick={onCancel} />}
    </Stack>
  );
}
