import { InteractionRequiredAuthError, type AccountInfo } from '@azure/msal-browser';
import { useMsal } from '@azure/msal-react';
import { messages, api as routes, type User } from '@movers/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createApiClient, type ApiClient } from '../../common/api/apiClient.ts';
import { ApiContext } from '../../common/api/ApiContext.tsx';
import { AuthError } from '../../common/api/errors.ts';
import type { AppConfig } from '../../common/config.ts';
import { loginScopes } from './msal.ts';
import { callRoute } from '../../common/api/route.ts';

export type SessionStatus = 'checking' | 'signedOut' | 'signedIn';

export interface Session {
  status: SessionStatus;
  user: User | undefined;
  /** 'Not signed in', 'Backend does not accept token or is not responding', or a reduced login error. */
  error: string | undefined;
  signIn(): Promise<void>;
  signOut(): Promise<void>;
  /** The run-time configuration the session was started with. */
  config: AppConfig;
  /** An access token for other scopes (e.g. the document store's), silently or with a popup. */
  tokenFor(scopes: string[], forceRefresh: boolean): Promise<string>;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** Login errors are reduced to a message; the details go to the console as debug text. */
function reduce(error: unknown): string {
  console.debug('sign-in error', error);
  if (error instanceof AuthError) return error.message;
  const code = (error as { errorCode?: string }).errorCode;
  if (code === 'user_cancelled' || code === 'popup_window_error') return 'Sign-in was cancelled or the popup was blocked';
  return error instanceof Error ? error.message : 'Sign-in failed';
}

export function SessionProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  const { instance } = useMsal();
  const [status, setStatus] = useState<SessionStatus>('checking');
  const [user, setUser] = useState<User>();
  const [error, setError] = useState<string>();
  const scopes = useMemo(() => loginScopes(config), [config]);
  const apiRef = useRef<ApiClient>();

  const account = useCallback((): AccountInfo | null => instance.getActiveAccount() ?? instance.getAllAccounts()[0] ?? null, [instance]);

  const tokenFor = useCallback(
    async (wanted: string[], forceRefresh: boolean) => {
      const current = account();
      if (!current) throw new AuthError(messages.auth.notSignedIn);
      try {
        return (await instance.acquireTokenSilent({ scopes: wanted, account: current, forceRefresh })).accessToken;
      } catch (e) {
        if (!(e instanceof InteractionRequiredAuthError)) throw e;
        return (await instance.acquireTokenPopup({ scopes: wanted, account: current })).accessToken;
      }
    },
    [account, instance],
  );
  const getToken = useCallback((forceRefresh: boolean) => tokenFor(scopes, forceRefresh), [tokenFor, scopes]);

  apiRef.current ??= createApiClient({
    baseUrl: config.apiBaseUrl,
    getToken: (force) => getToken(force),
    onExhausted: () => {
      setStatus('signedOut');
      setUser(undefined);
      setError(messages.auth.backendRejects);
    },
  });
  const api = apiRef.current;

  const loadUser = useCallback(async () => {
    try {
      const me = await callRoute(api, routes.users.me, { params: {} });
      setUser(me);
      setError(undefined);
      setStatus('signedIn');
    } catch (e) {
      setUser(undefined);
      setError(reduce(e));
      setStatus('signedOut');
    }
  }, [api]);

  useEffect(() => {
    const current = account();
    if (!current) {
      setError(messages.auth.notSignedIn);
      setStatus('signedOut');
      return;
    }
    instance.setActiveAccount(current);
    void loadUser();
  }, [account, instance, loadUser]);

  const signIn = useCallback(async () => {
    try {
      // The document store's delegated scope is consented at sign-in, so its token comes silently later.
      const result = await instance.loginPopup({ scopes, extraScopesToConsent: config.documentStoreScope ? [config.documentStoreScope] : undefined });
      instance.setActiveAccount(result.account);
      setStatus('checking');
      await loadUser();
    } catch (e) {
      setError(reduce(e));
      setStatus('signedOut');
    }
  }, [config.documentStoreScope, instance, loadUser, scopes]);

  const signOut = useCallback(async () => {
    const current = account();
    try {
      // The ID token identifies the app to the provider, which then returns the popup to our redirect page.
      await instance.logoutPopup({ account: current ?? undefined, idTokenHint: current?.idToken });
    } catch {
      await instance.clearCache();
    }
    setUser(undefined);
    setError(messages.auth.notSignedIn);
    setStatus('signedOut');
  }, [account, instance]);

  const session = useMemo<Session>(
    () => ({ status, user, error, signIn, signOut, config, tokenFor }),
    [status, user, error, signIn, signOut, config, tokenFor],
  );
  return (
    <SessionContext.Provider value={session}>
      <ApiContext.Provider value={api}>{children}</ApiContext.Provider>
    </SessionContext.Provider>
  );
}
