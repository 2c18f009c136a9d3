import { Link as FluentLink, Stack, Text } from '@fluentui/react';
import { messages } from '@movers/contracts';
import { Link } from 'react-router-dom';
import { pathTo } from '../routeTable.ts';

export default function NotFoundPage() {
  return (
    <main>
      <Stack tokens={{ childrenGap: 12 }} styles={{ root: { padding: 32 } }}>
        <Text as="h1" variant="xxLarge">
          {messages.auth.notFound}
        </Text>
        <FluentLink as={Link} to={pathTo('ROOT')}>
          home
        </FluentLink>
      </Stack>
    </main>
  );
}
