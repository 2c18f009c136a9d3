import { CacheLookupPolicy, EventType, InteractionRequiredAuthError, type AccountInfo } from '@azure/msal-browser';
import { useMsal } from '@azure/msal-react';
import { messages, meRoutes, type User } from '@movers/contracts';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { mutate as mutateCache } from 'swr';
import { createApiClient, type ApiClient } from '../../common/api/apiClient.ts';
import { ApiContext } from '../../common/api/ApiContext.tsx';
import { AuthError, InteractionNeeded } from '../../common/api/errors.ts';
import type { AppConfig } from '../../common/config.ts';
import type { UserAccess } from './access.ts';
import { forgetUser, heldUser, holdUser } from './lastUser.ts';
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
  /** The user signed out in this tab: the sign-in page then forgets the address they were on. */
  signedOutHere: boolean;
  /**
   * While the session is checked: what the last check answered for the signed-in account (`lastUser.ts`), for
   * asking a screen's reads meanwhile; undefined once checked. Never what decides what is shown.
   */
  expectedUser: UserAccess | undefined;
  /** The run-time configuration the session was started with. */
  config: AppConfig;
  /**
   * An access token for other scopes (e.g. the document store's): silently, else with a popup; with
   * `popup: false`, an `InteractionNeeded` error instead, for a caller that asks the user to click first.
   */
  tokenFor(scopes: string[], forceRefresh: boolean, options?: { popup: boolean }): Promise<string>;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

export const signInNotCompleted = 'Sign-in was not completed. Press Sign in to try again.';
export const popupBlocked =
  'The browser blocked the sign-in window. Allow pop-ups for this site (the blocked-window icon at the right end of the address bar, then "Always allow"), and press Sign in again.';

/** Consent or sign-in is missing, or the refresh token is refused (expired, revoked): only the user can help. */
function needsInteraction(error: unknown): boolean {
  const code = (error as { errorCode?: string }).errorCode;
  return error instanceof InteractionRequiredAuthError || code === 'invalid_grant';
}

/** Login errors are reduced to a message; the details go to the console as debug text. */
export function reduce(error: unknown): string {
  console.debug('sign-in error', error);
  if (error instanceof AuthError) return error.message;
  const code = (error as { errorCode?: string }).errorCode;
  if (code === 'popup_window_error' || code === 'empty_window_error') return popupBlocked;
  // A closed popup is only noticed when MSAL's wait for it runs out (a minute): 'timed_out'.
  if (code === 'user_cancelled' || code === 'timed_out') return signInNotCompleted;
  return error instanceof Error ? error.message : 'Sign-in failed';
}

