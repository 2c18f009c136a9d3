import { Link } from 'react-router-dom';
import { visitApi } from '../api.ts';
import { useSite } from '../context.ts';
import { textIn } from '../i18n.ts';
import { useLoad } from '../useLoad.ts';
import { formTitle } from './FeedbackFormPage.tsx';
import { Failed, Loading } from './states.tsx';

/** The people to ask, the way to the FAQ, and the three forms. */
export function ContactPage() {
  const { path, move, t, language, signedOut } = useSite();
  const contacts = useLoad(`contacts:${path}`, (early) => visitApi.contacts(path, early), signedOut);
  return (
    <>
      <h1>{t.contact}</h1>
      {contacts.state === 'loading' && <Loading t={t} />}
      {contacts.state === 'failed' && <Failed t={t} retry={contacts.reload} />}
      {contacts.state === 'ready' &&
        (contacts.data.length === 0 ? (
          <p className="v-empty">{t.noContacts}</p>
        ) : (
          <ul className="v-contacts">
            {contacts.data.map((c) => (
              <li key={c.id} className="v-card">
                <h2>{c.name}</h2>
                {c.title && <p className="v-muted" {...textIn(c, 'title', language, move.defaultLanguage)} />}
                {c.phonenumber && (
                  <p>
                    {t.phone}: <a href={`tel:${c.phonenumber.replace(/[^+\d]/g, '')}`}>{c.phonenumber}</a>
                  </p>
                )}
                {c.email && (
                  <p>
                    {t.email}: <a href={`mailto:${c.email}`}>{c.email}</a>
                  </p>
                )}
              </li>
            ))}
          </ul>
        ))}
      <ul className="v-links">
        <li>
          <Link to={`/${path}/faq`}>{t.faq}</Link>
        </li>
        {(['question', 'error', 'feedback'] as const).map((kind) => (
          <li key={kind}>
            <Link to={`/${path}/${kind}`}>{formTitle(kind, t)}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
