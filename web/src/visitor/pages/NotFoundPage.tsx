import type { ContentLocale } from '@movers/contracts';
import { contentLocales, localeNames } from '@movers/contracts/src/locales.ts';
import { useEffect, useState } from 'react';
import { langTag, type Strings, stringsOf } from '../i18n.ts';

/** The site's language from the browser's list, among the six; Norwegian bokmål when none of them. */
export function browserLanguage(languages: readonly string[] = navigator.languages?.length ? navigator.languages : [navigator.language]): ContentLocale {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    const code = primary === 'sv' ? 'se' : primary === 'nb' ? 'no' : primary;
    if ((contentLocales as readonly string[]).includes(code)) return code as ContentLocale;
  }
  return 'no';
}

/** A friendly page for an address that is no move's site (or no page of it), in the site's language. */
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

/**
 * The same page where no move is known (an unknown or disabled move's path): in the browser's language
 * among the six, with a menu of all six, since no move says which it offers.
 */
export function NoMovePage() {
  const [language, setLanguage] = useState<ContentLocale>(() => browserLanguage());
  const t = stringsOf(language);
  useEffect(() => {
    document.documentElement.lang = langTag(language);
  }, [language]);
  return (
    <div className="v-site v-site-login">
      <header className="v-header">
        <label className="v-language">
          <span>{t.language}</span>
          <select value={language} onChange={(e) => setLanguage(e.target.value as ContentLocale)}>
            {contentLocales.map((code) => (
              <option key={code} value={code} lang={langTag(code)}>
                {localeNames[code]}
              </option>
            ))}
          </select>
        </label>
      </header>
      <NotFoundPage t={t} />
    </div>
  );
}
