import { Label, Stack, Text } from '@fluentui/react';
import { useId } from 'react';

/**
 * A value the form shows but does not let anyone change: plain text under its label, not a text box
 * that looks editable. Empty values show a dash.
 */
export function ReadOnlyField({ label, value }: { label: string; value: string | null | undefined }) {
  const id = useId();
  return (
    <Stack role="group" aria-labelledby={id}>
      <Label id={id}>{label}</Label>
      <Text styles={{ root: { padding: '6px 0', overflowWrap: 'anywhere' } }}>{value || '—'}</Text>
    </Stack>
  );
}
