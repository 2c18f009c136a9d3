import { Spinner, SpinnerSize } from '@fluentui/react';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { RestrictedPage } from '../pages/RestrictedPage.tsx';
import { pathTo, type Access } from '../routeTable.ts';
import { decide } from './access.ts';
import { useSession } from './Session.tsx';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return <Spinner size={SpinnerSize.large} label={label} styles={{ root: { margin: 48 } }} />;
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
  return <RestrictedPage reason={decision} />;
}
