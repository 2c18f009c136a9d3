import { type FormEvent, useState } from 'react';
import { useSendOnce } from '../../common/useSendOnce.ts';
import { signedInEmail, visitApi } from '../api.ts';
import { useSite } from '../context.ts';
import type { Strings } from '../i18n.ts';
import { Field, isTooMany, looksLikeEmail, looksLikePhone, tooManyText } from './Field.tsx';

export type FormKind = 'question' | 'error' | 'feedback';
export const formTitle = (kind: FormKind, t: Strings) => (kind === 'question' ? t.askQuestion : kind === 'error' ? t.reportError : t.sendFeedback);

type Errors = Partial<Record<'email' | 'phone' | 'message' | 'form', string>>;

/**
 * Ask a question, report an error, send feedback (spec part 2, section 5): name, e-mail, phone and text;
 * an e-mail or a phone number is needed so that the team can answer. It lands in the move's feedback inbox.
 */
export function FeedbackFormPage({ kind }: { kind: FormKind }) {
  const { path, t } = useSite();
  // The signed-in visitor's address is filled in for them.
  const empty = () => ({ name: '', email: signedInEmail(path) ?? '', phone: '', message: '' });
  const [fields, setFields] = useState(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState<'received' | 'kept' | null>(null);
  // One message, sent once: sent again after a failure (or twice), it reaches the team once.
  const sendOnce = useSendOnce();

  const check = (): Errors => {
    const found: Errors = {};
    if (!fields.message.trim()) found.message = t.required;
    if (fields.email.trim() && !looksLikeEmail(fields.email.trim())) found.email = t.invalidEmail;
    else if (!fields.email.trim() && !fields.phone.trim()) found.email = t.contactNeeded;
    if (fields.phone.trim() && !looksLikePhone(fields.phone.trim())) found.phone = t.invalidPhone;
    return found;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    // Focus goes to the first field with an error, in the form's order.
    const firstError = (['email', 'phone', 'message'] as const).find((name) => found[name]);
    if (firstError) return document.getElementById(`v-${firstError}`)?.focus();
    const message = { feedbackType: kind, question: fields.message.trim(), name: fields.name.trim(), email: fields.email.trim(), phone: fields.phone.trim() };
    try {
      const answer = await sendOnce.send(message, (key) => visitApi.sendFeedback(path, message, key));
      if (!answer) return;
      setSent(answer);
      setFields(empty());
    } catch (error) {
      setErrors({ form: isTooMany(error) ? tooManyText(error, t) : t.failed });
    }
  }

  const set = (name: keyof typeof fields) => (value: string) => setFields({ ...fields, [name]: value });

  return (
    <>
      <h1>{formTitle(kind, t)}</h1>
      {sent ? (
        <div className="v-card">
          <p role="status" className="v-success">
            {sent === 'kept' ? t.keptOffline : t.received}
          </p>
          <button type="button" className="v-button" onClick={() => setSent(null)}>
            {formTitle(kind, t)}
          </button>
        </div>
      ) : (
        <form className="v-card v-form" onSubmit={submit} noValidate>
          <Field id="v-name" label={t.name} type="text" autoComplete="name" value={fields.name} onChange={set('name')} />
          <Field id="v-email" label={t.email} type="email" autoComplete="email" value={fields.email} onChange={set('email')} error={errors.email} />
          <Field id="v-phone" label={t.phone} type="tel" autoComplete="tel" value={fields.phone} onChange={set('phone')} error={errors.phone} />
          <Field id="v-message" label={t.message} rows={5} value={fields.message} onChange={set('message')} error={errors.message} />
          {errors.form && (
            <p role="alert" className="v-error">
              {errors.form}
            </p>
          )}
          <button type="submit" className="v-button v-primary" disabled={sendOnce.sending}>
            {sendOnce.sending ? t.sending : t.send}
          </button>
        </form>
      )}
    </>
  );
}
