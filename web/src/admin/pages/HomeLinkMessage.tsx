import { Link as FluentLink, Stack, Text } from '@fluentui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { pathTo } from '../routeTable.ts';

/** A page-level message with a sentence saying why, and a way back home: restricted access, not found. */
export function HomeLinkMessage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack tokens={{ childrenGap: 12 }}>
      <Text as="h1" variant="xxLarge">
        {title}
      </Text>
      {children && <Text as="p">{children}</Text>}
      <FluentLink as={Link} to={pathTo('ROOT')} styles={{ root: { alignSelf: 'flex-start' } }}>
        home
      </FluentLink>
    </Stack>
  );
}
