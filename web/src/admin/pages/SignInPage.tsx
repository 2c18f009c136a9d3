import { MessageBarType, Stack, Text } from '@fluentui/react';
import { messages } from '@movers/contracts';
import { Navigate } from 'react-router-dom';
import { LazyMessageBar } from '../../common/LazyMessageBar.tsx';
import { PlainPrimaryButton } from '../../common/PlainPrimaryButton.tsx';
import { Loading } from '../auth/Guard.tsx';
import { useSession } from '../auth/Session.tsx';
import { pathTo } from '../routeTable.ts';

/**
 * One button that toggles sign in and sign out; a signed-in user is sent on by role. It loads only what
 * signing in needs: no Fluent button or icon code, no admin screen (each screen is its own chunk).
 */
export default function SignInPage() {
  const { status, user, error, signIn, signOut } = useSession();
  if (status === 'checking') return <Loading label="Signing in…" />;
  if (status === 'signedIn' && user) {
    if (user.isExternal) return <Navigate to={user.client ? pathTo('CLIENT_DASHBOARD', { clientId: user.client.id }) : pathTo('NO_CLIENT')} replace />;
    return <Navigate to={pathTo('ADMIN_ROOT')} replace />;
  }
  const signedIn = status === 'signedIn';
  return (
    <main>
      <Stack horizontalAlign="center" tokens={{ childrenGap: 24 }} styles={{ root: { paddingTop: 96 } }}>
        <Text as="h1" variant="xxLarge">
          Movers portal
        </Text>
        <Text>Sign in with your work account to manage clients, locations and moves.</Text>
        <PlainPrimaryButton text={signedIn ? 'Sign out' : 'Sign in'} onClick={() => void (signedIn ? signOut() : signIn())} />
        {error && error !== messages.auth.notSignedIn && (
          <LazyMessageBar messageBarType={MessageBarType.error} styles={{ root: { maxWidth: 480 } }}>
            {error}
          </LazyMessageBar>
        )}
      </Stack>
    </main>
  );
}
