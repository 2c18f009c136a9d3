import { TextField } from '@fluentui/react';
import { type ReactNode, useState } from 'react';
import { PlainIconButton } from '../../../common/PlainControls.tsx';

/**
 * A person's value edited in place: Enter or leaving the field confirms, Escape cancels. A value `check`
 * refuses is said under the field and not confirmed (leaving the field then cancels). Shown, it is plain
 * markup (a row of the people list draws four); Fluent's field is drawn only while it is edited.
 */
export function InlineEdit(props: {
  value: string;
  shown: ReactNode;
  editLabel: string;
  fieldLabel: string;
  type?: 'email' | 'tel';
  check?: (text: string) => string | undefined;
  onConfirm: (text: string) => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  if (editing === null)
    return (
      <span className="plain-inline">
        {props.shown}
        <PlainIconButton icon="Edit" label={props.editLabel} onClick={() => setEditing(props.value)} />
      </span>
    );
  const text = editing.trim();
  const error = props.check?.(text);
  const confirm = () => {
    if (error) return;
    setEditing(null);
    if (text !== props.value) props.onConfirm(text);
  };
  return (
    <TextField
      ariaLabel={props.fieldLabel}
      type={props.type}
      value={editing}
      autoFocus
      errorMessage={error}
      onChange={(_, v) => setEditing(v ?? '')}
      onBlur={() => (error ? setEditing(null) : confirm())}
      onKeyDown={(event) => {
        if (event.key === 'Enter') confirm();
        if (event.key === 'Escape') setEditing(null);
      }}
    />
  );
}
