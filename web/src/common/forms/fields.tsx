import { Checkbox, ComboBox, Dropdown, TextField, type IComboBox, type IComboBoxOption, type IDropdownOption } from '@fluentui/react';
import { codePoints, messages } from '@movers/contracts';
import { useMemo, useRef, useState } from 'react';
import { type AnySchema, reach } from 'yup';
import { useFormSchema } from './Form.tsx';
import { limitText } from './textLimit.ts';
import { useFieldState } from './useFieldState.ts';

interface FieldProps {
  /** The form value's name. */
  name: string;
  label: string;
  required?: boolean;
  /** A hint under the field. */
  description?: string;
}

/** The most characters the form's schema allows in a field (its `max` test), if it says. */
function useSchemaMax(name: string): number | undefined {
  const validationSchema = useFormSchema();
  return useMemo(() => {
    if (!validationSchema || typeof validationSchema === 'function') return undefined;
    try {
      const described = reach(validationSchema as AnySchema, name).describe() as { tests?: { name?: string; params?: { max?: number } }[] };
      return described.tests?.find((test) => test.name === 'max')?.params?.max;
    } catch {
      return undefined;
    }
  }, [validationSchema, name]);
}

/** A text box (one line, or `multiline` rows). */
export function TextInput({
  name,
  label,
  required,
  description,
  multiline,
  rows,
  type,
  autoComplete,
  counter,
}: FieldProps & {
  multiline?: boolean;
  rows?: number;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  /** The most characters the schema allows, counted under the field as the user types. */
  counter?: number;
}) {
  const field = useFieldState<string | null>(name);
  // The schema's maximum (the server's), in characters as the server counts them: typing stops there,
  // and the count shows from 80 % of it. Not the input's maxLength, which counts an emoji as two.
  const schemaMax = useSchemaMax(name);
  const max = counter ?? schemaMax;
  const length = codePoints(field.value ?? '');
  return (
    <TextField
      name={name}
      label={label}
      required={required}
      description={max && (counter || length >= max * 0.8) ? `${length}/${max}` : description}
      multiline={multiline}
      rows={rows}
      type={type}
      autoComplete={autoComplete}
      value={field.value ?? ''}
      onChange={(_, value) => field.set(limitText(field.value ?? '', value ?? '', max))}
      onBlur={() => field.touch()}
      errorMessage={field.error}
    />
  );
}

/**
 * A number as typed: the form keeps the text, the schema decides (whole numbers for counts, not
 * negative), so '12.5' in a count is an error to read rather than a value silently changed.
 */
export function NumberInput({ name, label, required, description, whole }: FieldProps & { whole?: boolean }) {
  const field = useFieldState<number | string | null>(name);
  return (
    <TextField
      name={name}
      label={label}
      required={required}
      description={description}
      type="number"
      min={0}
      step={whole ? 1 : 'any'}
      inputMode={whole ? 'numeric' : 'decimal'}
      value={field.value === null || field.value === undefined ? '' : String(field.value)}
      onChange={(_, value) => field.set(value ?? '')}
      onBlur={() => field.touch()}
      errorMessage={field.error}
    />
  );
}

/** A tick box. */
export function CheckInput({ name, label }: { name: string; label: string }) {
  const field = useFieldState<boolean>(name);
  return <Checkbox name={name} label={label} checked={Boolean(field.value)} onChange={(_, checked) => field.set(Boolean(checked))} />;
}

export interface Choice {
  key: string;
  text: string;
}

/** A short list to choose one from (a dropdown); `none` adds a first entry that chooses nothing (''). */
export function ChoiceInput({ name, label, required, description, choices, none }: FieldProps & { choices: Choice[]; none?: string }) {
  const field = useFieldState<string>(name);
  const options: IDropdownOption[] = none ? [{ key: '', text: none }, ...choices] : choices;
  return (
    <Dropdown
      label={label}
      required={required}
      title={description}
      placeholder={messages.validation.pleaseSelect}
      options={options}
      selectedKey={field.value || (none ? '' : null)}
      onChange={(_, option) => field.set(String(option?.key ?? ''))}
      onBlur={() => field.touch()}
      errorMessage={field.error}
    />
  );
}

