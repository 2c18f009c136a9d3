import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ScreenBoundary } from '../common/ScreenBoundary.tsx';
import { Guard, Loading } from './auth/Guard.tsx';
import { routeTable, type RouteKey } from './routeTable.ts';
import { NotFoundRoute } from './pages/NotFoundRoute.tsx';
import { ScreenFocus } from './shell/ScreenFocus.tsx';

// Each screen is its own chunk: the sign-in page loads none of the others.
const SignInPage = lazy(() => import('./pages/SignInPage.tsx'));
const Shell = lazy(() => import('./shell/Shell.tsx'));
const NoClientPage = lazy(() => import('./pages/NoClientPage.tsx'));

const screens: Partial<Record<RouteKey, LazyExoticComponent<ComponentType>>> = {
  ADMIN_ROOT: lazy(() => import('./pages/DashboardPage.tsx')),
  CLIENTS_ROOT: lazy(() => import('./features/clients/ClientsListPage.tsx')),
  ADD_CLIENT: lazy(() => import('./features/clients/ClientFormPage.tsx')),
  CLIENT_DASHBOARD: lazy(() => import('./features/clients/ClientDashboardPage.tsx')),
  EDIT_CLIENT: lazy(() => import('./features/clients/ClientFormPage.tsx')),
  CREATE_LEASE: lazy(() => import('./features/leases/LeaseFormPage.tsx')),
  EDIT_LEASE: lazy(() => import('./features/leases/LeaseFormPage.tsx')),
  REMINDERS: lazy(() => import('./features/leases/RemindersPage.tsx')),
  LOCATIONS_ROOT: lazy(() => import('./features/locations/LocationsListPage.tsx')),
  CLIENT_LOCATION: lazy(() => import('./features/locations/LocationDashboardPage.tsx')),
  CLIENT_LOCATION_EDIT: lazy(() => import('./features/locations/LocationFormPage.tsx')),
  CREATE_CLIENT_LOCATION: lazy(() => import('./features/locations/LocationFormPage.tsx')),
  USERS_LIST: lazy(() => import('./features/users/UsersListPage.tsx')),
  CREATE_USER: lazy(() => import('./features/users/UserFormPage.tsx')),
  EDIT_USER: lazy(() => import('./features/users/UserFormPage.tsx')),
  CREATE_BROKERING_SERVICE: lazy(() => import('./features/brokering/BrokeringFormPage.tsx')),
  EDIT_BROKERING_PROJECT: lazy(() => import('./features/brokering/BrokeringFormPage.tsx')),
  BROKERING_DASHBOARD: lazy(() => import('./features/brokering/BrokeringDashboardPage.tsx')),
  BROKERING_TIMELINE: lazy(() => import('./features/brokering/BrokeringTimelinePage.tsx')),
  CREATE_LOCATION_SERVICE: lazy(() => import('./features/moves/MoveFormPage.tsx')),
  EDIT_LOCATION_MOVE_SERVICE: lazy(() => import('./features/moves/MoveFormPage.tsx')),
  TEMPLATES_ROOT: lazy(() => import('./features/templates/TemplatesListPage.tsx')),
  CREATE_TEMPLATE: lazy(() => import('./features/templates/TemplateFormPage.tsx')),
  EDIT_TEMPLATE: lazy(() => import('./features/templates/TemplateFormPage.tsx')),
  MOVE_PAGES: lazy(() => import('./features/movePages/MovePagesListPage.tsx')),
  MOVE_TIMELINE: lazy(() => import('./features/moves/MoveTimelinePage.tsx')),
  MOVE_FEEDBACK: lazy(() => import('./features/feedback/FeedbackInboxPage.tsx')),
  CREATE_MOVE_PAGE: lazy(() => import('./features/movePages/MovePageFormPage.tsx')),
  EDIT_PAGE: lazy(() => import('./features/movePages/MovePageFormPage.tsx')),
  DOCUMENTS: lazy(() => import('./features/moveDocuments/MoveDocumentsPage.tsx')),
  MOVE_FAQs: lazy(() => import('./features/moveContent/FaqPage.tsx')),
  MOVE_CONTACTS: lazy(() => import('./features/moveContent/ContactsPage.tsx')),
  MOVE_DETAILS: lazy(() => import('./features/moveContent/DetailsPage.tsx')),
  FLOOR_PLANNER: lazy(() => import('./features/planner/FloorPlannerPage.tsx')),
};

export function AdminApp() {
  const { pathname } = useLocation();
  return (
    <Suspense fallback={<Loading />}>
      <ScreenFocus />
      <Routes>
        <Route path={routeTable.ROOT.path} element={<SignInPage />} />
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
    </Suspense>
  );
}
