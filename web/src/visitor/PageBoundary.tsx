import type { ReactNode } from 'react';
import { RetryBoundary } from '../common/RetryBoundary.tsx';
import type { Strings } from './i18n.ts';
import { Failed } from './pages/states.tsx';

/**
 * Around each page of a move's site: a page whose code failed to load (offline on move day) says so in
 * the visitor's language with a retry, and the header and menu stay.
 */
export const PageBoundary = ({ t, resetKey, children }: { t: Strings; resetKey: string; children: ReactNode }) => (
  <RetryBoundary resetKey={resetKey} fallback={(retry) => <Failed t={t} retry={retry} text={t.couldNotLoad} />}>
    {children}
  </RetryBoundary>
);
