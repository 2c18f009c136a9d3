import { DefaultButton, Stack, Text } from '@fluentui/react';
import { messages } from '@movers/contracts';
import { useSession } from '../auth/Session.tsx';

export default function NoClientPage() {
  const { signOut } = useSession();
  return (
    <main>
      <Stack tokens={{ childrenGap: 16 }} styles={{ root: { padding: 32, maxWidth: 480 } }}>
        <Text as="h1" variant="xxLarge">
          {messages.auth.noAssignedClient}
        </Text>
        <Text>Your account is not connected to a client yet. Ask your contact at the moving company to assign you to your company.</Text>
        <DefaultButton text="sign out" onClick={() => void signOut()} />
      </Stack>
    </main>
  );
}
