import { Link as FluentLink, Stack, Text } from '@fluentui/react';
import { messages } from '@movers/contracts';
import { Link } from 'react-router-dom';
import { pathTo } from '../routeTable.ts';

export function RestrictedPage() {
  return (
    <Stack tokens={{ childrenGap: 12 }} styles={{ root: { padding: 32 } }}>
      <Text as="h1" variant="xxLarge">
        {messages.auth.restrictedAccess}
      </Text>
      <FluentLink as={Link} to={pathTo('ROOT')}>
        home
      </FluentLink>
    </Stack>
  );
}
