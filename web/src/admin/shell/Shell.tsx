import '../../common/icons.ts';
import { mergeStyles, Panel, PanelType } from '@fluentui/react';
import { useState, type ReactNode } from 'react';
import { ChunkSuspense } from '../../common/ChunkSuspense.tsx';
import { Outlet } from 'react-router-dom';
import { applyTheme } from '../../common/theme.ts';
import { useMediaQuery } from '../../common/useMediaQuery.ts';
import { Loading } from '../auth/Guard.tsx';
import { useSession } from '../auth/Session.tsx';
import { menuEntries, SideMenu, useSelectedEntry } from './SideMenu.tsx';
import { TopBar } from './TopBar.tsx';

// The signed-in frame is where Fluent starts: its theme first (the sign-in page before it is plain).
applyTheme();

export const MAIN_ID = 'main-content';
/** Below a tablet's width the drawer would leave the screen too little room: the menu goes behind a button. */
export const NARROW = '(max-width: 767.98px)';
const MENU_PANEL_ID = 'main-menu-panel';

// Off screen until it has keyboard focus; then it sits over the top bar's left end.
const skipLink = mergeStyles({
  position: 'absolute',
  left: 8,
  top: -100,
  zIndex: 1000001,
  padding: '10px 16px',
  background: '#ffffff',
  color: '#201f1e',
  fontWeight: 600,
  textDecoration: 'underline',
  selectors: { ':focus': { top: 8 } },
});

/**
 * Top bar, side menu and the current screen (the route's outlet, or `children` for screens outside the
 * route table such as 'Not Found!'). A user without menu entries (no client yet) gets no side menu.
 * Wide screens keep the spec's 220 px drawer; narrow ones open the menu from a button in the top bar.
 */
export default function Shell({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  const narrow = useMediaQuery(NARROW);
  const [menuOpen, setMenuOpen] = useState(false);
  if (!user) return <Loading />;
  return <Frame narrow={narrow} menuOpen={menuOpen} setMenuOpen={setMenuOpen} user={user} content={children ?? <Outlet />} />;
}

function Frame({
  narrow,
  menuOpen,
  setMenuOpen,
  user,
  content,
}: {
  narrow: boolean;
  menuOpen: boolean;
  setMenuOpen: (open: boolean) => void;
  user: NonNullable<ReturnType<typeof useSession>['user']>;
  content: ReactNode;
}) {
  const selectedKey = useSelectedEntry(user);
  const withMenu = menuEntries(user).length > 0;
  const menuButton = withMenu && narrow ? { open: menuOpen, controls: MENU_PANEL_ID, toggle: () => setMenuOpen(!menuOpen) } : undefined;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <a
        href={`#${MAIN_ID}`}
        className={skipLink}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        skip to content
      </a>
      <TopBar user={user} compact={narrow} menuButton={menuButton} />
      <div style={{ display: 'flex', flex: 1, minWidth: 0 }}>
        {withMenu && !narrow && <SideMenu user={user} selectedKey={selectedKey} />}
        <main id={MAIN_ID} tabIndex={-1} style={{ flex: 1, padding: narrow ? 16 : 24, minWidth: 0, outline: 'none', overflowWrap: 'anywhere' }}>
          <ChunkSuspense fallback={<Loading />}>{content}</ChunkSuspense>
        </main>
      </div>
      {menuButton && (
        <Panel
          id={MENU_PANEL_ID}
          isOpen={menuOpen}
          type={PanelType.smallFixedNear}
          isLightDismiss
          onDismiss={() => setMenuOpen(false)}
          headerText="menu"
          closeButtonAriaLabel="Close"
        >
          <SideMenu user={user} selectedKey={selectedKey} inPanel onNavigate={() => setMenuOpen(false)} />
        </Panel>
      )}
    </div>
  );
}
