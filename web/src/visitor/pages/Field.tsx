import type { InputHTMLAttributes, Ref } from 'react';
import { VisitError } from '../api.ts';
import type { Strings } from '../i18n.ts';

// The contract's own rules (no yup in them: the site stays small); the API checks again with its schemas.
export { isEmailAddress as looksLikeEmail, isPhoneNumber as looksLikePhone } from '@movers/contracts/src/contactRules.ts';

/** A refusal for too many attempts, in the visitor's language, with the wait the API names (in English). */
export const tooManyText = (error: VisitError, t: Strings) => t.tooMany.replace('{minutes}', /(\d+) minutes/.exec(error.message)?.[1] ?? '15');

/** Whether an error is the API's 'too many attempts'. */
export const isTooMany = (error: unknown): error is VisitError => error instanceof VisitError && error.status === 429;

/** A labelled field of the visitor forms, with its error tied to it for screen readers. A `rows` makes it a text area. */
export function Field({
  id,
  label,
  value,
  onChange,
  error,
  inputRef,
  rows,
  ...input
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  rows?: number;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete'>) {
  const described = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
  return (
    <div className="v-field">
      <label htmlFor={id}>{label}</label>
      {rows ? (
        <textarea id={id} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} {...described} />
      ) : (
        <input ref={inputRef} id={id} value={value} onChange={(e) => onChange(e.target.value)} {...input} {...described} />
      )}
      {error && (
        <span id={`${id}-error`} className="v-error">
          {error}
        </span>
      )}
    </div>
  );
}
