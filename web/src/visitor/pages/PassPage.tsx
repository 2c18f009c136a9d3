import { useSite } from '../context.ts';
import { useFragmentSignIn } from './useFragmentSignIn.ts';

/**
 * `/{path}/pass#{token}`: a movers' pass (printed as a QR code on the move plan) signs this phone in to
 * the floor plans, without the visitor password, then opens them.
 */
export function PassPage({ onSignedIn }: { onSignedIn(): void }) {
  const { t } = useSite();
  const failed = useFragmentSignIn('pass', onSignedIn);
  return (
    <main className="v-login" id="main">
      {failed ? (
        <p role="alert" className="v-error">
          {t.passFailed}
        </p>
      ) : (
        <p aria-live="polite">{t.signingIn}</p>
      )}
    </main>
  );
}
