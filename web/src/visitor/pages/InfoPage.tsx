import type { VisitDocument } from '@movers/contracts';
import { useState } from 'react';
import { visitApi } from '../api.ts';
import { useSite } from '../context.ts';
import { pickPage, textIn } from '../i18n.ts';
import { useLoad } from '../useLoad.ts';
import { Failed, Loading } from './states.tsx';

const size = (bytes: number, tag: string) =>
  new Intl.NumberFormat(tag, { style: 'unit', unit: bytes >= 1_000_000 ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(
    bytes >= 1_000_000 ? bytes / 1_000_000 : Math.max(bytes / 1000, 0.1),
  );

/** General information (the move's details), the published pages in the visitor's language (falling back to the page's, then the move's), and the documents. */
export function InfoPage() {
  const { path, move, language, t, tag, signedOut } = useSite();
  const pages = useLoad(`pages:${path}`, (early) => visitApi.pages(path, early), signedOut);
  const documents = useLoad(`documents:${path}`, (early) => visitApi.documents(path, early), signedOut);
  const details = useLoad(`details:${path}`, (early) => visitApi.details(path, early), signedOut);
  const [downloadFailed, setDownloadFailed] = useState<string | null>(null);

  const download = (document: VisitDocument) => {
    setDownloadFailed(null);
    visitApi.download(path, document).catch(() => setDownloadFailed(document.id));
  };

  // The three answers are shown together: one arriving after another would push what is already drawn
  // down under the visitor's eyes (Lighthouse measured that as layout shift).
  if ([details, pages, documents].some((loaded) => loaded.state === 'loading'))
    return (
      <>
        <h1>{move.name}</h1>
        <Loading t={t} />
      </>
    );

  return (
    <>
      <h1>{move.name}</h1>
      {details.state === 'ready' && details.data.length > 0 && (
        <section className="v-card" aria-labelledby="general-information">
          <h2 id="general-information">{t.generalInfo}</h2>
          <dl className="v-details">
            {details.data.map((d) => (
              <div key={d.id}>
                <dt {...textIn(d, 'title', language, move.defaultLanguage)} />
                <dd className="v-pre" {...textIn(d, 'description', language, move.defaultLanguage)} />
              </div>
            ))}
          </dl>
        </section>
      )}
      {details.state === 'failed' && <Failed t={t} retry={details.reload} />}
      {pages.state === 'failed' && <Failed t={t} retry={pages.reload} />}
      {pages.state === 'ready' &&
        (pages.data.length === 0 ? (
          <p className="v-empty">{t.noItems}</p>
        ) : (
          pages.data.map((page) => {
            const shown = pickPage(page, language, move.defaultLanguage);
            return (
              <section key={page.id} className="v-card v-page" aria-labelledby={`page-${page.id}`}>
                <h2 id={`page-${page.id}`}>{shown?.title}</h2>
                {/* Sanitised by the API when the page was saved. */}
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised rich text */}
                <div className="v-rich" dangerouslySetInnerHTML={{ __html: shown?.content ?? '' }} />
              </section>
            );
          })
        ))}
      <section className="v-card" aria-labelledby="documents">
        <h2 id="documents">{t.documents}</h2>
        {documents.state === 'failed' && <Failed t={t} retry={documents.reload} />}
        {documents.state === 'ready' &&
          (documents.data.length === 0 ? (
            <p className="v-empty">{t.noItems}</p>
          ) : (
            <ul className="v-documents">
              {documents.data.map((document) => (
                <li key={document.id}>
                  <span className="v-document-name">{document.originalFilename}</span>
                  <span className="v-muted">{size(document.size, tag)}</span>
                  <button type="button" className="v-button" onClick={() => download(document)} aria-label={`${t.download} ${document.originalFilename}`}>
                    {t.download}
                  </button>
                  {downloadFailed === document.id && (
                    <span role="alert" className="v-error">
                      {t.failed}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          ))}
      </section>
    </>
  );
}
