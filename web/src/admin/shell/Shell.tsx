import '../../common/icons.ts';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Loading } from '../auth/Guard.tsx';
import { useSession } from '../auth/Session.tsx';
import { SideMenu } from './SideMenu.tsx';
import { TopBar } from './TopBar.tsx';

/** Top bar, side menu and the current screen. */
export default function Shell() {
  const { user } = useSession();
  if (!user) return <Loading />;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <TopBar user={user} />
      <div style={{ display: 'flex', flex: 1 }}>
        <SideMenu user={user} />
        <main style={{ flex: 1, padding: 24, minWidth: 0 }}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
