import { useSite } from '../context.ts';
import { LoginPage } from './LoginPage.tsx';
import { useFragmentSignIn } from './useFragmentSignIn.ts';

/** `/{path}/link#{secret}`: redeems an e-mailed sign-in link once, then opens the site. */
export function LinkPage({ onSignedIn }: { onSignedIn(): void }) {
  const { t } = useSite();
  const failed = useFragmentSignIn('link', onSignedIn);
  if (failed) return <LoginPage onSignedIn={onSignedIn} problem={t.linkFailed} />;
  return (
    <main className="v-login">
      <p aria-live="polite">{t.signingIn}</p>
    </main>
  );
}
