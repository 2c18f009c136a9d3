import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadApiBase } from './api.ts';
import { langTag, lastShownLanguage, stringsOf } from './i18n.ts';
import { browserLanguage } from './pages/NotFoundPage.tsx';
import { VisitorApp } from './VisitorApp.tsx';
import './visitor.css';

// The service worker keeps the site and the move's content on the phone for move day without coverage
// (sw.ts). Only the built site has one; the admin app never registers it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error) => console.warn('service worker not registered', error));
  });
}

const root = createRoot(document.getElementById('root')!);
loadApiBase().then(
  () =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <VisitorApp />
        </BrowserRouter>
      </StrictMode>,
    ),
  () => {
    // No move is known yet: the language this move's site was last shown in here, else the browser's.
    const segment = window.location.pathname.split('/')[1] ?? '';
    let path = '';
    try {
      path = decodeURIComponent(segment);
    } catch {
      // Not a move's path: the browser's language.
    }
    const language = (path && lastShownLanguage(path)) || browserLanguage();
    document.documentElement.lang = langTag(language);
    root.render(
      <main className="v-notfound">
        <p role="alert">{stringsOf(language).siteUnavailable}</p>
      </main>,
    );
  },
);
