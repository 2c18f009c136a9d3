import { Link as FluentLink, Stack, Text } from '@fluentui/react';
import { Link } from 'react-router-dom';
import { pathTo } from '../routeTable.ts';

/** A page-level message with a way back home: restricted access, not found. */
export function HomeLinkMessage({ title }: { title: string }) {
  return (
    <Stack tokens={{ childrenGap: 12 }} styles={{ root: { padding: 32 } }}>
      <Text as="h1" variant="xxLarge">
        {title}
      </Text>
      <FluentLink as={Link} to={pathTo('ROOT')}>
        home
      </FluentLink>
    </Stack>
  );
}
