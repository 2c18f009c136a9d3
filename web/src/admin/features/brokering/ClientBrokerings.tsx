import { Link as FluentLink, Stack, Text } from '@fluentui/react';
import { messages } from '@movers/contracts';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../../common/LinkButton.tsx';
import { pathTo } from '../../routeTable.ts';

/** The client dashboard's brokering section: the projects (links to their dashboards) and, for internal users, 'create brokering project'. */
export function ClientBrokerings({ clientId, brokerings, internal }: { clientId: string; brokerings: { id: string; name: string }[]; internal: boolean }) {
  return (
    <section aria-labelledby="brokerings-heading">
      <Stack horizontal horizontalAlign="space-between" verticalAlign="center" wrap tokens={{ childrenGap: 8 }}>
        <Text as="h2" variant="xLarge" id="brokerings-heading">
          brokering projects
        </Text>
        {internal && <LinkButton to={pathTo('CREATE_BROKERING_SERVICE', { clientId })} text="create brokering project" iconProps={{ iconName: 'Add' }} />}
      </Stack>
      {brokerings.length === 0 ? (
        <Text as="p">{messages.common.noItems}</Text>
      ) : (
        <ul aria-label="brokering projects" style={{ paddingLeft: 20 }}>
          {brokerings.map((b) => (
            <li key={b.id} style={{ padding: '4px 0' }}>
              <FluentLink as={Link} to={pathTo('BROKERING_DASHBOARD', { clientId, brokeringId: b.id })}>
                {b.name}
              </FluentLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
