import { useEffect } from 'react';
import type { Strings } from '../i18n.ts';

/** A friendly page for an address that is no move's site (or no page of it). */
export function NotFoundPage({ t, home }: { t: Strings; home?: string }) {
  useEffect(() => {
    document.title = t.notFoundTitle;
  }, [t]);
  return (
    <main className="v-notfound">
      <h1>{t.notFoundTitle}</h1>
      <p>{t.notFoundText}</p>
      {home && <a href={home}>{t.info}</a>}
    </main>
  );
}
