import { visitApi } from '../api.ts';
import { useSite } from '../context.ts';
import { textIn } from '../i18n.ts';
import { useLoad } from '../useLoad.ts';
import { Failed, Loading } from './states.tsx';

/** The move's published questions in the visitor's language (else the move's default), each opening to its answer (a native disclosure: keyboard and screen readers for free). */
export function FaqPage() {
  const { path, move, t, language, signedOut } = useSite();
  const faq = useLoad(`faq:${path}`, (early) => visitApi.faq(path, early), signedOut);
  return (
    <>
      <h1>{t.faq}</h1>
      {faq.state === 'loading' && <Loading t={t} />}
      {faq.state === 'failed' && <Failed t={t} retry={faq.reload} />}
      {faq.state === 'ready' &&
        (faq.data.length === 0 ? (
          <p className="v-empty">{t.noFaq}</p>
        ) : (
          faq.data.map((q) => (
            <details key={q.id} className="v-card v-faq">
              <summary {...textIn(q, 'question', language, move.defaultLanguage)} />
              <p className="v-pre" {...textIn(q, 'answer', language, move.defaultLanguage)} />
            </details>
          ))
        ))}
    </>
  );
}
