import { Link as FluentLink, Stack, Text } from '@fluentui/react';
import { authorizationSchemeNames, type LocationSummary, localeNames, messages } from '@movers/contracts';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../../common/LinkButton.tsx';
import { pathTo } from '../../routeTable.ts';
import { useMove } from './api.ts';

const card = { root: { border: '1px solid #edebe9', borderRadius: 4, padding: 20, background: '#fff', maxWidth: 640 } };

/**
 * The location dashboard's move service: its general information with the edit link (not for External
 * users), or 'create location service' when the location has none.
 */
export function MoveServiceCard({ location, canEdit }: { location: Pick<LocationSummary, 'id' | 'clientId' | 'services'>; canEdit: boolean }) {
  const moveId = location.services.move.id;
  const move = useMove(location.id, moveId);
  const clientId = location.clientId;
  return (
    <Stack as="section" aria-labelledby="move-service" tokens={{ childrenGap: 12 }} styles={card}>
      <Stack horizontal horizontalAlign="space-between" verticalAlign="center">
        <Text as="h2" variant="xLarge" id="move-service">
          move service
        </Text>
        {canEdit && move.data && (
          <FluentLink as={Link} to={pathTo('EDIT_LOCATION_MOVE_SERVICE', { clientId, locationId: location.id, moveId: move.data.id })}>
            edit move service
          </FluentLink>
        )}
      </Stack>
      {!moveId &&
        (canEdit ? (
          <LinkButton
            primary
            to={pathTo('CREATE_LOCATION_SERVICE', { clientId, locationId: location.id })}
            text="create location service"
            iconProps={{ iconName: 'Add' }}
          />
        ) : (
          <Text>This location has no move service yet.</Text>
        ))}
      {moveId && move.status === 'failed' && <Text role="alert">{messages.common.fetchFailed}</Text>}
      {move.data && (
        <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 24, rowGap: 8, margin: 0 }}>
          {(
            [
              ['visitor site', `/${move.data.path}`],
              ['status', move.data.isEnabled ? 'active' : 'not active'],
              ['access', authorizationSchemeNames[move.data.authorizationScheme]],
              ['languages', move.data.languages.map((l) => localeNames[l]).join(', ')],
              ['default language', localeNames[move.data.defaultLanguage]],
              ['team', move.data.teamMembers.map((p) => p.displayName || p.id).join(', ') || '—'],
              ['notice', move.data.showNotification && move.data.notificationText ? move.data.notificationText : '—'],
            ] as [string, string][]
          ).map(([term, value]) => (
            <div key={term} style={{ display: 'contents' }}>
              <dt style={{ fontWeight: 600 }}>{term}</dt>
              <dd style={{ margin: 0 }}>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {move.data && (
        <nav aria-label="move content">
          <LinkButton to={pathTo('MOVE_PAGES', { clientId, locationId: location.id, moveId: move.data.id })} text="pages" iconProps={{ iconName: 'Page' }} />
          <LinkButton
            to={pathTo('DOCUMENTS', { clientId, locationId: location.id, moveId: move.data.id })}
            text="documents"
            iconProps={{ iconName: 'Documentation' }}
          />
          <LinkButton
            to={pathTo('MOVE_DETAILS', { clientId, locationId: location.id, moveId: move.data.id })}
            text="details"
            iconProps={{ iconName: 'Info' }}
          />
          <LinkButton to={pathTo('MOVE_FAQs', { clientId, locationId: location.id, moveId: move.data.id })} text="FAQs" iconProps={{ iconName: 'Unknown' }} />
          <LinkButton
            to={pathTo('MOVE_CONTACTS', { clientId, locationId: location.id, moveId: move.data.id })}
            text="contacts"
            iconProps={{ iconName: 'People' }}
          />
          <LinkButton
            to={pathTo('MOVE_FEEDBACK', { clientId, locationId: location.id, moveId: move.data.id })}
            text="feedback"
            iconProps={{ iconName: 'Feedback' }}
          />
          <LinkButton
            to={pathTo('FLOOR_PLANNER', { clientId, locationId: location.id, moveId: move.data.id })}
            text="floor planner"
            iconProps={{ iconName: 'MapPin' }}
          />
        </nav>
      )}
    </Stack>
  );
}
