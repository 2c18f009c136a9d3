import { CommandButton, DefaultButton, Icon, IconButton, Panel, Persona, PersonaSize, Stack, Text, type IContextualMenuProps } from '@fluentui/react';
import { adminLanguages, pathOf, api as routes, type User } from '@movers/contracts';
import { useState } from 'react';
import { useBlobUrl } from '../../common/api/useBlobUrl.ts';
import { useSession } from '../auth/Session.tsx';

/** The signed-in user's photo at 120x120, fetched through the API; none (204) when the directory has none. */
const usePhoto = () => useBlobUrl(pathOf(routes.users.myPhoto, { size: '120x120' }));

const white = { color: '#fff' };

/**
 * The blue bar: the portal's name, the language menu and the user menu. `compact` (a phone) keeps the
 * menus to their icons and shows `menuButton`, which opens the main menu.
 */
export function TopBar({ user, compact, menuButton }: { user: User; compact?: boolean; menuButton?: { open: boolean; controls: string; toggle: () => void } }) {
  const { signOut } = useSession();
  const photo = usePhoto();
  const [profileOpen, setProfileOpen] = useState(false);
  const userMenu: IContextualMenuProps = {
    items: [
      { key: 'profile', text: 'profile', iconProps: { iconName: 'Contact' }, onClick: () => setProfileOpen(true) },
      { key: 'signout', text: 'sign out', iconProps: { iconName: 'SignOut' }, onClick: () => void signOut() },
    ],
  };
  const languageMenu: IContextualMenuProps = {
    items: adminLanguages.map((l) => ({ key: l.code, text: l.name, canCheck: true, checked: true })),
  };
  // The panel is a sibling of the header: inside the header's flex row its layer host would be one
  // more item to space out, and the bar's items jumped by half its width when the panel opened.
  return (
    <>
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          height: 56,
          padding: compact ? '0 4px 0 8px' : '0 16px',
          background: '#0078d4',
          color: '#fff',
        }}
      >
        <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 4 }}>
          {menuButton && (
            <IconButton
              iconProps={{ iconName: 'GlobalNavButton' }}
              ariaLabel="menu"
              title="menu"
              aria-expanded={menuButton.open}
              aria-controls={menuButton.controls}
              onClick={menuButton.toggle}
              styles={{ root: white, rootHovered: { ...white, background: '#106ebe' }, rootPressed: { ...white, background: '#005a9e' }, icon: white }}
            />
          )}
          <Text variant={compact ? 'large' : 'xLarge'} styles={{ root: { color: '#fff', fontWeight: 600, whiteSpace: 'nowrap' } }}>
            Movers portal
          </Text>
        </Stack>
        <Stack horizontal verticalAlign="center" tokens={{ childrenGap: compact ? 0 : 8 }}>
          <CommandButton
            text={compact ? undefined : 'English'}
            ariaLabel={compact ? 'language: English' : undefined}
            iconProps={{ iconName: 'Globe' }}
            menuProps={languageMenu}
            title="language"
            styles={{ root: white, label: white, icon: white, menuIcon: white }}
          />
          <CommandButton
            menuProps={userMenu}
            ariaLabel={`${user.displayName} user menu`}
            styles={{ root: { height: 48, color: '#fff' }, menuIcon: { color: '#fff' } }}
          >
            {photo ? (
              <img src={photo} alt="" width={32} height={32} style={{ borderRadius: '50%', boxShadow: '0 0 0 2px #fff' }} />
            ) : (
              <Icon iconName="Contact" aria-hidden styles={{ root: { fontSize: 20, color: '#fff' } }} />
            )}
            {!compact && <span style={{ marginLeft: 8, color: '#fff' }}>{user.displayName}</span>}
          </CommandButton>
        </Stack>
      </header>
      <Panel isOpen={profileOpen} onDismiss={() => setProfileOpen(false)} headerText="profile" closeButtonAriaLabel="Close">
        <Stack tokens={{ childrenGap: 12 }} horizontalAlign="start">
          <Persona text={user.displayName} secondaryText={user.mail} imageUrl={photo} imageAlt="" size={PersonaSize.size120} />
          <Text>roles: {user.roles.join(', ') || 'none'}</Text>
          <DefaultButton text="sign out" onClick={() => void signOut()} />
        </Stack>
      </Panel>
    </>
  );
}
