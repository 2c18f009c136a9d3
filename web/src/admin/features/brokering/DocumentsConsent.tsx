import { DefaultButton, Stack, Text } from '@fluentui/react';
import { messages } from '@movers/contracts';
import { useState } from 'react';
import { reduce } from '../../auth/Session.tsx';

/**
 * The document store's permission is asked for the first time documents are shown, from a click: a
 * browser blocks a consent window that a page opens on its own.
 */
export function DocumentsConsent({ allowAccess }: { allowAccess: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const allow = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await allowAccess();
    } catch (e) {
      setError(reduce(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack tokens={{ childrenGap: 8 }} horizontalAlign="start">
      <Text as="p">{messages.brokering.documentsConsentNeeded}</Text>
      <DefaultButton text={messages.brokering.documentsConsentButton} onClick={allow} disabled={busy} />
      {error && (
        <Text as="p" role="alert" styles={{ root: { color: '#a4262c' } }}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
