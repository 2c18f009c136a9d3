import { DefaultButton, Stack, Text } from '@fluentui/react';
import { messages } from '@movers/contracts';
import { Navigate } from 'react-router-dom';
import { landingPath } from '../auth/access.ts';
import { useSession } from '../auth/Session.tsx';

/** NO_CLIENT, inside the app frame; anyone who has a landing page of their own is sent there. */
export default function NoClientPage() {
  const { user, signOut } = useSession();
  if (user && (!user.isExternal || user.client)) return <Navigate to={landingPath(user)} replace />;
  return (
    <Stack tokens={{ childrenGap: 16 }} horizontalAlign="start" styles={{ root: { maxWidth: 480 } }}>
      <Text as="h1" variant="xxLarge">
        {messages.auth.noAssignedClient}
      </Text>
      <Text>Your account is not connected to a client yet. Ask your contact at the moving company to assign you to your company.</Text>
      <DefaultButton text="sign out" onClick={() => void signOut()} />
    </Stack>
  );
}
