import { type FormEvent, useEffect, useRef, useState } from 'react';
import { apiUrl, VisitError, visitApi } from '../api.ts';
import { useSite } from '../context.ts';
import { Field, isTooMany, looksLikeEmail, tooManyText } from './Field.tsx';

/** Sign-in by the move's scheme: e-mail and password, password only, or a link e-mailed to the visitor. */
export function LoginPage({ onSignedIn, problem }: { onSignedIn(): void; problem?: string }) {
  const { path, move, t, language } = useSite();
  const scheme = move.authorizationScheme;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>(problem ? { form: problem } : {});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    document.title = `${t.signIn} · ${move.name}`;
  }, [t, move.name]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (scheme !== 'password') {
      if (!email.trim()) found.email = t.required;
      else if (!looksLikeEmail(email.trim())) found.email = t.invalidEmail;
    }
    if (scheme !== 'email' && !password) found.password = t.required;
    setErrors(found);
    if (Object.keys(found).length > 0) return first.current?.focus();
    setBusy(true);
    try {
      if (scheme === 'email') {
        await visitApi.requestLink(path, email.trim(), language);
        setSent(true);
      } else {
        await visitApi.signIn(path, scheme === 'password' ? { password } : { email: email.trim(), password });
        onSignedIn();
      }
    } catch (error) {
      setErrors({ form: problemOf(error) });
    } finally {
      setBusy(false);
    }
  };

  /** The API's refusals in the visitor's language (the API words them in English). */
  function problemOf(error: unknown): string {
    if (isTooMany(error)) return tooManyText(error, t);
    if (!(error instanceof VisitError)) return t.failed;
    if (error.status === 401) return scheme === 'password' ? t.wrongPassword : t.wrongCredentials;
    return error.status === 0 ? t.failed : error.message;
  }

  return (
    <main className="v-login" id="main">
      <div className="v-login-card">
        {move.images.loginlogo ? <img className="v-login-logo" src={apiUrl(move.images.loginlogo)} alt={move.name} /> : null}
        <h1>{move.name}</h1>
        <form onSubmit={submit} noValidate>
          {scheme !== 'password' && (
            <Field id="v-email" label={t.email} type="email" autoComplete="email" value={email} onChange={setEmail} error={errors.email} inputRef={first} />
          )}
          {scheme !== 'email' && (
            <Field
              id="v-password"
              label={t.password}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
              error={errors.password}
              inputRef={scheme === 'password' ? first : undefined}
            />
          )}
          {errors.form && (
            <p role="alert" className="v-error">
              {errors.form}
            </p>
          )}
          {sent && (
            <p role="status" className="v-success">
              {t.linkSent}
            </p>
          )}
          <button type="submit" className="v-button v-primary" disabled={busy}>
            {busy ? t.signingIn : scheme === 'email' ? t.sendLink : t.signIn}
          </button>
        </form>
      </div>
    </main>
  );
}
