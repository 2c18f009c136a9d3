import { DefaultButton, MessageBar, MessageBarType, Stack, Text } from '@fluentui/react';
import { messages } from '@movers/contracts';
import { failureOf, type Resource } from '../../common/api/useResource.ts';
import { RestrictedPage } from '../pages/RestrictedPage.tsx';
import { Crumbs } from './Crumbs.tsx';

export interface ParentCrumb {
  text: string;
  to: string;
}

/** A record that does not exist (the API's 404): one view, inside the app frame, with the way back to its parent. */
export function NotFoundView({ parent, what }: { parent: ParentCrumb; what: string }) {
  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <Crumbs
        items={[
          { key: 'parent', ...parent },
          { key: 'missing', text: messages.auth.notFound },
        ]}
      />
      <Text as="h1" variant="xxLarge">
        {messages.auth.notFound}
      </Text>
      <Text as="p">There is no {what} at this address: it may have been deleted, or the link is wrong.</Text>
    </Stack>
  );
}

/**
 * What a screen shows when the resource it is built on could not be read: the not-found view for a 404,
 * the restricted-access page for a 403, and otherwise the spec's 'failed to fetch ...' with a retry.
 * Render it when `failureOf(resource)` is defined.
 */
export function LoadFailure({
  resource,
  failedText,
  parent,
  what,
}: {
  resource: Pick<Resource<unknown>, 'status' | 'error'> & { reload: () => unknown };
  failedText: string;
  parent: ParentCrumb;
  what: string;
}) {
  const failure = failureOf(resource);
  if (failure === 'notFound') return <NotFoundView parent={parent} what={what} />;
  if (failure === 'forbidden') return <RestrictedPage />;
  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <Crumbs
        items={[
          { key: 'parent', ...parent },
          { key: 'failed', text: what },
        ]}
      />
      <Text as="h1" variant="xLarge" styles={{ root: { color: '#a4262c' } }}>
        {failedText}
      </Text>
      <MessageBar messageBarType={MessageBarType.error} actions={<DefaultButton text="retry" onClick={() => void resource.reload()} />}>
        The server could not be reached or did not answer. Try again in a moment.
      </MessageBar>
    </Stack>
  );
}