export function SessionProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  const { instance } = useMsal();
  const [status, setStatus] = useState<SessionStatus>('checking');
  const [user, setUser] = useState<User>();
  const [error, setError] = useState<string>();
  const [signedOutHere, setSignedOutHere] = useState(false);
  const scopes = useMemo(() => loginScopes(config), [config]);
  const apiRef = useRef<ApiClient>();

  const account = useCallback((): AccountInfo | null => instance.getActiveAccount() ?? instance.getAllAccounts()[0] ?? null, [instance]);

  // One token request at a time: the identity provider rotates refresh tokens, so two refreshes at
  // once (the API's and the document store's token, after a 401) would spend the same refresh token
  // twice, and the second would fail.
  const tokenQueue = useRef<Promise<unknown>>(Promise.resolve());
  // The last token got for the signed-in account and scopes, while it has more than five minutes left (issue
  // 56): each of a screen's reads asks for a token, and MSAL's cache lookups, one after another in the queue,
  // held the last of the move-day board's six first reads about half a second at 4× CPU slowdown. Kept by
  // scopes alone, without asking MSAL for the account (its accounts are rebuilt from storage at each ask, a
  // quarter of each poll's cost on the board): a sign-in, a sign-out or another active account, in any tab, empties it.
  const heldTokens = useRef(new Map<string, { token: string; until: number }>());
  const tokenFor = useCallback(
    (wanted: string[], forceRefresh: boolean, { popup } = { popup: true }) => {
      const heldKey = wanted.join(' ');
      const held = forceRefresh ? undefined : heldTokens.current.get(heldKey);
      if (held && held.until > Date.now()) return Promise.resolve(held.token);
      const acquire = async () => {
        const current = account();
        if (!current) throw new AuthError(messages.auth.notSignedIn);
        heldTokens.current.delete(heldKey);
        const keep = (result: { accessToken: string; expiresOn: Date | null }) => {
          // Not kept when another account became the active one while it was asked for.
          if (result.expiresOn && account()?.homeAccountId === current.homeAccountId)
            heldTokens.current.set(heldKey, { token: result.accessToken, until: result.expiresOn.getTime() - 5 * 60_000 });
          return result.accessToken;
        };
        try {
          // Never a hidden iframe: the portal may not be framed (frame-ancestors 'none'), so MSAL's iframe
          // renewal could only wait out its timeout. A refresh token the provider refuses needs the user.
          const silent = { scopes: wanted, account: current, forceRefresh, cacheLookupPolicy: CacheLookupPolicy.AccessTokenAndRefreshToken };
          return keep(await instance.acquireTokenSilent(silent));
        } catch (e) {
          if (!needsInteraction(e)) throw e;
          if (!popup) throw new InteractionNeeded((e as Error).message);
          // A popup of an earlier page (left by navigating away) must not block this one for good.
          return keep(await instance.acquireTokenPopup({ scopes: wanted, account: current, overrideInteractionInProgress: true }));
        }
      };
      const next = tokenQueue.current.then(acquire, acquire);
      tokenQueue.current = next.catch(() => undefined);
      return next;
    },
    [account, instance],
  );
  const getToken = useCallback((forceRefresh: boolean) => tokenFor(scopes, forceRefresh), [tokenFor, scopes]);

  /** Ends the session in this tab: no user, and no data of theirs left in the resource cache. */
  const endSession = useCallback((message: string) => {
    heldTokens.current.clear();
    forgetUser();
    setStatus('signedOut');
    setUser(undefined);
    setError(message);
    void mutateCache(() => true, undefined, { revalidate: false });
  }, []);

  apiRef.current ??= createApiClient({
    baseUrl: config.apiBaseUrl,
    getToken: (force) => getToken(force),
    onExhausted: () => endSession(messages.auth.backendRejects),
  });
  const api = apiRef.current;

  // The check's request leaves as the session is first drawn, with an account held (issue 56): the
  // screen's first reads, asked as the app inside is drawn (`AdminApp.tsx`), leave after it, and the API
  // answers it first; asked in the effect below, it came behind a move-day board's six large reads.
  const firstCheck = useRef<Promise<User> | null>();
  if (firstCheck.current === undefined) {
    firstCheck.current = account() ? callRoute(api, meRoutes.me, { params: {} }) : null;
    // Its failure is met where it is taken (loadUser).
    firstCheck.current?.catch(() => undefined);
  }

  const loadUser = useCallback(async () => {
    try {
      const asked = firstCheck.current;
      firstCheck.current = null;
      const me = await (asked ?? callRoute(api, meRoutes.me, { params: {} }));
      const current = account();
      if (current) holdUser(current.homeAccountId, me);
      // The frame and the screen are drawn as a transition, in slices (issue 56): drawn in one task (≈ 1 s of
      // Fluent at 4× CPU slowdown), the screen's reads, asked for as its hooks were drawn, waited for its end.
      startTransition(() => {
        setUser(me);
        setError(undefined);
        setStatus('signedIn');
      });
    } catch (e) {
      forgetUser();
      setUser(undefined);
      setError(reduce(e));
      setStatus('signedOut');
    }
  }, [api, account]);

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

  // Every tab follows a sign-out: MSAL broadcasts LOGOUT_SUCCESS to the other tabs of this origin
  // (BroadcastChannel, with the cache in local storage), and emits it in this tab too. A sign-in or another
  // account made the active one (broadcast alike) leaves no token held for the account before.
  useEffect(() => {
    const id = instance.addEventCallback(
      (event) => {
        if (event.eventType === EventType.LOGOUT_SUCCESS) endSession(messages.auth.notSignedIn);
        else heldTokens.current.clear();
      },
      [EventType.LOGOUT_SUCCESS, EventType.LOGIN_SUCCESS, EventType.ACTIVE_ACCOUNT_CHANGED],
    );
    return () => {
      if (id) instance.removeEventCallback(id);
    };
  }, [endSession, instance]);

  const signIn = useCallback(async () => {
    setSignedOutHere(false);
    setError(undefined);
    try {
      // MSAL v5 cannot see a popup closed by the user (it waits a minute for an answer), so each click
      // starts afresh: the new popup overrides the unfinished interaction instead of failing with
      // interaction_in_progress. Sign-in asks for the API's scope only: the document store's (Graph) scope
      // is asked for when a brokering document tree is opened (tokenFor, a popup if consent is missing),
      // so a tenant where users may not consent to Graph still lets everyone sign in.
      const result = await instance.loginPopup({ scopes, overrideInteractionInProgress: true });
      instance.setActiveAccount(result.account);
      setStatus('checking');
      await loadUser();
    } catch (e) {
      // The unfinished attempt that a newer click replaced: that click speaks for itself.
      if ((e as { errorCode?: string }).errorCode === 'interaction_in_progress_cancelled') return;
      setError(reduce(e));
      setStatus('signedOut');
    }
  }, [instance, loadUser, scopes]);

  const signOut = useCallback(async () => {
    const current = account();
    setSignedOutHere(true);
    try {
      // The ID token identifies the app to the provider, which then returns the popup to our redirect page.
      await instance.logoutPopup({ account: current ?? undefined, idTokenHint: current?.idToken });
    } catch {
      await instance.clearCache();
    }
    endSession(messages.auth.notSignedIn);
  }, [account, endSession, instance]);

  // Of the account signed in when the check began: after a sign-in as another, not the one before's.
  const expectedUser = useMemo(() => {
    const current = status === 'checking' ? account() : null;
    return current ? heldUser(current.homeAccountId) : undefined;
  }, [status, account]);
  const session = useMemo<Session>(
    () => ({ status, user, expectedUser, error, signIn, signOut, signedOutHere, config, tokenFor }),
    [status, user, expectedUser, error, signIn, signOut, signedOutHere, config, tokenFor],
  );
  return (
    <SessionContext.Provider value={session}>
      <ApiContext.Provider value={api}>{children}</ApiContext.Provider>
    </SessionContext.Provider>
  );
}
