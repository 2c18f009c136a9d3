import { retryableLazy } from '../../common/retryableLazy.tsx';
import { Loading } from '../auth/Guard.tsx';
import { useSession } from '../auth/Session.tsx';

const Shell = retryableLazy(() => import('../shell/Shell.tsx'));
const NotFoundPage = retryableLazy(() => import('./NotFoundPage.tsx'));

/** Unknown addresses and /404: inside the app frame (top bar, menu) for a signed-in user, bare otherwise. */
export function NotFoundRoute() {
  const { status } = useSession();
  if (status === 'checking') return <Loading />;
  if (status === 'signedIn')
    return (
      <Shell>
        <NotFoundPage />
      </Shell>
    );
  return (
    <main style={{ padding: 32 }}>
      <NotFoundPage />
    </main>
  );
}
