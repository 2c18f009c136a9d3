import { Spinner, SpinnerSize } from '@fluentui/react';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { RestrictedPage } from '../pages/RestrictedPage.tsx';
import { pathTo, type Access } from '../routeTable.ts';
import { useSession } from './Session.tsx';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return <Spinner size={SpinnerSize.large} label={label} styles={{ root: { margin: 48 } }} />;
}

/**
 * The access column of the route table, in the UI. The server enforces the same rules on every call;
 * this only decides which screen to show.
 */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const { status, user } = useSession();
  const params = useParams();
  if (access === 'public') return <>{children}</>;
  if (status === 'checking') return <Loading />;
  if (status !== 'signedIn' || !user) return <Navigate to={pathTo('ROOT')} replace />;
  if (access === 'protected') return <>{children}</>;
  if (user.isExternal && !user.client) return <Navigate to={pathTo('NO_CLIENT')} replace />;
  const internal = user.roles.includes('Internal') || user.roles.includes('Internal.Super');
  if ((access === 'notExternal' || access === 'internal') && !internal) return <RestrictedPage />;
  if (access === 'super' && !user.roles.includes('Internal.Super')) return <RestrictedPage />;
  // 'signedIn' screens under a client: an External user sees only their own client.
  if (user.isExternal && params.clientId && params.clientId !== user.client?.id) return <RestrictedPage />;
  return <>{children}</>;
}
