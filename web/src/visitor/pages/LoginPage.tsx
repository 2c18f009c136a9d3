import { type FormEvent, useEffect, useRef, useState } from 'react';
import { apiUrl, VisitError, visitApi } from '../api.ts';
import { useSite } from '../context.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Sign-in by the move's scheme: e-mail and password, password only, or a link e-mailed to the visitor. */
export function LoginPage({ onSignedIn, problem }: { onSignedIn(): void; problem?: string }) {
  const { path, move, t } = useSite();
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
      else if (!EMAIL.test(email.trim())) found.email = t.invalidEmail;
    }
    if (scheme !== 'email' && !password) found.password = t.required;
    setErrors(found);
    if (Object.keys(found).length > 0) return first.current?.focus();
    setBusy(true);
    try {
      if (scheme === 'email') {
        await visitApi.requestLink(path, email.trim());
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
    if (!(error instanceof VisitError)) return t.failed;
    if (error.status === 429) return t.tooMany.replace('{minutes}', /(\d+) minutes/.exec(error.message)?.[1] ?? '15');
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
            <div className="v-field">
              <label htmlFor="v-email">{t.email}</label>
              <input
                ref={first}
                id="v-email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? 'v-email-error' : undefined}
              />
              {errors.email && (
                <span id="v-email-error" className="v-error">
                  {errors.email}
                </span>
              )}
            </div>
          )}
          {scheme !== 'email' && (
            <div className="v-field">
              <label htmlFor="v-password">{t.password}</label>
              <input
                ref={scheme === 'password' ? first : undefined}
                id="v-password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? 'v-password-error' : undefined}
              />
              {errors.password && (
                <span id="v-password-error" className="v-error">
                  {errors.password}
                </span>
              )}
            </div>
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
