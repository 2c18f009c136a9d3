import { Component, type ReactNode } from 'react';
import { retryFailedLoads } from './retryableLazy.tsx';

interface Props {
  /** Clears the failure when it changes (the address: the user went elsewhere). */
  resetKey: string;
  /** What shows instead of the children once they failed; `retry` renders them again, loading failed chunks anew. */
  fallback(retry: () => void): ReactNode;
  children: ReactNode;
}

/**
 * An error boundary with a retry: a render error, or a chunk that failed to load, shows `fallback`
 * in place of the children and nowhere else, so the frame around them (menus, header) stays.
 */
export class RetryBoundary extends Component<Props, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Pick<Props, 'resetKey'>, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  componentDidCatch(error: unknown) {
    console.warn('failed to render', error);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return this.props.fallback(() => {
      retryFailedLoads();
      this.setState({ error: null });
    });
  }
}
