import { messages } from '@movers/contracts';
import { Component, type ReactNode } from 'react';
// Plain markup: the boundary is part of the first download, which loads no Fluent.
import { PlainPrimaryButton } from './PlainPrimaryButton.tsx';
import { retryFailedLoads } from './retryableLazy.tsx';

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
export class ScreenBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  componentDidCatch(error: unknown) {
    console.warn('screen failed to render', error);
  }

  render() {
    if (this.state.error)
      return (
        <ScreenFailed
          onRetry={() => {
            retryFailedLoads();
            this.setState({ error: null });
          }}
        />
      );
    return this.props.children;
  }
}
