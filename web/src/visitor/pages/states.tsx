import type { Strings } from '../i18n.ts';

export const Loading = ({ t }: { t: Strings }) => (
  <p className="v-muted" aria-live="polite">
    {t.loading}
  </p>
);

/** A failure with a retry: data that could not be fetched, or (`text`) a page that could not be loaded. */
export const Failed = ({ t, retry, text = t.failed }: { t: Strings; retry(): void; text?: string }) => (
  <p role="alert" className="v-error">
    {text}{' '}
    <button type="button" className="v-link-button" onClick={retry}>
      {t.retry}
    </button>
  </p>
);
