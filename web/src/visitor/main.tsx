import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadApiBase } from './api.ts';
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
  () => root.render(<p role="alert">The site is not available right now. Try again later.</p>),
);
