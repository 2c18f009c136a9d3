import { Link as FluentLink, Stack, Text } from '@fluentui/react';
import type { ReactNode } from 'react';
import { authorizationSchemeNames, type LocationSummary, localeNames, messages } from '@movers/contracts';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../../common/LinkButton.tsx';
import { pathTo } from '../../routeTable.ts';
import { useMove } from './api.ts';

/** The tiles to the move's screens (spec part 2, section 2), in the card's order. */
const moveScreens = [
  { key: 'MOVE_PAGES', text: 'pages', icon: 'Page' },
  { key: 'DOCUMENTS', text: 'documents', icon: 'Documentation' },
  { key: 'MOVE_DETAILS', text: 'details', icon: 'Info' },
  { key: 'MOVE_FAQs', text: 'FAQs', icon: 'Unknown' },
  { key: 'MOVE_CONTACTS', text: 'contacts', icon: 'People' },
  { key: 'MOVE_FEEDBACK', text: 'feedback', icon: 'Feedback' },
  { key: 'MOVE_DAY', text: 'move day', icon: 'CheckList' },
  { key: 'FLOOR_PLANNER', text: 'floor planner', icon: 'MapPin' },
  { key: 'MOVE_WAVES', text: 'waves', icon: 'Calendar' },
  { key: 'MOVE_HISTORY', text: 'recent changes', icon: 'History' },
] as const;

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
              [
                'visitor site',
                // The address itself, to open the site (in a new tab: the admin stays where it is).
                <FluentLink key="visitor" href={`${window.location.origin}/${move.data.path}`} target="_blank" rel="noopener noreferrer">
                  {`${window.location.origin}/${move.data.path}`}
                </FluentLink>,
              ],
              ['status', move.data.isEnabled ? 'active' : 'not active'],
              ['access', authorizationSchemeNames[move.data.authorizationScheme]],
              ['languages', move.data.languages.map((l) => localeNames[l]).join(', ')],
              ['default language', localeNames[move.data.defaultLanguage]],
              ['team', move.data.teamMembers.map((p) => p.displayName || p.id).join(', ') || '—'],
              ['notice', move.data.showNotification && move.data.notificationText ? move.data.notificationText : '—'],
            ] as [string, ReactNode][]
          ).map(([term, value]) => (
            <div key={term} style={{ display: 'contents' }}>
              <dt style={{ fontWeight: 600 }}>{term}</dt>
              <dd style={{ margin: 0 }}>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {moveId && move.data && (
        <nav aria-label="move content">
          {moveScreens.map(({ key, text, icon }) => (
            <LinkButton key={key} to={pathTo(key, { clientId, locationId: location.id, moveId })} text={text} iconProps={{ iconName: icon }} />
          ))}
        </nav>
      )}
    </Stack>
  );
}
