import { Component, type ReactNode } from 'react';
import { retryFailedLoads } from '../common/retryableLazy.tsx';
import type { Strings } from './i18n.ts';

/**
 * Around each page of a move's site: a page whose code or data failed to load (offline on move day)
 * says so in the visitor's language with a retry, and the header and menu stay. `resetKey` (the
 * address) clears it when the visitor goes to another page.
 */
export class PageBoundary extends Component<{ t: Strings; resetKey: string; children: ReactNode }, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  componentDidCatch(error: unknown) {
    console.warn('page failed to load', error);
  }

  render() {
    const { t } = this.props;
    if (!this.state.error) return this.props.children;
    return (
      <p role="alert" className="v-error">
        {t.couldNotLoad}{' '}
        <button
          type="button"
          className="v-link-button"
          onClick={() => {
            retryFailedLoads();
            this.setState({ error: null });
          }}
        >
          {t.retry}
        </button>
      </p>
    );
  }
}
