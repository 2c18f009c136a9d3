import type { Strings } from '../i18n.ts';

export const Loading = ({ t }: { t: Strings }) => (
  <p className="v-muted" aria-live="polite">
    {t.loading}
  </p>
);

export const Failed = ({ t, retry }: { t: Strings; retry(): void }) => (
  <p role="alert" className="v-error">
    {t.failed}{' '}
    <button type="button" className="v-link-button" onClick={retry}>
      {t.retry}
    </button>
  </p>
);
