import { type ReactElement, Suspense } from 'react';
import { loadAgain } from '../common/loadAgain.ts';
import { retryableLazy } from '../common/retryableLazy.tsx';
import { useSite } from './context.ts';
import type { Strings } from './i18n.ts';
import { ContactPage } from './pages/ContactPage.tsx';
import { FaqPage } from './pages/FaqPage.tsx';
import { FeedbackFormPage, formTitle } from './pages/FeedbackFormPage.tsx';
import { InfoPage } from './pages/InfoPage.tsx';
import { Loading } from './pages/states.tsx';
import { TimelinePage } from './pages/TimelinePage.tsx';

/**
 * The pages of a move's site, in the menu's order: one entry per page (its address under `/{path}`,
 * its menu label, its screen). Adding a page (FAQ, contacts, floor plan, a form) is one entry here,
 * one route and handler in the API (`api.visit`), and its page component.
 */
export interface SitePage {
  key: string;
  /** Under `/{path}/`: '' is the site's home. */
  path: string;
  label(t: Strings): string;
  element: ReactElement;
  /** Reached from another page rather than the menu (the forms, from Contact). */
  inMenu?: false;
  /** Only for a person signed in with their personal link (their own move page). */
  person?: true;
}

// The floor plan brings the zoom library: loaded when the page is opened, so the site's first load stays
// small, or ahead of time by `prefetchFloorPlan` once the visitor is about to need it.
// One loader for both, so that 'try again' after a failed prefetch loads the chunk anew (loadAgain).
const loadFloorPlan = loadAgain(() => import('./pages/FloorPlanPage.tsx'));
const FloorPlanPage = retryableLazy(loadFloorPlan);
/** Fetches the floor plan's code in the background (a failure is left for the page to show and retry). */
export const prefetchFloorPlan = () => void loadFloorPlan().catch(() => undefined);
function FloorPlan() {
  const { t } = useSite();
  return (
    <Suspense fallback={<Loading t={t} />}>
      <FloorPlanPage />
    </Suspense>
  );
}

// The person's own move page (a personal link's session): loaded on its own, so the login page's first
// load does not grow.
const loadMe = loadAgain(() => import('./pages/MePage.tsx'));
const MePage = retryableLazy(loadMe);
/** Fetches the person's page's code in the background, beside the move's answer (issue 56). */
export const prefetchMe = () => void loadMe().catch(() => undefined);
function Me() {
  const { t } = useSite();
  return (
    <Suspense fallback={<Loading t={t} />}>
      <MePage />
    </Suspense>
  );
}

export const sitePages: SitePage[] = [
  { key: 'me', path: 'me', label: (t) => t.myMove, element: <Me />, person: true },
  { key: 'info', path: '', label: (t) => t.info, element: <InfoPage /> },
  { key: 'timeline', path: 'timeline', label: (t) => t.timeline, element: <TimelinePage /> },
  { key: 'floorplan', path: 'floorplan', label: (t) => t.floorPlan, element: <FloorPlan /> },
  // Beyond the spec: a person's seat link, sent by the team, opens the floor plan on their spot.
  { key: 'seat', path: 'seat/:personId', label: (t) => t.floorPlan, element: <FloorPlan />, inMenu: false },
  { key: 'contact', path: 'contact', label: (t) => t.contact, element: <ContactPage /> },
  { key: 'faq', path: 'faq', label: (t) => t.faq, element: <FaqPage /> },
  { key: 'question', path: 'question', label: (t) => formTitle('question', t), element: <FeedbackFormPage kind="question" />, inMenu: false },
  { key: 'error', path: 'error', label: (t) => formTitle('error', t), element: <FeedbackFormPage kind="error" />, inMenu: false },
  { key: 'feedback', path: 'feedback', label: (t) => formTitle('feedback', t), element: <FeedbackFormPage kind="feedback" />, inMenu: false },
];
