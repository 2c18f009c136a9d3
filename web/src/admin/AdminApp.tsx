import { type ComponentType, useMemo } from 'react';
import { ChunkSuspense } from '../common/ChunkSuspense.tsx';
import { preloadLazy, retryableLazy } from '../common/retryableLazy.tsx';
import { matchRoutes, Route, Routes, useLocation } from 'react-router-dom';
import { ScreenBoundary } from '../common/ScreenBoundary.tsx';
import { useApi } from '../common/api/ApiContext.tsx';
import { useAskRead } from '../common/api/askedEarly.ts';
import { decide } from './auth/access.ts';
import { Guard, Loading } from './auth/Guard.tsx';
import { useSession } from './auth/Session.tsx';
import { routeTable, type RouteKey } from './routeTable.ts';
import { NotFoundRoute } from './pages/NotFoundRoute.tsx';
import { loadScreenReads } from './pages/screenReadsChunk.ts';
import { ScreenFocus } from './shell/ScreenFocus.tsx';

// Each screen is its own chunk: the sign-in page loads none of the others.
const SignInPage = retryableLazy(() => import('./pages/SignInPage.tsx'));
const Shell = retryableLazy(() => import('./shell/Shell.tsx'));
const NoClientPage = retryableLazy(() => import('./pages/NoClientPage.tsx'));
// The wall link's page (issue 49): opened on a screen without signing in, so outside the guards and the frame.
const WallLinkPage = retryableLazy(() => import('./features/moveDay/WallLinkPage.tsx'));

const screens: Partial<Record<RouteKey, ComponentType>> = {
  ADMIN_ROOT: retryableLazy(() => import('./pages/DashboardPage.tsx')),
  CLIENTS_ROOT: retryableLazy(() => import('./features/clients/ClientsListPage.tsx')),
  ADD_CLIENT: retryableLazy(() => import('./features/clients/ClientFormPage.tsx')),
  CLIENT_DASHBOARD: retryableLazy(() => import('./features/clients/ClientDashboardPage.tsx')),
  EDIT_CLIENT: retryableLazy(() => import('./features/clients/ClientFormPage.tsx')),
  CREATE_LEASE: retryableLazy(() => import('./features/leases/LeaseFormPage.tsx')),
  EDIT_LEASE: retryableLazy(() => import('./features/leases/LeaseFormPage.tsx')),
  REMINDERS: retryableLazy(() => import('./features/leases/RemindersPage.tsx')),
  LOCATIONS_ROOT: retryableLazy(() => import('./features/locations/LocationsListPage.tsx')),
  CLIENT_LOCATION: retryableLazy(() => import('./features/locations/LocationDashboardPage.tsx')),
  CLIENT_LOCATION_EDIT: retryableLazy(() => import('./features/locations/LocationFormPage.tsx')),
  CREATE_CLIENT_LOCATION: retryableLazy(() => import('./features/locations/LocationFormPage.tsx')),
  USERS_LIST: retryableLazy(() => import('./features/users/UsersListPage.tsx')),
  CREATE_USER: retryableLazy(() => import('./features/users/UserFormPage.tsx')),
  EDIT_USER: retryableLazy(() => import('./features/users/UserFormPage.tsx')),
  CREATE_BROKERING_SERVICE: retryableLazy(() => import('./features/brokering/BrokeringFormPage.tsx')),
  EDIT_BROKERING_PROJECT: retryableLazy(() => import('./features/brokering/BrokeringFormPage.tsx')),
  BROKERING_DASHBOARD: retryableLazy(() => import('./features/brokering/BrokeringDashboardPage.tsx')),
  BROKERING_TIMELINE: retryableLazy(() => import('./features/brokering/BrokeringTimelinePage.tsx')),
  CREATE_LOCATION_SERVICE: retryableLazy(() => import('./features/moves/MoveFormPage.tsx')),
  EDIT_LOCATION_MOVE_SERVICE: retryableLazy(() => import('./features/moves/MoveFormPage.tsx')),
  TEMPLATES_ROOT: retryableLazy(() => import('./features/templates/TemplatesListPage.tsx')),
  CREATE_TEMPLATE: retryableLazy(() => import('./features/templates/TemplateFormPage.tsx')),
  EDIT_TEMPLATE: retryableLazy(() => import('./features/templates/TemplateFormPage.tsx')),
  MOVE_PAGES: retryableLazy(() => import('./features/movePages/MovePagesListPage.tsx')),
  MOVE_TIMELINE: retryableLazy(() => import('./features/moves/MoveTimelinePage.tsx')),
  MOVE_FEEDBACK: retryableLazy(() => import('./features/feedback/FeedbackInboxPage.tsx')),
  MOVE_DAY: retryableLazy(() => import('./features/moveDay/MoveDayBoardPage.tsx')),
  CREATE_MOVE_PAGE: retryableLazy(() => import('./features/movePages/MovePageFormPage.tsx')),
  EDIT_PAGE: retryableLazy(() => import('./features/movePages/MovePageFormPage.tsx')),
  DOCUMENTS: retryableLazy(() => import('./features/moveDocuments/MoveDocumentsPage.tsx')),
  MOVE_FAQs: retryableLazy(() => import('./features/moveContent/FaqPage.tsx')),
  MOVE_CONTACTS: retryableLazy(() => import('./features/moveContent/ContactsPage.tsx')),
  MOVE_DETAILS: retryableLazy(() => import('./features/moveContent/DetailsPage.tsx')),
  MOVE_HISTORY: retryableLazy(() => import('./features/moveHistory/MoveHistoryPage.tsx')),
  MOVE_WAVES: retryableLazy(() => import('./features/waves/WavesPage.tsx')),
  FLOOR_PLANNER: retryableLazy(() => import('./features/planner/FloorPlannerPage.tsx')),
};

