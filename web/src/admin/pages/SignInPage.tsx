import { messages } from '@movers/contracts';
import { Navigate, useLocation } from 'react-router-dom';
import { LazyMessageBar } from '../../common/LazyMessageBar.tsx';
import { PlainPrimaryButton } from '../../common/PlainPrimaryButton.tsx';
import { landingPath, mayOpen } from '../auth/access.ts';
import { Loading, type SignInState } from '../auth/Guard.tsx';
import { popupBlocked, signInNotCompleted, useSession } from '../auth/Session.tsx';

/**
 * One button that toggles sign in and sign out; a signed-in user is sent back to the address they
 * opened (when they may see it) or on by role. It loads only what signing in needs: no Fluent at all
 * (plain markup styled by common/plain.css), no admin screen (each screen is its own chunk).
 */
export default function SignInPage() {
  const { status, user, error, signIn, signOut } = useSession();
  const from = (useLocation().state as SignInState | null)?.from;
  if (status === 'checking') return <Loading label="Signing in…" />;
  if (status === 'signedIn' && user) return <Navigate to={from && mayOpen(user, from) ? from : landingPath(user)} replace />;
  const signedIn = status === 'signedIn';
  // A closed or blocked popup is an ordinary event: it is explained, not reported as a failure.
  const kind = error === popupBlocked ? 'warning' : error === signInNotCompleted ? 'info' : 'error';
  return (
    <main className="plain-page">
      <h1>Movers portal</h1>
      <p>Sign in with your work account to manage clients, locations and moves.</p>
      <PlainPrimaryButton text={signedIn ? 'Sign out' : 'Sign in'} onClick={() => void (signedIn ? signOut() : signIn())} />
      {error && error !== messages.auth.notSignedIn && (
        <LazyMessageBar kind={kind} role="alert" maxWidth={480}>
          {error}
        </LazyMessageBar>
      )}
    </main>
  );
}
