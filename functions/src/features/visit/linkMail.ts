import { type ContentLocale, VISIT_LINK_MINUTES } from '@movers/contracts';

/** The sign-in link e-mail in the six content languages: `{site}`, `{url}` and `{minutes}` are filled in. */
const texts: Record<ContentLocale, { subject: string; lines: string[] }> = {
  en: {
    subject: 'Sign in to {site}',
    lines: [
      'Open this link to sign in to the site of {site}:',
      '',
      '{url}',
      '',
      'The link works once, for {minutes} minutes. If you did not ask for it, ignore this e-mail.',
    ],
  },
  no: {
    subject: 'Logg inn på {site}',
    lines: [
      'Åpne denne lenken for å logge inn på nettstedet til {site}:',
      '',
      '{url}',
      '',
      'Lenken virker én gang, i {minutes} minutter. Har du ikke bedt om den, kan du se bort fra denne e-posten.',
    ],
  },
  nn: {
    subject: 'Logg inn på {site}',
    lines: [
      'Opne denne lenkja for å logge inn på nettstaden til {site}:',
      '',
      '{url}',
      '',
      'Lenkja verkar éin gong, i {minutes} minutt. Har du ikkje bede om ho, kan du sjå bort frå denne e-posten.',
    ],
  },
  de: {
    subject: 'Anmelden bei {site}',
    lines: [
      'Öffnen Sie diesen Link, um sich auf der Seite von {site} anzumelden:',
      '',
      '{url}',
      '',
      'Der Link gilt einmal, {minutes} Minuten lang. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.',
    ],
  },
  da: {
    subject: 'Log ind på {site}',
    lines: [
      'Åbn dette link for at logge ind på siden for {site}:',
      '',
      '{url}',
      '',
      'Linket virker én gang i {minutes} minutter. Har du ikke bedt om det, kan du se bort fra denne e-mail.',
    ],
  },
  se: {
    subject: 'Logga in på {site}',
    lines: [
      'Öppna den här länken för att logga in på webbplatsen för {site}:',
      '',
      '{url}',
      '',
      'Länken fungerar en gång, i {minutes} minuter. Om du inte bad om den kan du bortse från det här mejlet.',
    ],
  },
};

/** The e-mail in `language`; the values are text (the mail is plain text), put in as they are. */
export function linkMailText(language: ContentLocale, values: { site: string; url: string }): { subject: string; lines: string[] } {
  const fill = (text: string) =>
    text.replace(/\{(site|url|minutes)\}/g, (_, key: string) => (key === 'minutes' ? String(VISIT_LINK_MINUTES) : values[key as 'site' | 'url']));
  const { subject, lines } = texts[language];
  return { subject: fill(subject), lines: lines.map(fill) };
}