/** The screens as React Router ranks them, to find the one an address opens (`add-client` is not a `:clientId`). */
const screenRoutes = (Object.keys(screens) as RouteKey[]).map((id) => ({ id, path: routeTable[id].path }));

export function AdminApp() {
  const { pathname, search } = useLocation();
  // The screen's chunk and the frame's asked for at once (issue 56): the frame is drawn once the session is
  // checked, and the screen inside it, so each chunk was asked for only when drawn (≈ 0.4 s at 4× CPU), and
  // a chunk still loading when drawn shows its fallback, which holds the screen back (`retryableLazy`).
  // And the screen's first reads (`pages/screenReads.ts`), as soon as the user is known (below): they waited
  // for the frame's drawing (≈ 1 s at 4× CPU), then for the screen's code (≈ 0.1 s).
  const api = useApi();
  const ask = useAskRead();
  const { user, expectedUser } = useSession();
  const reader = user ?? expectedUser;
  const screen = useMemo(() => matchRoutes(screenRoutes, pathname)?.[0], [pathname]);
  useMemo(() => {
    if (!screen) return;
    preloadLazy(Shell);
    preloadLazy(screens[screen.route.id]);
  }, [screen]);
  // The reads once the user is known and may see the screen (the guard's rule): asked before, a screen the
  // user may not see asked for what the server refuses. Known: checked, or while the session is checked, the
  // user the last check answered for this account, so the reads leave beside the check (issue 56).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once a screen is opened, with the address's query as it was then (a planner step's change reads through its hooks); api and ask do not change
  useMemo(() => {
    if (!screen || !reader || decide(reader, routeTable[screen.route.id].access, screen.params) !== 'allow') return;
    // A chunk that did not come asks nothing early: the screen's hooks ask as they are drawn.
    loadScreenReads().then(
      ({ askScreenReads }) => askScreenReads(screen.route.id, ask, api, screen.params, new URLSearchParams(search)),
      () => undefined,
    );
  }, [screen, reader]);
  return (
    <ChunkSuspense fallback={<Loading />}>
      <ScreenFocus />
      <Routes>
        <Route path={routeTable.ROOT.path} element={<SignInPage />} />
        <Route path="/admin/wall/:moveId" element={<WallLinkPage />} />
        <Route
          element={
            <Guard access="protected">
              <Shell />
            </Guard>
          }
        >
          <Route path={routeTable.NO_CLIENT.path} element={<NoClientPage />} />
          {Object.entries(screens).map(([key, Screen]) => {
            const route = routeTable[key as RouteKey];
            return (
              <Route
                key={key}
                path={route.path}
                element={
                  <Guard access={route.access}>
                    <ScreenBoundary resetKey={pathname}>
                      <Screen />
                    </ScreenBoundary>
                  </Guard>
                }
              />
            );
          })}
        </Route>
        <Route path="/404" element={<NotFoundRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </ChunkSuspense>
  );
}
