import { mergeStyles } from '@fluentui/react';
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Loading } from '../auth/Guard.tsx';
import { useSession } from '../auth/Session.tsx';
import { menuEntries, SideMenu } from './SideMenu.tsx';
import { TopBar } from './TopBar.tsx';

export const MAIN_ID = 'main-content';

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
 */
export default function Shell({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  if (!user) return <Loading />;
  const withMenu = menuEntries(user).length > 0;
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
      <TopBar user={user} />
      <div style={{ display: 'flex', flex: 1 }}>
        {withMenu && <SideMenu user={user} />}
        <main id={MAIN_ID} tabIndex={-1} style={{ flex: 1, padding: 24, minWidth: 0, outline: 'none' }}>
          <Suspense fallback={<Loading />}>{children ?? <Outlet />}</Suspense>
        </main>
      </div>
    </div>
  );
}