/** A short list to choose several from. */
export function MultiChoiceInput({ name, label, required, choices, emptyText }: FieldProps & { choices: Choice[]; emptyText?: string }) {
  const field = useFieldState<string[]>(name);
  const selected = field.value ?? [];
  return (
    <Dropdown
      label={label}
      required={required}
      multiSelect
      placeholder={choices.length || !emptyText ? messages.validation.pleaseSelect : emptyText}
      options={choices}
      selectedKeys={selected}
      onChange={(_, option) => {
        if (!option) return;
        const key = String(option.key);
        field.set(option.selected ? [...selected, key] : selected.filter((k) => k !== key));
      }}
      onBlur={() => field.touch()}
      errorMessage={field.error}
    />
  );
}

/** Text compared as a person types it: no case, no accents ('reunion' is Réunion). */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** Whether a choice's words start with what is typed: 'nor' finds Norway and North Macedonia, 'kong' Hong Kong. */
const typedMatches = (text: string, typed: string) =>
  ` ${folded(text).replace(/[^\p{L}\p{N}]+/gu, ' ')}`.includes(` ${typed.replace(/[^\p{L}\p{N}]+/gu, ' ')}`);

/**
 * A long list to choose one from by typing (countries): the box takes what is typed, key by key at any
 * pace, shows only the choices with a word starting so, and completes it with the first of them
 * ('Nor' → Norway when Norway is among `first`), with the list open there, where the arrow keys reach the
 * next ones; Enter or Tab takes the choice shown. `first` are ranked before the rest (the countries the
 * portal's clients are in), so the likely choice is at the top of the list and of every filtered one.
 * Free text that starts no choice is not a value (the field stays empty and says so). Without free text the
 * combo box built its search from keys typed within a second of each other only: typed slower, each
 * key started again ('Nor' became the first choice starting with 'r', Réunion).
 */
export function SearchableChoiceInput({ name, label, required, choices, first = [] }: FieldProps & { choices: Choice[]; first?: string[] }) {
  const field = useFieldState<string>(name);
  const box = useRef<IComboBox>(null);
  /** What the person has typed since the list opened (folded); empty shows every choice. */
  const [typed, setTyped] = useState('');
  // The same options object while the choices and what is typed are the same: the combo box drops what
  // it has completed (Enter then picks nothing) when it gets a new options array, and the form re-renders often.
  const signature = `${first.join('\u0001')}\u0002${choices.map((c) => `${c.key}\u0000${c.text}`).join('\u0001')}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the choices and `first`
  const ranked: IComboBoxOption[] = useMemo(() => {
    const rank = new Map(first.map((key, index) => [key, index]));
    const rankOf = (key: string) => rank.get(key) ?? rank.size;
    // A stable sort: the rest keep the order they came in (by name).
    return [...choices].sort((a, b) => rankOf(a.key) - rankOf(b.key));
  }, [signature]);
  // Left out, not hidden: Fluent's `hidden` options were still drawn (measured, Fluent 8.125).
  const options = useMemo(() => (typed ? ranked.filter((o) => typedMatches(o.text, typed)) : ranked), [ranked, typed]);
  return (
    <ComboBox
      componentRef={box}
      label={label}
      required={required}
      placeholder={messages.validation.pleaseSelect}
      options={options}
      autoComplete="on"
      allowFreeform
      useComboBoxAsMenuWidth
      selectedKey={field.value || null}
      // Typing opens the list at the completed choice, so the ones after it are in sight and in reach of the arrows.
      onInputValueChange={(text) => {
        setTyped(folded(text));
        if (text) box.current?.focus(true);
      }}
      // A click in the box opens the list too, as it did before free text was taken (not a click on an
      // option, which React passes up from the list's layer).
      onClick={(event) => {
        if ((event.target as HTMLElement).tagName === 'INPUT') box.current?.focus(true);
      }}
      onChange={(_, option, _index, typedText) => {
        if (option) return field.set(String(option.key));
        // Nothing new typed (the combo box also calls this as it closes): the choice stands.
        if (typedText === undefined) return;
        const text = folded(typedText);
        const match = text
          ? (ranked.find((o) => folded(o.text) === text) ??
            ranked.find((o) => folded(o.text).startsWith(text)) ??
            ranked.find((o) => typedMatches(o.text, text)))
          : undefined;
        field.set(match ? String(match.key) : '');
      }}
      // Left, the list shows every choice when it is opened again. Not on the list's closing: Enter closes it
      // as it takes the choice, and a new options array then made the combo box drop it (Tab left the box empty).
      onBlur={() => {
        field.touch();
        setTyped('');
      }}
      errorMessage={field.error}
    />
  );
}
