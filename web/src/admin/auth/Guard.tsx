import { type ReactNode, Suspense } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { retryableLazy } from '../../common/retryableLazy.tsx';
import { pathTo, type Access } from '../routeTable.ts';
import { decide } from './access.ts';
import { useSession } from './Session.tsx';

// Loaded when needed: it is a Fluent screen, and the guard is part of the sign-in page's download.
const RestrictedPage = retryableLazy(() => import('../pages/RestrictedPage.tsx'));

/** The loading state: plain markup (common/plain.css), since it shows before Fluent is loaded. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="plain-loading" role="status">
      <div className="plain-spinner" />
      <span>{label}</span>
    </div>
  );
}

/** Where the sign-in page sends the user afterwards: the address they opened while signed out. */
export interface SignInState {
  from?: string;
}

/**
 * The access column of the route table, in the UI. The server enforces the same rules on every call;
 * this only decides which screen to show. A signed-out user goes to the sign-in page, which remembers
 * the address (unless they signed out here themselves).
 */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const { status, user, signedOutHere } = useSession();
  const params = useParams();
  const location = useLocation();
  if (access === 'public') return <>{children}</>;
  if (status === 'checking') return <Loading />;
  if (status !== 'signedIn' || !user) {
    const state: SignInState | undefined = signedOutHere ? undefined : { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={pathTo('ROOT')} replace state={state} />;
  }
  const decision = decide(user, access, params);
  if (decision === 'allow') return <>{children}</>;
  if (decision === 'noClient') return <Navigate to={pathTo('NO_CLIENT')} replace />;
  return (
    <Suspense fallback={<Loading />}>
      <RestrictedPage reason={decision} />
    </Suspense>
  );
}
