import { ContextualMenu, DefaultButton, FontIcon, type IContextualMenuItem, Panel, Persona, PersonaSize, Stack, Text } from '@fluentui/react';
import { adminLanguages, pathOf, api as routes, type User } from '@movers/contracts';
import { type ReactNode, useRef, useState } from 'react';
import { useBlobUrl } from '../../common/api/useBlobUrl.ts';
import { useSession } from '../auth/Session.tsx';
import './frame.css';

/** The signed-in user's photo at 120x120, fetched through the API; none (204) when the directory has none. */
const usePhoto = () => useBlobUrl(pathOf(routes.users.myPhoto, { size: '120x120' }));

/**
 * A top-bar button that opens a menu: plain markup in Fluent's CommandButton look (frame.css), with Fluent's
 * ContextualMenu drawn only while it is open. Every screen draws the bar first, and its two CommandButtons
 * and their menus' props cost each admin screen's first drawing (issue 56).
 */
function MenuButton({
  label,
  title,
  items,
  className,
  children,
}: {
  label?: string;
  title?: string;
  items: IContextualMenuItem[];
  className?: string;
  children: ReactNode;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={`top-bar-button${className ? ` ${className}` : ''}`}
        aria-label={label}
        title={title}
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
      >
        {children}
        <FontIcon iconName="ChevronDown" aria-hidden="true" className="top-bar-chevron" />
      </button>
      {open && <ContextualMenu target={button} items={items} onDismiss={() => setOpen(false)} />}
    </>
  );
}

/**
 * The blue bar: the portal's name, the language menu and the user menu. `compact` (a phone) keeps the
 * menus to their icons and shows `menuButton`, which opens the main menu.
 */
export function TopBar({ user, compact, menuButton }: { user: User; compact?: boolean; menuButton?: { open: boolean; controls: string; toggle: () => void } }) {
  const { signOut } = useSession();
  const photo = usePhoto();
  const [profileOpen, setProfileOpen] = useState(false);
  const userMenu: IContextualMenuItem[] = [
    { key: 'profile', text: 'profile', iconProps: { iconName: 'Contact' }, onClick: () => setProfileOpen(true) },
    { key: 'signout', text: 'sign out', iconProps: { iconName: 'SignOut' }, onClick: () => void signOut() },
  ];
  const languageMenu: IContextualMenuItem[] = adminLanguages.map((l) => ({ key: l.code, text: l.name, canCheck: true, checked: true }));
  // The panel is a sibling of the header: inside the header's flex row its layer host would be one
  // more item to space out, and the bar's items jumped by half its width when the panel opened.
  return (
    <>
      <header className={compact ? 'top-bar top-bar-compact' : 'top-bar'}>
        <div className="top-bar-side">
          {menuButton && (
            <button
              type="button"
              className="top-bar-button"
              aria-label="menu"
              title="menu"
              aria-expanded={menuButton.open}
              aria-controls={menuButton.controls}
              onClick={menuButton.toggle}
            >
              <FontIcon iconName="GlobalNavButton" aria-hidden="true" />
            </button>
          )}
          <span className="top-bar-title">Movers portal</span>
        </div>
        <div className="top-bar-side">
          <MenuButton label={compact ? 'language: English' : undefined} title="language" items={languageMenu}>
            <FontIcon iconName="Globe" aria-hidden="true" />
            {!compact && <span>English</span>}
          </MenuButton>
          <MenuButton label={`${user.displayName} user menu`} items={userMenu} className="top-bar-user">
            {photo ? (
              <img src={photo} alt="" width={32} height={32} style={{ borderRadius: '50%', boxShadow: '0 0 0 2px #fff' }} />
            ) : (
              <FontIcon iconName="Contact" aria-hidden="true" style={{ fontSize: 20 }} />
            )}
            {!compact && <span>{user.displayName}</span>}
          </MenuButton>
        </div>
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
