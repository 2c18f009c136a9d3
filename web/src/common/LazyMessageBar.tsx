import { Suspense } from 'react';
import type { MessageBarProps } from './messageBarProps.ts';
import { retryableLazy } from './retryableLazy.tsx';

// Fluent's MessageBar brings its dismiss button, and with it Fluent's buttons, menus and callouts: far
// more than the sign-in page needs. Pages that load before those (sign-in, toasts) fetch it when
// there is a message to show.
const MessageBar = retryableLazy(() => import('./MessageBarWithIcons.tsx'));

export function LazyMessageBar(props: MessageBarProps) {
  return (
    <Suspense fallback={null}>
      <MessageBar {...props} />
    </Suspense>
  );
}
