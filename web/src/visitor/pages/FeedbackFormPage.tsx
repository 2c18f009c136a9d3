import { type FormEvent, useState } from 'react';
import { VisitError, visitApi } from '../api.ts';
import { useSite } from '../context.ts';
import type { Strings } from '../i18n.ts';

export type FormKind = 'question' | 'error' | 'feedback';
export const formTitle = (kind: FormKind, t: Strings) => (kind === 'question' ? t.askQuestion : kind === 'error' ? t.reportError : t.sendFeedback);

type Errors = Partial<Record<'email' | 'message' | 'form', string>>;
// The API checks again with the contract's schema; this only saves the visitor a round trip (no yup here: the site stays small).
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/**
 * Ask a question, report an error, send feedback (spec part 2, section 5): name, e-mail, phone and text;
 * an e-mail or a phone number is needed so that the team can answer. It lands in the move's feedback inbox.
 */
export function FeedbackFormPage({ kind }: { kind: FormKind }) {
  const { path, t } = useSite();
  const [fields, setFields] = useState({ name: '', email: '', phone: '', message: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const check = (): Errors => {
    const found: Errors = {};
    if (!fields.message.trim()) found.message = t.required;
    if (fields.email.trim() && !looksLikeEmail(fields.email.trim())) found.email = t.invalidEmail;
    else if (!fields.email.trim() && !fields.phone.trim()) found.email = t.contactNeeded;
    return found;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0 || busy) return;
    setBusy(true);
    try {
      await visitApi.sendFeedback(path, {
        feedbackType: kind,
        question: fields.message.trim(),
        name: fields.name.trim(),
        email: fields.email.trim(),
        phone: fields.phone.trim(),
      });
      setSent(true);
      setFields({ name: '', email: '', phone: '', message: '' });
    } catch (error) {
      const tooMany = error instanceof VisitError && error.status === 429;
      setErrors({ form: tooMany ? t.tooMany.replace('{minutes}', /(\d+) minutes/.exec(error.message)?.[1] ?? '15') : t.failed });
    } finally {
      setBusy(false);
    }
  }

  const field = (name: 'name' | 'email' | 'phone', label: string, type: string, autoComplete: string) => (
    <div className="v-field">
      <label htmlFor={`v-${name}`}>{label}</label>
      <input
        id={`v-${name}`}
        type={type}
        autoComplete={autoComplete}
        value={fields[name]}
        onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
        aria-invalid={name === 'email' && errors.email ? true : undefined}
        aria-describedby={name === 'email' && errors.email ? 'v-email-error' : undefined}
      />
      {name === 'email' && errors.email && (
        <span id="v-email-error" className="v-error">
          {errors.email}
        </span>
      )}
    </div>
  );

  return (
    <>
      <h1>{formTitle(kind, t)}</h1>
      {sent ? (
        <div className="v-card">
          <p role="status" className="v-success">
            {t.received}
          </p>
          <button type="button" className="v-button" onClick={() => setSent(false)}>
            {formTitle(kind, t)}
          </button>
        </div>
      ) : (
        <form className="v-card v-form" onSubmit={submit} noValidate>
          {field('name', t.name, 'text', 'name')}
          {field('email', t.email, 'email', 'email')}
          {field('phone', t.phone, 'tel', 'tel')}
          <div className="v-field">
            <label htmlFor="v-message">{t.message}</label>
            <textarea
              id="v-message"
              rows={5}
              value={fields.message}
              onChange={(e) => setFields({ ...fields, message: e.target.value })}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? 'v-message-error' : undefined}
            />
            {errors.message && (
              <span id="v-message-error" className="v-error">
                {errors.message}
              </span>
            )}
          </div>
          {errors.form && (
            <p role="alert" className="v-error">
              {errors.form}
            </p>
          )}
          <button type="submit" className="v-button v-primary" disabled={busy}>
            {busy ? t.sending : t.send}
          </button>
        </form>
      )}
    </>
  );
}
