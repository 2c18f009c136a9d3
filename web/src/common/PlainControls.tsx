import { FontIcon } from '@fluentui/react';
import { type ButtonHTMLAttributes, type InputHTMLAttributes, type SelectHTMLAttributes, useId } from 'react';
import './plainControls.css';

// Plain form elements in Fluent's look (plainControls.css), for the rows of a long list: a windowed list draws
// new rows at every scroll, and Fluent's controls each bring styles, a focus zone and callout code (issue 56).
// They are the browser's own elements: the keyboard, the screen reader's names and forced colours work as
// the browser does them. Fluent's controls stay for what is drawn once (a dialog, the field being edited); a screen
// under a budget that draws many at its first drawing (the move-day board's eight choices) takes these too.

/** A button with Fluent's default look, with one of Fluent's registered icons before its text if `icon` names one; `aria-pressed` draws it as Fluent's checked button. */
export function PlainButton({ text, icon, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { text: string; icon?: string }) {
  return (
    <button type="button" {...props} className="plain-button">
      {icon && <FontIcon iconName={icon} className="plain-button-icon" />}
      {text}
    </button>
  );
}

/** An icon button (one of Fluent's registered icons): `label` is its name, `title` its tooltip (the label by default). */
export function PlainIconButton({ icon, label, title, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { icon: string; label: string }) {
  return (
    <button type="button" {...props} className="plain-icon-button" aria-label={label} title={title ?? label}>
      <FontIcon iconName={icon} />
    </button>
  );
}

/** A checkbox named by `label` (none shown: the row says whose it is). */
export function PlainCheckbox({ label, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string }) {
  return <input type="checkbox" {...props} className="plain-checkbox" aria-label={label} />;
}

/** A choice of `options` (key, text), named by `label`; `empty`: the value shown means none (in italics, as Fluent's dropdowns do). */
export function PlainSelect({
  label,
  options,
  empty,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; options: readonly { key: string; text: string }[]; empty?: boolean }) {
  return (
    <select {...props} className="plain-select" aria-label={label} data-empty={empty || undefined}>
      {options.map((option) => (
        <option key={option.key} value={option.key}>
          {option.text}
        </option>
      ))}
    </select>
  );
}

/**
 * A choice of `options` with its label shown above it, in Fluent's Dropdown look: `onChange` gets the key
 * chosen. The label is the select's own (`<label for>`), so a click on it focuses the choice.
 */
export function PlainLabeledSelect({
  label,
  options,
  value,
  onChange,
  minWidth,
}: {
  label: string;
  options: readonly { key: string; text: string }[];
  value: string;
  onChange: (key: string) => void;
  minWidth?: number;
}) {
  const id = useId();
  return (
    <div style={{ minWidth }}>
      <label htmlFor={id} className="plain-label">
        {label}
      </label>
      <PlainSelect id={id} label={label} options={options} style={{ width: '100%' }} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/** A text field named by `label`, with what is wrong with its text (`error`) said under it and to screen readers. */
export function PlainTextField({ label, error, width, ...props }: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; width?: number }) {
  const errorId = useId();
  return (
    <div style={{ width }}>
      <input
        type="text"
        {...props}
        className="plain-input"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <div id={errorId} role="alert" className="plain-error">
          {error}
        </div>
      )}
    </div>
  );
}
