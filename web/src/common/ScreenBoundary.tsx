import { messages } from '@movers/contracts';
import type { ReactNode } from 'react';
// Plain markup: the boundary is part of the first download, which loads no Fluent.
import { PlainPrimaryButton } from './PlainPrimaryButton.tsx';
import { RetryBoundary } from './RetryBoundary.tsx';

/** What a screen that failed to render shows: the catalogue's failure text and a way to try again. */
export function ScreenFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="plain-failure" role="alert">
      <h1>{messages.common.fetchFailed}</h1>
      <PlainPrimaryButton onClick={onRetry} text="retry" />
    </div>
  );
}

/**
 * Around each routed screen: a render error (or a chunk that failed to load) shows 'failed to fetch
 * data' with a retry, inside the app frame, instead of a blank page. `resetKey` (the address) clears it
 * when the user goes elsewhere.
 */
export const ScreenBoundary = ({ children, resetKey }: { children: ReactNode; resetKey: string }) => (
  <RetryBoundary resetKey={resetKey} fallback={(retry) => <ScreenFailed onRetry={retry} />}>
    {children}
  </RetryBoundary>
);
